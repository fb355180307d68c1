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
 * The statement trigger that moves the marketplace listing's generation on (migration
 * listing_generation creates the function; this DDL is what it runs): every write of `table`,
 * or with `deletesOnly` only soft and hard deletes, makes the servers drop their kept listing
 * answers. Declared on the entity so the schema diff knows it.
 */
export function listingGenerationTrigger(table: string, opts: { deletesOnly?: boolean } = {}) {
  const on = opts.deletesOnly ? 'update of deleted_at or delete' : 'insert or update or delete or truncate'
  return {
    name: `${table}_listing_generation`,
    timing: 'after' as const,
    events: opts.deletesOnly
      ? (['update', 'delete'] as ('update' | 'delete')[])
      : (['insert', 'update', 'delete', 'truncate'] as ('insert' | 'update' | 'delete' | 'truncate')[]),
    forEach: 'statement' as const,
    expression: `create trigger ${table}_listing_generation after ${on} on ${table}
  for each statement execute function bump_listing_generation();`,
  }
}

/**
 * The statement trigger that moves the pages' generation on (migration page_generation creates
 * the function; this DDL is what it runs): every write of `table` makes the servers drop the
 * signed-in pages they keep (src/pages/page-memo.ts). On every table a page shows, that is
 * all but the sessions, one-time codes, rate limits and the webhook log.
 */
export function pageGenerationTrigger(table: string) {
  return {
    name: `${table}_page_generation`,
    timing: 'after' as const,
    events: ['insert', 'update', 'delete', 'truncate'] as ('insert' | 'update' | 'delete' | 'truncate')[],
    forEach: 'statement' as const,
    expression: `create trigger ${table}_page_generation after insert or update or delete or truncate on ${table}
  for each statement execute function bump_page_generation();`,
  }
}
