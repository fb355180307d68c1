/**
 * Paying a booking's net to its coach, exactly once, whatever is retried, duplicated or killed.
 *
 *  1. Claim (one short transaction, the booking row locked first as on every booking path, then
 *     the transfer row): check the money is due (the session ended and the refund window
 *     passed), the coach's account can receive it and no refund is on its way; freeze gross,
 *     refunds, fee and amount; state `sending` under a lease. A second worker that finds a live
 *     lease does nothing.
 *  2. Call Stripe with the row's idempotency key (`summit-transfer-<row id>-<attempt>`),
 *     `source_transaction` (the charge) and `transfer_group` (`booking-<id>`). No lock is held.
 *  3. Record the transfer id (only while still `sending`).
 *
 * A crash between 2 and 3 leaves a `sending` row whose lease runs out: the next run asks Stripe
 * first (transfers of the booking's transfer_group carrying this row's id) and records what it
 * finds, else replays the same idempotency key (Stripe answers the first result). A call Stripe
 * refused (4xx) made nothing: the row goes back to `pending` with the next attempt number.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import Stripe from 'stripe'
import { clock } from '../../platform/clock'
import { lockRow, transaction } from '../../platform/db/after-commit'
import { getOrm } from '../../platform/db/current'
import { log } from '../../platform/log'
import { isMissing, stripe } from '../payments'
import { syncAccount } from './account.service'
import { dueAt, feeOf, netOf, planFeeSql } from './ledger'
import { ConnectedAccount } from './payout.entity'

/** How long a worker may take over a Stripe call before another one may take the row over. */
export const LEASE_MS = 2 * 60_000
export const transferGroup = (bookingId: string) => `booking-${bookingId}`
export const transferKey = (id: string, attempt: number) => `summit-transfer-${id}-${attempt}`

export type TransferOutcome = 'transferred' | 'done' | 'busy' | 'waiting' | 'void' | 'refused' | 'nothing'

interface Claimed {
  id: string
  booking_id: string
  workshop_schedule_id: string | null
  coach_id: string
  currency: string
  amount: number
  attempt: number
  destination: string
  source_charge: string | null
}

type Claim = { kind: 'stop'; outcome: TransferOutcome } | { kind: 'send'; row: Claimed; reconcile: boolean }

const fresh = () => getOrm().em.fork() as EntityManager

/** The booking's money now (recorded payments and refund rows) and its biggest charge. */
export async function bookingMoney(em: EntityManager, bookingId: string) {
  const [m] = await em.execute<any[]>(
    `select coalesce(sum(amount) filter (where kind = 'payment' and status in ('succeeded', 'refunded')), 0)::int as gross,
            coalesce(sum(amount) filter (where kind = 'refund' and status in ('pending', 'succeeded')), 0)::int as refunded,
            count(*) filter (where kind = 'refund' and status = 'pending')::int as refunds_pending,
            (array_agg(charge_id order by amount desc) filter (where kind = 'payment' and status in ('succeeded', 'refunded') and charge_id is not null))[1] as charge,
            (array_agg(amount order by amount desc) filter (where kind = 'payment' and status in ('succeeded', 'refunded') and charge_id is not null))[1] as charge_amount
       from payments where booking_id = ?`,
    [bookingId],
  )
  return {
    gross: Number(m.gross),
    refunded: Number(m.refunded),
    refundsPending: Number(m.refunds_pending),
    charge: m.charge as string | null,
    chargeAmount: Number(m.charge_amount ?? 0),
  }
}

async function claim(transferId: string, at: Date): Promise<Claim> {
  return transaction(fresh(), async (tem) => {
    const [head] = await tem.execute<any[]>(`select booking_id from payout_transfers where id = ?`, [transferId])
    if (!head) return { kind: 'stop', outcome: 'nothing' }
    // Lock order: the booking (refunds are recorded under it), then the transfer row.
    await lockRow(tem, 'bookings', head.booking_id)
    // The session ended: a schedule's end, or a one-to-one session's own.
    const [r] = await tem.execute<any[]>(
      `select t.*, coalesce(s.end_date, b.ends_at) as end_date, ${planFeeSql('tn')} as plan_fee,
              a.stripe_account_id, (a.payouts_enabled and a.transfers_active) as enabled
         from payout_transfers t join bookings b on b.id = t.booking_id left join workshop_schedules s on s.id = t.workshop_schedule_id
         join tenants tn on tn.id = t.tenant_id
         left join connected_accounts a on a.user_id = t.coach_id
        where t.id = ? for update of t`,
      [transferId],
    )
    if (['transferred', 'manual', 'void'].includes(r.state)) return { kind: 'stop', outcome: 'done' }
    const lease = new Date(at.getTime() + LEASE_MS)
    if (r.state === 'sending') {
      if (r.lease_until && new Date(r.lease_until) > at) return { kind: 'stop', outcome: 'busy' }
      await tem.execute(`update payout_transfers set lease_until = ?, updated_at = now() where id = ?`, [lease, r.id])
      return { kind: 'send', row: r, reconcile: true }
    }
    if (dueAt(new Date(r.end_date)) > at || !r.enabled || !r.stripe_account_id) return { kind: 'stop', outcome: 'waiting' }
    const m = await bookingMoney(tem, r.booking_id)
    if (m.refundsPending > 0) return { kind: 'stop', outcome: 'waiting' }
    const pct = Number(r.plan_fee)
    const base = Math.max(m.gross - m.refunded, 0)
    const net = netOf(base, pct)
    if (net <= 0) {
      await tem.execute(
        `update payout_transfers set state = 'void', gross = ?, refunded = ?, fee = ?, fee_percent = ?, amount = 0, updated_at = now() where id = ?`,
        [m.gross, m.refunded, feeOf(base, pct), pct, r.id],
      )
      return { kind: 'stop', outcome: 'void' }
    }
    const source = m.charge && net <= m.chargeAmount ? m.charge : null
    await tem.execute(
      `update payout_transfers set state = 'sending', gross = ?, refunded = ?, fee = ?, fee_percent = ?, amount = ?, destination = ?, source_charge = ?,
              lease_until = ?, failure_message = null, updated_at = now() where id = ?`,
      [m.gross, m.refunded, feeOf(base, pct), pct, net, r.stripe_account_id, source, lease, r.id],
    )
    return { kind: 'send', row: { ...r, amount: net, destination: r.stripe_account_id, source_charge: source }, reconcile: false }
  })
}

/** Records a transfer Stripe made for this row (once: only a row still `sending` changes). */
async function record(row: Claimed, tr: Stripe.Transfer) {
  const em = fresh()
  await em.execute(
    `update payout_transfers set state = 'transferred', stripe_transfer_id = ?, transferred_at = to_timestamp(?), lease_until = null, failure_message = null, updated_at = now()
      where id = ? and state = 'sending'`,
    [tr.id, tr.created, row.id],
  )
  if (row.workshop_schedule_id) await settleSchedule(em, row.workshop_schedule_id)
}

/** A schedule whose money has all gone (transferred, paid outside Stripe or nothing left) is paid. */
export async function settleSchedule(em: EntityManager, scheduleId: string) {
  await em.execute(
    `update workshop_schedules s set payout_status = 'paid', updated_at = now(),
            paid_out_at = coalesce((select max(t.transferred_at) from payout_transfers t where t.workshop_schedule_id = s.id), now())
      where s.id = ? and s.payout_status = 'pending'
        and exists (select 1 from payout_transfers t where t.workshop_schedule_id = s.id)
        and not exists (select 1 from payout_transfers t where t.workshop_schedule_id = s.id and t.state in ('pending', 'sending'))`,
    [scheduleId],
  )
}

/** The transfer Stripe already made for this row, if any (looked up by its transfer_group). */
async function findAtStripe(row: Claimed): Promise<Stripe.Transfer | null> {
  for await (const tr of stripe().transfers.list({ transfer_group: transferGroup(row.booking_id), limit: 100 })) {
    if (tr.metadata?.transferRowId === row.id && tr.destination === row.destination) return tr
  }
  return null
}

/** Stripe answered and made nothing (4xx other than conflicts and rate limits): safe to try again with a new key. */
const refused = (err: unknown) =>
  err instanceof Stripe.errors.StripeError &&
  typeof err.statusCode === 'number' &&
  err.statusCode >= 400 &&
  err.statusCode < 500 &&
  err.statusCode !== 409 &&
  err.statusCode !== 429

/** Transfers one booking's net to its coach if it is due; safe to run any number of times, in parallel too. */
export async function transferOnce(transferId: string, at = clock.now()): Promise<TransferOutcome> {
  const c = await claim(transferId, at)
  if (c.kind === 'stop') return c.outcome
  const row = c.row
  const em = fresh()
  try {
    const found = c.reconcile ? await findAtStripe(row) : null
    const tr =
      found ??
      (await stripe().transfers.create(
        {
          amount: row.amount,
          currency: row.currency,
          destination: row.destination,
          transfer_group: transferGroup(row.booking_id),
          ...(row.source_charge ? { source_transaction: row.source_charge } : {}),
          description: `Booking ${row.booking_id}`,
          metadata: { transferRowId: row.id, bookingId: row.booking_id, scheduleId: row.workshop_schedule_id ?? '', coachId: row.coach_id },
        },
        { idempotencyKey: transferKey(row.id, row.attempt) },
      ))
    await record(row, tr)
    if (found) log.info({ transferId: row.id, stripeTransferId: tr.id }, 'transfer reconciled from Stripe')
    return 'transferred'
  } catch (err) {
    const message = (err instanceof Error ? err.message : String(err)).slice(0, 500)
    if (refused(err)) {
      await em.execute(
        `update payout_transfers set state = 'pending', attempt = attempt + 1, lease_until = null, failure_message = ?, updated_at = now() where id = ? and state = 'sending'`,
        [message, row.id],
      )
      log.warn({ transferId: row.id, err: message }, 'transfer refused by Stripe: left pending')
      // The destination account is gone at Stripe: forget it, so the money waits for a new one.
      if (isMissing(err) && (err as { param?: string }).param === 'destination') {
        const account = await em.findOne(ConnectedAccount, { stripeAccountId: row.destination })
        if (account) await syncAccount(em, account).catch(() => {})
      }
      return 'refused'
    }
    // Unknown outcome (no answer, a server error): the next run asks Stripe before anything else.
    await em.execute(`update payout_transfers set lease_until = null, failure_message = ?, updated_at = now() where id = ? and state = 'sending'`, [
      message,
      row.id,
    ])
    throw err
  }
}
