import { p } from '@mikro-orm/core'

/** Columns every table has. Ids are UUID v7: unguessable, yet ordered by creation. */
export const baseProperties = {
  id: p
    .uuid()
    .primary()
    .onCreate(() => Bun.randomUUIDv7()),
  createdAt: p.datetime().onCreate(() => new Date()),
  updatedAt: p
    .datetime()
    .onCreate(() => new Date())
    .onUpdate(() => new Date()),
}

/** Soft delete: DELETE sets deletedAt; the default filter hides such rows everywhere. */
export const softDeleteProperties = {
  deletedAt: p.datetime().nullable().index(),
}

export const SOFT_DELETE = 'softDelete'

export const softDeleteFilters = {
  [SOFT_DELETE]: { name: SOFT_DELETE, cond: { deletedAt: null }, default: true },
}

/** Tenant-owned rows carry tenant_id (ready for Citus) and are scoped by this filter. */
export const TENANT = 'tenant'
export const tenantFilter = {
  [TENANT]: {
    name: TENANT,
    default: true,
    // Without a tenant in scope nothing matches: forgetting to pick a tenant never leaks rows.
    cond: (args: { tenantId?: string | null }) => ({ tenant: args?.tenantId ?? '00000000-0000-0000-0000-000000000000' }),
  },
}

/**
 * Page changes (migration page_changes; src/platform/db/changes.ts reads them): every statement
 * that writes a table a kept page or memo shows notes what it changed, as scopes computed from
 * the rows it wrote (`r`, old and new): `t:<tenant id>`, `u:<user id>`, `e:<email>`, `l` (the
 * marketplace listing), `g` (everything: global lists such as roles and tags). A kept page names
 * the scopes it depends on and is dropped by the first change to one of them that commits after it
 * was rendered, on every server (changes are read by commit order, so a write acknowledged before
 * a request is always seen by it). Declared on the entities, so the schema diff knows them.
 */
export const scope = {
  tenant: (column = 'tenant_id') => `'t:' || r.${column}`,
  user: (column = 'user_id') => `'u:' || r.${column}`,
  email: (column = 'email') => `'e:' || lower(r.${column})`,
  listing: `'l'`,
  global: `'g'`,
}

/**
 * The statement triggers that note a table's page changes: one per event (PostgreSQL's transition
 * tables take one event each). `scopes` are SQL expressions over a written row `r` (see `scope`);
 * a null one notes nothing. (A TRUNCATE is not noted: nothing of the product truncates; after one
 * by hand, restart the servers or wait for the memos' seconds.)
 */
export function pageChangeTriggers(table: string, scopes: string[]) {
  const args = scopes.map((e) => `'${e.replace(/'/g, "''")}'`).join(', ')
  const on = (event: 'insert' | 'update' | 'delete', referencing: string) => ({
    name: `${table}_page_changes_${event[0]}`,
    timing: 'after' as const,
    events: [event],
    forEach: 'statement' as const,
    expression: `create trigger ${table}_page_changes_${event[0]} after ${event} on ${table} referencing ${referencing}
  for each statement execute function note_page_changes(${args});`,
  })
  return [on('insert', 'new table as new_rows'), on('update', 'old table as old_rows new table as new_rows'), on('delete', 'old table as old_rows')]
}
