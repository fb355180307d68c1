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
      let diff: ReturnType<typeof auditDiff>
      if (verb === 'created') diff = auditDiff(null, payload, opts.omit)
      else if (cs.type === ChangeSetType.DELETE || cs.type === ChangeSetType.DELETE_EARLY) diff = auditDiff(original ?? {}, null, opts.omit)
      else {
        const was: AuditValues = {}
        for (const k of Object.keys(payload)) was[k] = original?.[k]
        diff = auditDiff(was, payload, opts.omit)
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
