import type { EntityManager } from '@mikro-orm/postgresql'
import { config } from '../../config'
import { clock } from '../../platform/clock'
import { lockRow, transaction } from '../../platform/db/after-commit'
import { conflict } from '../../platform/http/errors'
import { feeOf, netOf, planFeeSql } from './ledger'
import { bookingMoney, settleSchedule } from './transfer.service'

/** Bookings that earned money for the coach: paid and not cancelled. */
export const EARNING_STATUSES = `('CONFIRMED', 'COMPLETED', 'NO_SHOW')`

/** The platform keeps PLATFORM_FEE_PERCENT of the revenue (rounded to the minor unit); the coach gets the rest. */
export function split(revenue: number, percent = config.PLATFORM_FEE_PERCENT) {
  const fee = Math.round((revenue * percent) / 100)
  return { revenue, fee, net: revenue - fee, feePercent: percent }
}

/**
 * A super-admin marks a schedule's payout paid: its money was paid outside Stripe. Every
 * booking still waiting is settled as paid outside Stripe (state `manual`, amounts frozen) in
 * the same transaction, so the transfer job never pays it again. Refused while a transfer of it
 * is being made, or when the schedule has not ended.
 */
export async function markSchedulePaid(em: EntityManager, scheduleId: string, at = clock.now()) {
  await transaction(em.fork() as EntityManager, async (tem) => {
    const [s] = await tem.execute<any[]>(`select id, end_date, payout_status from workshop_schedules where id = ? for update`, [scheduleId])
    if (new Date(s.end_date) > at) throw conflict('A payout is made once its schedule has ended.')
    if (s.payout_status === 'paid') throw conflict('This payout is already marked paid.')
    const open = await tem.execute<any[]>(
      `select t.id, t.booking_id from payout_transfers t where t.workshop_schedule_id = ? and t.state in ('pending', 'sending') order by t.booking_id`,
      [scheduleId],
    )
    for (const o of open) {
      // Booking rows first (the order of every booking path), then each transfer row.
      await lockRow(tem, 'bookings', o.booking_id)
      const [t] = await tem.execute<any[]>(
        `select t.state, ${planFeeSql('tn')} as plan_fee from payout_transfers t join tenants tn on tn.id = t.tenant_id where t.id = ? for update of t`,
        [o.id],
      )
      if (t.state === 'sending') throw conflict('A transfer of this payout is being made right now. Try again in a minute.')
      if (t.state !== 'pending') continue
      const m = await bookingMoney(tem, o.booking_id)
      const pct = Number(t.plan_fee)
      const base = Math.max(m.gross - m.refunded, 0)
      await tem.execute(
        `update payout_transfers set state = 'manual', gross = ?, refunded = ?, fee = ?, fee_percent = ?, amount = ?, transferred_at = ?, updated_at = now() where id = ?`,
        [m.gross, m.refunded, feeOf(base, pct), pct, netOf(base, pct), at, o.id],
      )
    }
    await tem.execute(`update workshop_schedules set payout_status = 'paid', paid_out_at = ?, updated_at = now() where id = ?`, [at, scheduleId])
  })
  await settleSchedule(em, scheduleId)
}
