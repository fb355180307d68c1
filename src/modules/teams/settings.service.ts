/**
 * A team's settings page: its name, slug, currency, default refund policy and plan, the plan's limits in use (counted
 * by the very functions the limit checks call) and what each plan allows.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { countOpenJobPostings } from '../job-postings'
import { Membership, PLAN_LIMITS, TENANT_PLANS, type Tenant, type TenantPlan } from '../tenants'
import { countPublishedSchedules } from '../workshops'

export async function teamSettings(em: EntityManager, tenant: Tenant) {
  const limits = PLAN_LIMITS[tenant.plan as TenantPlan]
  const published = await countPublishedSchedules(em, tenant.id)
  const open = await countOpenJobPostings(em, tenant.id)
  const members = await em.count(Membership, { tenant: tenant.id, status: 'ACTIVE' })
  return {
    id: tenant.id,
    name: tenant.name,
    slug: tenant.slug,
    currency: tenant.currency,
    plan: tenant.plan as string,
    refundPolicy: tenant.refundPolicy ?? null,
    members,
    limits: {
      publishedSchedules: { used: published, max: limits.publishedSchedules },
      openJobPostings: { used: open, max: limits.openJobPostings },
    },
    plans: TENANT_PLANS.map((plan) => ({ plan, ...PLAN_LIMITS[plan] })),
  }
}
export type TeamSettings = Awaited<ReturnType<typeof teamSettings>>
