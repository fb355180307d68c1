/** Payouts: coaches' Stripe Connect accounts, the transfers of each paid booking's net, reversals, balances (the front door). */

import './connect.webhook'
import './payout.jobs'

export { accountStatus, isEnabled } from './account.service'
export { type BalanceRow, coachBalance, loadScheduleMoney, type ScheduleMoney, serializeTransfer, TRANSFER_STATUSES, transferSessions, transfersPage } from './ledger.view'
export { LEDGER_SQL, type LedgerRow, netOf, scheduleMoneySql } from './ledger'
export { ConnectedAccount, ConnectPayout, PayoutReversal, PayoutTransfer } from './payout.entity'
export { REVERSE_JOB, SWEEP_JOB, sweepPayouts, TRANSFER_JOB } from './payout.jobs'
export { payoutRoutes } from './payout.routes'
export { EARNING_STATUSES, markSchedulePaid, split } from './payout.service'
export { settleSchedule, transferOnce } from './transfer.service'
export { accountOf, serializeAccount, syncAccount } from './account.service'
