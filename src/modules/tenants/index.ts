/** Tenants: the front door for the rest of the app (more exports join as code moves behind it). */
export { Tenant, Membership, TENANT_PLANS, MEMBER_STATUSES, type TenantPlan, type MemberStatus } from './tenant.entity'
export { PLAN_LIMITS, planAllows } from './plans'
