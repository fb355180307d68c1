/** Tenants: the front door for the rest of the app (more exports join as code moves behind it). */

export { PLAN_FEE_PERCENT, PLAN_LIMITS, planAllows, platformFeePercent } from './plans'
export { MEMBER_STATUSES, type MemberStatus, Membership, TENANT_PLANS, Tenant, type TenantPlan } from './tenant.entity'
export { tenantRoutes } from './tenant.routes'
