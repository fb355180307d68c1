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
