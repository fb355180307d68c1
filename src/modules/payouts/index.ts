/** Payouts: what coaches are owed for their workshops and what was paid (the front door). */

export { payoutRoutes } from './payout.routes'
export { EARNING_STATUSES, split } from './payout.service'
