/**
 * A coach's payout totals without reading every transfer they ever had: each change of a transfer
 * row's money adds a delta row (trigger payout_money_delta, insert only, so payments never wait on
 * each other for it); a job rolls the deltas up into payout_money_totals every minute (one writer).
 * A read adds the totals and the deltas not rolled up yet: exact at once, whatever the number of
 * transfers. The fee percents the rows' live fee is computed at (per plan) are the configuration's,
 * written at start (`syncFeePercents`).
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { config } from '../../config'
import { getOrm } from '../../platform/db/current'
import { schedule, work } from '../../platform/jobs'
import { PLAN_FEE_PERCENT, type TenantPlan } from '../tenants'

export interface MoneyTotals {
  currency: string
  /** transfers still to send (pending, sending), and those of them that still hold money */
  openCount: number
  openHeld: number
  /** of the open ones: paid, refunded (at most what was paid), fee; net is paid - refunded - fee */
  openPaid: number
  openRefunded: number
  openFee: number
  /** every transfer but void ones */
  allPaid: number
  allRefunded: number
  allFee: number
  /** transferred or paid outside Stripe, less reversals */
  transferred: number
}

const COLUMNS = ['open_count', 'open_held', 'open_paid', 'open_refunded', 'open_fee', 'all_paid', 'all_refunded', 'all_fee', 'transferred'] as const
const n = (v: unknown) => Number(v ?? 0)

/** A coach's totals per currency, in one team or (tenantId null) in all of them: one statement. */
export async function moneyTotals(em: EntityManager, coachId: string, tenantId: string | null = null): Promise<MoneyTotals[]> {
  const sums = COLUMNS.map((c) => `coalesce(sum(${c}), 0)::bigint as ${c}`).join(', ')
  const cols = COLUMNS.join(', ')
  const rows = await em.execute<any[]>(
    `select currency, ${sums} from (
       select currency, ${cols} from payout_money_totals where coach_id = ? and (?::uuid is null or tenant_id = ?::uuid)
       union all
       select currency, ${cols} from payout_money_deltas where coach_id = ? and (?::uuid is null or tenant_id = ?::uuid)
     ) x group by currency order by currency`,
    [coachId, tenantId, tenantId, coachId, tenantId, tenantId],
  )
  return rows.map((r) => ({
    currency: r.currency,
    openCount: n(r.open_count),
    openHeld: n(r.open_held),
    openPaid: n(r.open_paid),
    openRefunded: n(r.open_refunded),
    openFee: n(r.open_fee),
    allPaid: n(r.all_paid),
    allRefunded: n(r.all_refunded),
    allFee: n(r.all_fee),
    transferred: n(r.transferred),
  }))
}

/** Moves every delta there is into the totals (in one transaction; deltas written meanwhile wait for the next). Answers how many. */
export async function rollUpPayoutMoney(em: EntityManager): Promise<number> {
  const sums = COLUMNS.map((c) => `sum(${c})`).join(', ')
  const add = COLUMNS.map((c) => `${c} = t.${c} + excluded.${c}`).join(', ')
  const [r] = await em.execute<{ n: string }[]>(
    `with moved as (delete from payout_money_deltas returning *),
          added as (insert into payout_money_totals as t (coach_id, tenant_id, currency, ${COLUMNS.join(', ')})
                    select coach_id, tenant_id, currency, ${sums} from moved group by 1, 2, 3
                    on conflict (coach_id, tenant_id, currency) do update set ${add} returning 1)
     select count(*) as n from moved`,
  )
  return n(r?.n)
}

/**
 * Writes the fee percent of each plan (the configuration's) for the transfer rows' live fee, and
 * has the open rows of a plan whose percent changed compute theirs again (sent rows keep theirs).
 */
export async function syncFeePercents(em: EntityManager) {
  for (const plan of Object.keys(PLAN_FEE_PERCENT) as TenantPlan[]) {
    const percent = PLAN_FEE_PERCENT[plan] ?? config.PLATFORM_FEE_PERCENT
    const [row] = await em.execute<{ percent: number }[]>('select percent from payout_fee_percents where plan = ?', [plan])
    if (row && Number(row.percent) === percent) continue
    await em.execute('insert into payout_fee_percents (plan, percent) values (?, ?) on conflict (plan) do update set percent = excluded.percent', [
      plan,
      percent,
    ])
    // The fill trigger computes the live fee again on any update of the row.
    await em.execute(
      `update payout_transfers t set paid = t.paid from tenants tn
        where tn.id = t.tenant_id and tn.plan = ? and t.state in ('pending', 'sending') and t.fee_percent is null`,
      [plan],
    )
  }
}

export const ROLL_UP_JOB = 'payouts.roll-up'
work(ROLL_UP_JOB, async () => {
  await rollUpPayoutMoney(getOrm().em.fork() as EntityManager)
})
schedule(ROLL_UP_JOB, '* * * * *')
