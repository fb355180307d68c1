/**
 * The audit log: an append-only record, per team, of every change to its business, written in
 * the transaction of the change. Entities opt in with one line (`audited()`); the ORM's flushes
 * are recorded by the subscriber, writes in SQL call `recordAudit`. See the README's "Audit log".
 */
export { type AuditActor, asAuditActor, currentAuditActor, setAuditActor } from './actor'
export { AuditEntry } from './audit.entity'
export { type AuditRecord, type AuditValues, auditDiff, auditValue, recordAudit } from './record'
export { type AuditOptions, type AuditVerb, audited, auditedResources } from './registry'
export { auditSubscriber } from './subscriber'
