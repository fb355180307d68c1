/**
 * Writing audit rows: the shape of the before/after values, and `recordAudit` for changes made
 * in SQL (the ORM's flushes are recorded by subscriber.ts). Call it with the EntityManager of
 * the transaction that makes the change, so both commit or neither does.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { type AuditActor, currentAuditActor } from './actor'
import { ALWAYS_OMITTED, SECRET_NAME } from './registry'

export type AuditValues = Record<string, unknown>

/** A value as the log keeps it: dates as ISO text, related rows as their id, nothing binary. */
export function auditValue(value: unknown): unknown {
  if (value === undefined) return null
  if (value === null || typeof value !== 'object') return typeof value === 'bigint' ? value.toString() : value
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString()
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return '[binary]'
  const v = value as Record<string, any>
  // A related entity or a reference to one: its id.
  if (v.__helper || v.__reference || typeof v.unwrap === 'function') {
    const target = typeof v.unwrap === 'function' ? v.unwrap() : v
    return target?.id ?? target?.__helper?.getSerializedPrimaryKey?.() ?? null
  }
  if (Array.isArray(value)) return value.map(auditValue)
  const out: Record<string, unknown> = {}
  for (const [k, x] of Object.entries(v)) if (!SECRET_NAME.test(k)) out[k] = auditValue(x)
  return out
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/**
 * The fields that differ between two snapshots, each side with only those fields (secrets and
 * bookkeeping columns left out). For a creation pass `before` null, for a deletion `after` null.
 */
export function auditDiff(before: AuditValues | null, after: AuditValues | null, omit: readonly string[] = []) {
  const skip = (k: string) => ALWAYS_OMITTED.has(k) || SECRET_NAME.test(k) || omit.includes(k)
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})].filter((k) => !skip(k)))
  const b: AuditValues = {}
  const a: AuditValues = {}
  for (const k of keys) {
    const was = auditValue(before?.[k])
    const now = auditValue(after?.[k])
    if (before && after && same(was, now)) continue
    if (before) b[k] = was
    if (after) a[k] = now
  }
  const changed = [...new Set([...Object.keys(b), ...Object.keys(a)])]
  return { before: before ? b : null, after: after ? a : null, changed }
}

export interface AuditRecord {
  tenantId: string | null
  action: string
  resource: string
  resourceId?: string | null
  before?: AuditValues | null
  after?: AuditValues | null
  /** Whose resource it was, recorded when a super-admin acted. */
  ownerId?: string | null
}

/** The row as stored: the change plus who, from where, on whose behalf. */
export function auditRow(rec: AuditRecord, actor: AuditActor & { via: string } = currentAuditActor()) {
  const superAdmin = actor.role === 'super-admin'
  return {
    id: Bun.randomUUIDv7(),
    createdAt: new Date(),
    tenantId: rec.tenantId,
    actorId: actor.userId ?? null,
    actorRole: actor.role ?? null,
    onBehalfOfId: superAdmin && rec.ownerId && rec.ownerId !== actor.userId ? rec.ownerId : null,
    via: actor.via,
    action: rec.action.slice(0, 64),
    resource: rec.resource.slice(0, 48),
    resourceId: rec.resourceId ? String(rec.resourceId).slice(0, 64) : null,
    before: rec.before ? (auditValue(rec.before) as AuditValues) : null,
    after: rec.after ? (auditValue(rec.after) as AuditValues) : null,
    ip: actor.ip?.slice(0, 64) ?? null,
    requestId: actor.requestId?.slice(0, 64) ?? null,
  }
}

/**
 * Records a change made in SQL, in the transaction of `em` (open one around the change and
 * this call). Values go through `auditValue`: secrets by name never reach the row.
 */
export async function recordAudit(em: EntityManager, rec: AuditRecord) {
  const r = auditRow(rec)
  await em.execute(
    `insert into audit_log (id, created_at, tenant_id, actor_id, actor_role, on_behalf_of_id, via, action, resource, resource_id, before, after, ip, request_id)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?, ?)`,
    [
      r.id,
      r.createdAt,
      r.tenantId,
      r.actorId,
      r.actorRole,
      r.onBehalfOfId,
      r.via,
      r.action,
      r.resource,
      r.resourceId,
      r.before ? JSON.stringify(r.before) : null,
      r.after ? JSON.stringify(r.after) : null,
      r.ip,
      r.requestId,
    ],
  )
}
