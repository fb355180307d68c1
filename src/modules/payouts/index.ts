/** Payouts: what coaches are owed for their workshops and what was paid (the front door). */

export { payoutRoutes } from './payout.routes'
export { EARNED_STATUSES, EARNING_STATUSES, earnedSql, split } from './payout.service'
