/**
 * The audit log's reading side: the team's log for managers (`/v1/t/audit`, the /c/audit page)
 * and every team's for super-admins (`/v1/audit`). The recording side is the platform's
 * (src/platform/audit: entities opt in with `audited()`).
 */

export { auditRoutes } from './audit.routes'
export { AUDIT_RESOURCES, AuditEntryView, AuditQuerySchema } from './audit.schema'
export { type AuditEntryRow, type AuditFilters, auditPage } from './audit.service'
