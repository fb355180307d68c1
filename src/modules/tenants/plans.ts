import type { TenantPlan } from './tenant.entity'

/** What each plan allows; the only place plan limits live. `null` = unlimited. */
export const PLAN_LIMITS: Record<TenantPlan, { publishedSchedules: number | null; openJobPostings: number | null }> = {
  free: { publishedSchedules: 3, openJobPostings: 1 },
  pro: { publishedSchedules: 50, openJobPostings: 20 },
  enterprise: { publishedSchedules: null, openJobPostings: null },
}

export function planAllows(plan: TenantPlan, limit: keyof (typeof PLAN_LIMITS)['free'], current: number) {
  const max = PLAN_LIMITS[plan][limit]
  return max === null || current < max
}

/**
 * The platform's share of a booking's revenue per plan, in percent; `null` = PLATFORM_FEE_PERCENT.
 * Payouts read it for the tenant of each booking (and keep the percent a transfer was made with).
 */
export const PLAN_FEE_PERCENT: Record<TenantPlan, number | null> = { free: null, pro: null, enterprise: null }

export const platformFeePercent = (plan: TenantPlan | null | undefined, fallback: number) => (plan ? (PLAN_FEE_PERCENT[plan] ?? fallback) : fallback)
