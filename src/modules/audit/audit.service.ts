/**
 * Reading the audit log: one team's (managers) or every team's (super-admins), newest first,
 * filtered by actor, action, resource and time; paged by offset on the (tenant, created_at, id)
 * index, the total counted up to AUDIT_COUNT_CAP rows.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { isId } from '../../platform/http/ids'
import { AUDIT_COUNT_CAP, dayEnd, dayStart } from './audit.schema'

export interface AuditFilters {
  /** One team, or every team (super-admins) when null. */
  tenantId: string | null
  actor?: string
  action?: string
  resource?: string
  from?: string
  to?: string
}

const NONE = '00000000-0000-0000-0000-000000000000'
const name = (p: { first_name?: string | null; last_name?: string | null; username?: string | null; email?: string | null; deleted?: boolean }) =>
  p.deleted ? 'Deleted user' : [p.first_name, p.last_name].filter(Boolean).join(' ') || p.username || p.email || 'Unknown'

async function where(em: EntityManager, f: AuditFilters) {
  const clauses: string[] = []
  const params: unknown[] = []
  if (f.tenantId) clauses.push('a.tenant_id = ?') && params.push(f.tenantId)
  if (f.actor) {
    let actorId = isId(f.actor) ? f.actor : null
    if (!actorId) {
      const [u] = await em.execute<{ id: string }[]>('select id from users where lower(email) = lower(?) limit 1', [f.actor])
      actorId = u?.id ?? NONE
    }
    clauses.push('a.actor_id = ?') && params.push(actorId)
  }
  if (f.action) {
    if (f.action.includes('.')) clauses.push('a.action = ?') && params.push(f.action)
    else clauses.push('a.resource = ?') && params.push(f.action)
  }
  if (f.resource) clauses.push('a.resource = ?') && params.push(f.resource)
  if (f.from) clauses.push('a.created_at >= ?') && params.push(dayStart(f.from))
  if (f.to) clauses.push('a.created_at < ?') && params.push(dayEnd(f.to))
  return { sql: clauses.length ? `where ${clauses.join(' and ')}` : '', params }
}

/** One page of the log, newest first, with people's names and the team. */
export async function auditPage(em: EntityManager, f: AuditFilters, perPage: number, offset: number) {
  const w = await where(em, f)
  const rows = await em.execute<any[]>(
    `select a.*, t.slug as tenant_slug, t.name as tenant_name,
            u.email as actor_email, u.username as actor_username, u.profile->>'firstName' as actor_first, u.profile->>'lastName' as actor_last, u.deleted_at is not null as actor_deleted,
            o.email as owner_email, o.username as owner_username, o.profile->>'firstName' as owner_first, o.profile->>'lastName' as owner_last, o.deleted_at is not null as owner_deleted
       from (select * from audit_log a ${w.sql} order by a.created_at desc, a.id desc limit ? offset ?) a
       left join tenants t on t.id = a.tenant_id
       left join users u on u.id = a.actor_id
       left join users o on o.id = a.on_behalf_of_id
      order by a.created_at desc, a.id desc`,
    [...w.params, perPage, offset],
  )
  let total = offset + rows.length
  if (rows.length === perPage || (!rows.length && offset > 0)) {
    const [c] = await em.execute<{ n: number }[]>(`select count(*)::int as n from (select 1 from audit_log a ${w.sql} limit ?) x`, [
      ...w.params,
      AUDIT_COUNT_CAP,
    ])
    total = Number(c?.n ?? 0)
  }
  return { total, rows: rows.map(serializeEntry) }
}

const person = (id: string | null, p: { first?: string; last?: string; username?: string; email?: string; deleted?: boolean }) =>
  id
    ? {
        id,
        name: name({ first_name: p.first, last_name: p.last, username: p.username, email: p.email, deleted: p.deleted }),
        email: p.deleted ? null : (p.email ?? null),
      }
    : null

const json = (x: unknown) => (typeof x === 'string' ? JSON.parse(x) : (x ?? null))

export function serializeEntry(r: any) {
  return {
    id: r.id as string,
    at: new Date(r.created_at),
    tenant: r.tenant_id ? { id: r.tenant_id as string, slug: (r.tenant_slug ?? null) as string | null, name: (r.tenant_name ?? null) as string | null } : null,
    actor: person(r.actor_id, { first: r.actor_first, last: r.actor_last, username: r.actor_username, email: r.actor_email, deleted: r.actor_deleted }),
    actorRole: (r.actor_role ?? null) as string | null,
    onBehalfOf: person(r.on_behalf_of_id, {
      first: r.owner_first,
      last: r.owner_last,
      username: r.owner_username,
      email: r.owner_email,
      deleted: r.owner_deleted,
    }),
    via: r.via as string,
    action: r.action as string,
    resource: r.resource as string,
    resourceId: (r.resource_id ?? null) as string | null,
    before: json(r.before) as Record<string, unknown> | null,
    after: json(r.after) as Record<string, unknown> | null,
    ip: (r.ip ?? null) as string | null,
    requestId: (r.request_id ?? null) as string | null,
  }
}
export type AuditEntryRow = ReturnType<typeof serializeEntry>
