import { defineEntity, p } from '@mikro-orm/core'

/**
 * One page change: a scope a committed (or running) statement changed (schemas.ts pageChangeTriggers
 * write them, changes.ts reads them in commit order by `xid`). Pruned after ten minutes by the
 * housekeeping sweep: servers read them within a second.
 */
export const PageChangeSchema = defineEntity({
  name: 'PageChange',
  tableName: 'page_changes',
  indexes: [{ name: 'page_changes_xid_idx', expression: 'create index "page_changes_xid_idx" on "page_changes" ("xid")' }],
  properties: {
    id: p.bigint().primary().autoincrement(),
    xid: p.string().columnType('xid8').defaultRaw('pg_current_xact_id()'),
    scope: p.text(),
    at: p.datetime().defaultRaw('now()'),
  },
})
export class PageChange extends PageChangeSchema.class {}
PageChangeSchema.setClass(PageChange)
