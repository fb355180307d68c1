import { defineEntity, p } from '@mikro-orm/core'
import { pageChangeTriggers, scope } from '../db/schemas'

/**
 * One change of a team's business (src/platform/audit): who (the user, their role when a
 * super-admin acted, the person whose resource it was), what (action, resource and its id, the
 * changed fields before and after), when, and from where (address, request id). Written in the
 * transaction of the change it records; append-only: the trigger `audit_log_append_only`
 * (migration audit_trust) refuses every UPDATE and TRUNCATE, and a DELETE unless the retention
 * job (`audit.prune`) marked the row's age as past AUDIT_RETENTION_DAYS in its own transaction.
 * Ids of people and teams are plain columns, not foreign keys: rows outlive what they name.
 */
export const AuditEntrySchema = defineEntity({
  name: 'AuditEntry',
  tableName: 'audit_log',
  triggers: [
    {
      name: 'audit_log_append_only',
      timing: 'before',
      events: ['update', 'delete'],
      forEach: 'row',
      expression: `create trigger audit_log_append_only before update or delete on audit_log
  for each row execute function audit_log_append_only();`,
    },
    // The /c/audit page reads it: its writes note the team's page changes.
    ...pageChangeTriggers('audit_log', [scope.tenant()]),
  ],
  // The team's log newest first (read backwards: created_at, id), its filters, every team's log
  // (super-admins) and the retention job.
  indexes: [
    { name: 'audit_log_tenant_created_index', properties: ['tenantId', 'createdAt', 'id'] },
    { name: 'audit_log_tenant_resource_index', properties: ['tenantId', 'resource', 'createdAt'] },
    { name: 'audit_log_actor_index', properties: ['actorId', 'createdAt'] },
    { name: 'audit_log_created_index', properties: ['createdAt', 'id'] },
  ],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => Bun.randomUUIDv7()),
    createdAt: p.datetime().onCreate(() => new Date()),
    tenantId: p.uuid().nullable(),
    actorId: p.uuid().nullable(),
    /** `super-admin` when an operator acted; null for a member of the team. */
    actorRole: p.string().length(32).nullable(),
    /** Whose resource it was, when a super-admin changed another person's (a coach's workshop). */
    onBehalfOfId: p.uuid().nullable(),
    /** session, token, job or system. */
    via: p.string().length(16),
    /** `<resource>.<verb>`: workshop.updated, member.removed, refund.issued... */
    action: p.string().length(64),
    resource: p.string().length(48),
    resourceId: p.string().length(64).nullable(),
    before: p.json<Record<string, unknown>>().nullable(),
    after: p.json<Record<string, unknown>>().nullable(),
    ip: p.string().length(64).nullable(),
    requestId: p.string().length(64).nullable(),
  },
})
export class AuditEntry extends AuditEntrySchema.class {}
AuditEntrySchema.setClass(AuditEntry)
