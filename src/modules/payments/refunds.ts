/**
 * Durable refunds. A refund is first a Payment row (kind `refund`, status `pending`, no
 * `refundId` yet) written in the transaction that makes it due (a paid booking cancelled, a
 * payment that came too late); after COMMIT it is sent to the provider with the row's own
 * idempotency key (`summit-refund-<row id>`), so however often it is sent, the customer is
 * refunded once. A failed send is retried by a job (`payments.send-refund`, with backoff), and a
 * sweep (`payments.sweep-refunds`, every 5 minutes) sends every pending refund left behind (a
 * crash after commit, a lost job) and records the refund of any cancelled paid booking that
 * has none.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { config } from '../../config'
import { afterCommit, lockRow, transaction } from '../../platform/db/after-commit'
import { getOrm } from '../../platform/db/current'
import { enqueue, schedule, work } from '../../platform/jobs'
import { log } from '../../platform/log'
import { countRefund } from '../../platform/metrics'
import { Payment } from './payment.entity'
import { syncRefunds } from './payment.service'
import { stripe } from './stripe'

export const SEND_REFUND_JOB = 'payments.send-refund'
/** The reason of a cancellation's refunds (other refunds of a booking: a late payment, a move to a cheaper date). */
export const CANCELLED_REFUND_PREFIX = 'Booking cancelled: '
export const SWEEP_REFUNDS_JOB = 'payments.sweep-refunds'
/** A pending refund younger than this is left to its own send and job. */
const SWEEP_GRACE_MS = 60_000

const freshEm = () => getOrm().em.fork() as EntityManager

/**
 * What of `payment` is refunded or on its way: its refund rows (pending, sent, succeeded) or the
 * charge's own refunded amount, whichever is more. The charge's figure is synced from the
 * provider after a refund is sent, so between the send and that sync only the rows tell (a late
 * payment seen by its finalize and its webhook one after the other was refunded twice there).
 */
async function refundedOrOnItsWay(tem: EntityManager, payment: Payment): Promise<number> {
  const [row] = await tem.execute<{ n: string | number }[]>(
    `select coalesce(sum(amount), 0) as n from payments where kind = 'refund' and status in ('pending', 'succeeded') and payment_intent_id = ?`,
    [payment.paymentIntentId],
  )
  return Math.max(payment.amountRefunded, Number(row?.n ?? 0))
}

/**
 * Records, in the caller's transaction (the booking row locked), one pending refund of what is
 * left of `payment` (at most `upTo` minor units: a partial refund under a refund policy),
 * unless one is already pending. Answers the refund row (or null).
 */
export async function recordRefund(tem: EntityManager, payment: Payment, reason: string, upTo?: number): Promise<Payment | null> {
  if (!payment.paymentIntentId) return null
  const pending = await tem.findOne(Payment, { kind: 'refund', status: 'pending', refundId: null, paymentIntentId: payment.paymentIntentId })
  if (pending) return pending
  const left = Math.min(payment.amount - (await refundedOrOnItsWay(tem, payment)), upTo ?? Number.POSITIVE_INFINITY)
  if (left <= 0) return null
  const row = tem.create(Payment, {
    id: Bun.randomUUIDv7(),
    tenant: payment.tenant.id,
    booking: payment.booking.id,
    user: payment.user?.id ?? null,
    kind: 'refund',
    status: 'pending',
    amount: left,
    currency: payment.currency,
    provider: payment.provider,
    paymentIntentId: payment.paymentIntentId,
    chargeId: null,
    refundId: null,
    cardBrand: payment.cardBrand,
    cardLast4: payment.cardLast4,
    reason: reason.slice(0, 255),
  })
  await tem.flush()
  return row
}

/**
 * Records the refunds of the paid, not fully refunded payments of a booking (in the caller's
 * transaction): all that is left of them, or `amount` minor units in all (a partial refund is
 * one refund row of its real amount, taken from the oldest payment first).
 */
export async function recordBookingRefunds(tem: EntityManager, bookingId: string, reason: string, amount?: number | null): Promise<Payment[]> {
  if (amount != null && amount <= 0) return []
  const payments = await tem.find(Payment, { booking: bookingId, kind: 'payment', status: 'succeeded' }, { orderBy: { createdAt: 'asc' } })
  const rows: Payment[] = []
  let owed = amount ?? Number.POSITIVE_INFINITY
  for (const p of payments) {
    if (owed <= 0) break
    const r = await recordRefund(tem, p, reason, owed)
    if (!r) continue
    rows.push(r)
    owed -= r.amount
  }
  return rows
}

/**
 * Records refunds of `amount` (part of what was paid: a cheaper new date) against the booking's
 * succeeded payments, newest first, in the caller's transaction (the booking row locked). Each
 * row is a partial refund of one payment; refunds already pending count as spent.
 */
export async function recordPartialRefunds(tem: EntityManager, bookingId: string, amount: number, reason: string): Promise<Payment[]> {
  const payments = await tem.find(
    Payment,
    { booking: bookingId, kind: 'payment', status: 'succeeded', paymentIntentId: { $ne: null } },
    { orderBy: { createdAt: 'desc' } },
  )
  const rows: Payment[] = []
  let left = amount
  for (const p of payments) {
    if (left <= 0) break
    const available = p.amount - (await refundedOrOnItsWay(tem, p))
    const n = Math.min(available, left)
    if (n <= 0) continue
    rows.push(
      tem.create(Payment, {
        id: Bun.randomUUIDv7(),
        tenant: p.tenant.id,
        booking: p.booking.id,
        user: p.user?.id ?? null,
        kind: 'refund',
        status: 'pending',
        amount: n,
        currency: p.currency,
        provider: p.provider,
        paymentIntentId: p.paymentIntentId,
        chargeId: null,
        refundId: null,
        cardBrand: p.cardBrand,
        cardLast4: p.cardLast4,
        reason: reason.slice(0, 255),
      }),
    )
    left -= n
  }
  await tem.flush()
  if (rows.length) {
    const ids = rows.map((r) => r.id)
    await afterCommit(tem, () => sendOrQueue(ids))
  }
  return rows
}

/**
 * Sends one pending refund to the provider and records the outcome. Safe to run any number of
 * times, concurrently too: the idempotency key is the row's id. Throws when the provider could
 * not be reached (the job retries).
 */
export async function sendRefund(em: EntityManager, refundRowId: string): Promise<'sent' | 'done' | 'nothing'> {
  const row = await em.fork().findOne(Payment, { id: refundRowId, kind: 'refund' }, { filters: false })
  if (!row) return 'nothing'
  if (row.status !== 'pending' || row.refundId) return 'done'
  const original = await em
    .fork()
    .findOne(
      Payment,
      { kind: 'payment', paymentIntentId: row.paymentIntentId, chargeId: { $ne: null }, status: { $in: ['succeeded', 'refunded'] } },
      { filters: false },
    )
  if (!original?.chargeId) {
    await em.fork().nativeUpdate(Payment, { id: row.id, status: 'pending' }, { status: 'failed', failureMessage: 'No successful payment to refund.' })
    return 'nothing'
  }
  const bookingId = row.booking.id
  try {
    await stripe().refunds.create(
      {
        payment_intent: row.paymentIntentId!,
        amount: row.amount,
        reason: 'requested_by_customer',
        metadata: { bookingId, paymentId: original.id, refundRowId: row.id, reason: (row.reason ?? '').slice(0, 450) },
      },
      { idempotencyKey: `summit-refund-${row.id}` },
    )
  } catch (err: any) {
    const code = err?.code ?? err?.raw?.code
    if (code !== 'charge_already_refunded' && code !== 'amount_too_large') {
      countRefund('failed')
      throw err
    }
    countRefund('already_refunded')
    // Refunded elsewhere meanwhile (the dashboard): nothing left for this row to do.
    await em
      .fork()
      .nativeUpdate(Payment, { id: row.id, status: 'pending', refundId: null }, { status: 'canceled', failureMessage: 'The payment was already refunded.' })
  }
  if (!row.refundId) countRefund('sent')
  await syncRefunds(em, original.chargeId, row.reason)
  return 'sent'
}

/** After COMMIT: send now; what fails goes to the retrying job (and the sweep catches the rest). */
export async function sendOrQueue(refundRowIds: string[]) {
  for (const id of refundRowIds) {
    try {
      await sendRefund(freshEm(), id)
    } catch (err) {
      log.warn({ err: err instanceof Error ? err.message : err, refundId: id }, 'refund not sent: queued for retry')
      await enqueue(SEND_REFUND_JOB, { refundId: id }, { singletonKey: id }).catch((e) =>
        log.error({ err: e instanceof Error ? e.message : e, refundId: id }, 'refund job not queued (the sweep will send it)'),
      )
    }
  }
}

/** Records the refunds of a booking (all, or `amount` minor units) in `tem`'s transaction and sends them after its commit. */
export async function refundBookingDurably(tem: EntityManager, bookingId: string, reason: string, amount?: number | null) {
  const rows = await recordBookingRefunds(tem, bookingId, reason, amount)
  if (rows.length) {
    const ids = rows.map((r) => r.id)
    await afterCommit(tem, () => sendOrQueue(ids))
  }
  return rows
}

/**
 * The sweep: (1) any cancelled booking whose cancellation refunds more than the cancellation
 * refunds that went through (`refund_amount`: the policy's amount; a booking cancelled before
 * policies existed owes what it paid), with money left on a payment and no pending refund, gets
 * the rest recorded;
 * (2) every pending refund older than a minute is sent.
 */
export async function sweepRefunds(em: EntityManager, now = new Date()): Promise<{ recorded: number; sent: number }> {
  const conn = em.getConnection()
  const owed = await conn.execute(
    `select b.id, b.cancellation_reason, o.owed from bookings b
       cross join lateral (
         select coalesce(b.refund_amount, b.amount_paid) - coalesce((select sum(r.amount) from payments r
           where r.booking_id = b.id and r.kind = 'refund' and r.status = 'succeeded' and r.reason like ?), 0) as owed) o
      where b.status = 'CANCELLED' and b.amount_paid > 0 and o.owed > 0
        and exists (select 1 from payments p where p.booking_id = b.id and p.kind = 'payment' and p.status = 'succeeded' and p.amount > p.amount_refunded)
        and not exists (select 1 from payments r where r.booking_id = b.id and r.kind = 'refund' and r.status = 'pending')
      limit 200`,
    [`${CANCELLED_REFUND_PREFIX}%`],
  )
  let recorded = 0
  for (const b of owed) {
    await transaction(em.fork() as EntityManager, async (tem) => {
      if (!(await lockRow(tem, 'bookings', b.id))) return
      recorded += (await recordBookingRefunds(tem, b.id, `${CANCELLED_REFUND_PREFIX}${b.cancellation_reason ?? ''}`, Number(b.owed))).length
    })
  }
  const pending = await conn.execute(
    `select id from payments where kind = 'refund' and status = 'pending' and refund_id is null and (created_at <= ? or ? = true) order by created_at limit 200`,
    [new Date(now.getTime() - SWEEP_GRACE_MS), recorded > 0],
  )
  let sent = 0
  for (const r of pending) {
    try {
      if ((await sendRefund(em, r.id)) === 'sent') sent++
    } catch (err) {
      log.warn({ err: err instanceof Error ? err.message : err, refundId: r.id }, 'refund sweep: not sent yet')
    }
  }
  return { recorded, sent }
}

work<{ refundId: string }>(
  SEND_REFUND_JOB,
  async ({ refundId }) => {
    await sendRefund(freshEm(), refundId)
  },
  { retryLimit: 10, retryDelay: config.NODE_ENV === 'test' ? 1 : 30, retryBackoff: true },
)

work(SWEEP_REFUNDS_JOB, async () => {
  const r = await sweepRefunds(freshEm())
  if (r.recorded || r.sent) log.info(r, 'refund sweep')
})
schedule(SWEEP_REFUNDS_JOB, '*/5 * * * *')
