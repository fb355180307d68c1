/**
 * The payout jobs (pg-boss): `payouts.sweep` every 5 minutes transfers what became due (and
 * takes over transfers a stopped worker left half-way, and reverses refunds that came after a
 * transfer); `payouts.transfer` retries one booking's transfer; `payouts.reverse` follows a
 * cancelled booking's refund. Every step is safe to run twice, in parallel, on any server.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { config } from '../../config'
import { clock } from '../../platform/clock'
import { afterCommit } from '../../platform/db/after-commit'
import { getOrm } from '../../platform/db/current'
import { enqueue, schedule, work } from '../../platform/jobs'
import { log } from '../../platform/log'
import { onBookingCancelled } from '../bookings'
import { onAccountEnabled } from './account.service'
import { reverseRefunds } from './reversal.service'
import { transferOnce } from './transfer.service'

export const TRANSFER_JOB = 'payouts.transfer'
export const REVERSE_JOB = 'payouts.reverse'
export const SWEEP_JOB = 'payouts.sweep'

const fresh = () => getOrm().em.fork() as EntityManager
const errText = (err: unknown) => (err instanceof Error ? err.message : String(err))

/**
 * Transfers every due booking (of one coach, or all), takes over transfers whose worker stopped
 * (their lease ran out) and sends the reversals refunds call for. Answers what it did.
 */
export async function sweepPayouts(at = clock.now(), opts: { coachId?: string | null } = {}) {
  const em = fresh()
  const coach = opts.coachId ?? null
  const due = await em.execute<any[]>(
    `select t.id from payout_transfers t join bookings b on b.id = t.booking_id left join workshop_schedules s on s.id = t.workshop_schedule_id
       left join connected_accounts a on a.user_id = t.coach_id
      where (?::uuid is null or t.coach_id = ?::uuid)
        and ((t.state = 'pending' and coalesce(s.end_date, b.ends_at) + make_interval(hours => ${config.PAYOUT_REFUND_WINDOW_HOURS}) <= ? and a.payouts_enabled and a.transfers_active)
          or (t.state = 'sending' and (t.lease_until is null or t.lease_until <= ?)))
      order by coalesce(s.end_date, b.ends_at), t.id limit 500`,
    [coach, coach, at, at],
  )
  let transferred = 0
  for (const r of due) {
    try {
      if ((await transferOnce(r.id, at)) === 'transferred') transferred++
    } catch (err) {
      log.warn({ transferId: r.id, err: errText(err) }, 'transfer not made yet: queued for retry')
      await enqueue(TRANSFER_JOB, { transferId: r.id }, { singletonKey: r.id }).catch(() => {})
    }
  }
  const toReverse = await em.execute<any[]>(
    `select t.id from payout_transfers t
      where t.state = 'transferred' and (?::uuid is null or t.coach_id = ?::uuid)
        and (t.refunds_done > t.refunded
          or exists (select 1 from payout_reversals r where r.transfer_id = t.id and r.status = 'pending' and (r.lease_until is null or r.lease_until <= ?)))
      limit 500`,
    [coach, coach, at],
  )
  let reversed = 0
  for (const r of toReverse) {
    try {
      reversed += await reverseRefunds(r.id, at)
    } catch (err) {
      log.warn({ transferId: r.id, err: errText(err) }, 'reversal not made yet (the next sweep tries again)')
    }
  }
  return { transferred, reversed }
}

/** A coach's account can receive transfers now: what waited for it goes at once. */
export async function transfersBecameDue(coachId: string) {
  const id = await enqueue(SWEEP_JOB, { coachId }, { singletonKey: `coach-${coachId}` }).catch(() => null)
  if (!id) await sweepPayouts(clock.now(), { coachId }).catch((err) => log.warn({ coachId, err: errText(err) }, 'payout sweep failed'))
}
onAccountEnabled(transfersBecameDue)

work<{ transferId: string }>(TRANSFER_JOB, async ({ transferId }) => void (await transferOnce(transferId)), {
  retryLimit: 10,
  retryDelay: config.NODE_ENV === 'test' ? 1 : 30,
  retryBackoff: true,
})

/** After a paid booking's cancellation: once its refund went through, the coach's share comes back. */
work<{ bookingId: string }>(
  REVERSE_JOB,
  async ({ bookingId }) => {
    const em = fresh()
    const [t] = await em.execute<any[]>(`select id, state from payout_transfers where booking_id = ?`, [bookingId])
    if (t?.state !== 'transferred') return
    const [{ pending }] = await em.execute<any[]>(
      `select count(*)::int as pending from payments where booking_id = ? and kind = 'refund' and status = 'pending'`,
      [bookingId],
    )
    // Retried with backoff until the refund is through (the sweep would catch it anyway).
    if (Number(pending) > 0) throw new Error('refund not through yet')
    await reverseRefunds(t.id)
  },
  { retryLimit: 8, retryDelay: config.NODE_ENV === 'test' ? 1 : 15, retryBackoff: true },
)

work<{ coachId?: string }>(SWEEP_JOB, async ({ coachId }) => {
  const r = await sweepPayouts(clock.now(), { coachId: coachId ?? null })
  if (r.transferred || r.reversed) log.info(r, 'payout sweep')
})
schedule(SWEEP_JOB, '*/5 * * * *')

onBookingCancelled(async (booking, tem) => {
  if (booking.amountPaid <= 0) return
  const bookingId = booking.id
  await afterCommit(tem, () => enqueue(REVERSE_JOB, { bookingId }, { singletonKey: bookingId, startAfter: new Date(Date.now() + 2000) }).then(() => {}))
})
