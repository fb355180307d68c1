/** Payouts: coaches' Stripe Connect accounts, the transfers of each paid booking's net, reversals, balances (the front door). */

import './connect.webhook'
import './payout.jobs'

export { accountOf, accountStatus, isEnabled, serializeAccount, syncAccount } from './account.service'
export { LEDGER_SQL, type LedgerRow, netOf, scheduleMoneySql } from './ledger'
export {
  type BalanceRow,
  coachBalance,
  loadScheduleMoney,
  type ScheduleMoney,
  serializeTransfer,
  TRANSFER_STATUSES,
  transferSessions,
  transfersPage,
} from './ledger.view'
export { ConnectedAccount, ConnectPayout, PayoutFeePercent, PayoutMoneyDelta, PayoutMoneyTotal, PayoutReversal, PayoutTransfer } from './payout.entity'
export { REVERSE_JOB, SWEEP_JOB, sweepPayouts, TRANSFER_JOB } from './payout.jobs'
export { payoutRoutes } from './payout.routes'
export { EARNING_STATUSES, markSchedulePaid, split } from './payout.service'
export { type MoneyTotals, moneyTotals, ROLL_UP_JOB, rollUpPayoutMoney, syncFeePercents } from './totals'
export { settleSchedule, transferOnce } from './transfer.service'
