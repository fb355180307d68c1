/**
 * The audit log's one recorder of ORM writes: on every flush it looks at the change sets of
 * the entities that opted in (`audited()` in registry.ts) and adds one audit row per change to
 * the same unit of work, so the rows are inserted in the flush's own transaction (a rollback
 * takes them too). Updates record only the fields that changed, before and after; an update
 * that touches nothing recorded (a sync stamp) records nothing.
 */
import { ChangeSetType, type EventSubscriber, type FlushEventArgs, wrap } from '@mikro-orm/core'
import { currentAuditActor } from './actor'
import { AuditEntry } from './audit.entity'
import { type AuditValues, auditDiff, auditRow, auditValue } from './record'
import { type AuditOptions, type AuditVerb, auditOptionsOf } from './registry'

function tenantOf(opts: AuditOptions, entity: any, actorTenant: string | null | undefined): string | null {
  const from = opts.tenant ?? 'tenant'
  if (from === 'self') return entity.id ?? null
  if (from === 'request') return actorTenant ?? null
  return (auditValue(entity[from]) as string | null) ?? actorTenant ?? null
}

function verbOf(type: ChangeSetType, payload: AuditValues, original: AuditValues | undefined): AuditVerb {
  if (type === ChangeSetType.CREATE) return 'created'
  if (type === ChangeSetType.DELETE || type === ChangeSetType.DELETE_EARLY) return 'deleted'
  if ('deletedAt' in payload) {
    if (payload.deletedAt && !original?.deletedAt) return 'deleted'
    if (!payload.deletedAt && original?.deletedAt) return 'restored'
  }
  return 'updated'
}

/**
 * The entity's own (JavaScript) values of these properties: a change set's payload holds some in
 * their database form (arrays as `{a,b}`, JSON as text).
 */
function current(entity: any, keys: string[]): AuditValues {
  const out: AuditValues = {}
  for (const k of keys) out[k] = entity[k]
  return out
}

/** A snapshot's values back in their JavaScript form (JSON and arrays kept as text by some types). */
function snapshotValues(meta: any, snapshot: AuditValues | undefined, keys: string[], platform: unknown): AuditValues {
  const out: AuditValues = {}
  for (const k of keys) {
    let value = snapshot?.[k]
    const type = meta.properties?.[k]?.customType
    if (typeof value === 'string' && type?.convertToJSValue && /json|array/i.test(type.constructor?.name ?? '')) {
      try {
        value = type.convertToJSValue(value, platform)
      } catch {
        // Kept as stored.
      }
    }
    out[k] = value
  }
  return out
}

export const auditSubscriber: EventSubscriber = {
  onFlush({ em, uow }: FlushEventArgs) {
    let actor: ReturnType<typeof currentAuditActor> | undefined
    const rows: ReturnType<typeof auditRow>[] = []
    for (const cs of uow.getChangeSets()) {
      const opts = auditOptionsOf(cs.meta.className)
      if (!opts) continue
      const entity = cs.entity as any
      const original = (cs.originalEntity ?? (wrap(entity, true) as any).__originalEntityData) as AuditValues | undefined
      const payload = (cs.payload ?? {}) as AuditValues
      const verb = verbOf(cs.type, payload, original)
      const platform = em.getPlatform()
      let diff: ReturnType<typeof auditDiff>
      if (verb === 'created') diff = auditDiff(null, current(entity, Object.keys(payload)), opts.omit)
      else if (cs.type === ChangeSetType.DELETE || cs.type === ChangeSetType.DELETE_EARLY)
        diff = auditDiff(snapshotValues(cs.meta, original, Object.keys(original ?? {}), platform), null, opts.omit)
      else {
        const keys = Object.keys(payload)
        diff = auditDiff(snapshotValues(cs.meta, original, keys, platform), current(entity, keys), opts.omit)
        if (!diff.changed.length) continue
      }
      const action = opts.action ? opts.action(verb, diff.changed, entity) : `${opts.resource}.${verb}`
      if (!action) continue
      actor ??= currentAuditActor()
      rows.push(
        auditRow(
          {
            tenantId: tenantOf(opts, entity, actor.tenantId),
            action,
            resource: opts.resource,
            resourceId: cs.getSerializedPrimaryKey?.() ?? entity.id ?? null,
            before: diff.before,
            after: diff.after,
            ownerId: opts.owner ? (auditValue(entity[opts.owner]) as string | null) : null,
          },
          actor,
        ),
      )
    }
    for (const row of rows) uow.computeChangeSet(em.create(AuditEntry, row))
  },
}
