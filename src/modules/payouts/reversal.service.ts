/**
 * Refunds that came after a booking's money went to its coach: the coach's share of each refund
 * is taken back with a transfer reversal, recorded beside the refund (one per refund row,
 * unique), sent with its own idempotency key (`summit-reversal-<row id>`) and reconciled from the
 * transfer's reversals after a crash, as transfers are. Only refunds that succeeded count (money
 * that really left). The amounts are cumulative, so rounding never drifts: after refunds r1..ri
 * the coach keeps net(gross - r1 - ... - ri), and each reversal takes what is above that.
 * Reversals made at Stripe directly (the dashboard) arrive with `transfer.reversed`.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import Stripe from 'stripe'
import { clock } from '../../platform/clock'
import { lockRow, transaction } from '../../platform/db/after-commit'
import { getOrm } from '../../platform/db/current'
import { log } from '../../platform/log'
import { stripe } from '../payments'
import { netOf } from './ledger'
import { LEASE_MS } from './transfer.service'

const fresh = () => getOrm().em.fork() as EntityManager
export const reversalKey = (id: string) => `summit-reversal-${id}`

/** The transfer's `reversed`: what its succeeded reversals took back. */
const recountReversed = (em: EntityManager, transferId: string) =>
  em.execute(
    `update payout_transfers t set reversed = coalesce((select sum(r.amount) from payout_reversals r where r.transfer_id = t.id and r.status = 'succeeded'), 0), updated_at = now() where t.id = ?`,
    [transferId],
  )

/**
 * Records the reversals the succeeded refunds of a transferred booking call for (in one
 * transaction under the booking's lock) and sends every pending one. Answers how many went out.
 */
export async function reverseRefunds(transferId: string, at = clock.now()): Promise<number> {
  await transaction(fresh(), async (tem) => {
    const [head] = await tem.execute<any[]>(`select booking_id from payout_transfers where id = ?`, [transferId])
    if (!head) return
    await lockRow(tem, 'bookings', head.booking_id)
    const [t] = await tem.execute<any[]>(`select * from payout_transfers where id = ? for update`, [transferId])
    if (t.state !== 'transferred') return
    const refunds = await tem.execute<any[]>(
      `select p.id, p.amount, exists (select 1 from payout_reversals r where r.refund_id = p.id) as has_reversal
         from payments p where p.booking_id = ? and p.kind = 'refund' and p.status = 'succeeded' order by p.created_at, p.id`,
      [t.booking_id],
    )
    const [{ taken }] = await tem.execute<any[]>(
      `select coalesce(sum(amount), 0)::int as taken from payout_reversals where transfer_id = ? and status in ('pending', 'succeeded')`,
      [t.id],
    )
    let reversedSoFar = Number(taken)
    let cumulative = 0
    for (const r of refunds) {
      cumulative += Number(r.amount)
      if (r.has_reversal) continue
      const keeps = netOf(Number(t.gross) - cumulative, Number(t.fee_percent ?? 0))
      const amount = Number(t.amount) - keeps - reversedSoFar
      if (amount <= 0) continue
      await tem.execute(
        `insert into payout_reversals (id, created_at, updated_at, tenant_id, transfer_id, refund_id, amount, status) values (?, now(), now(), ?, ?, ?, ?, 'pending')
         on conflict do nothing`,
        [Bun.randomUUIDv7(), t.tenant_id, t.id, r.id, amount],
      )
      reversedSoFar += amount
    }
    // Every succeeded refund is now accounted for (reversed, or already left out of the transfer).
    await tem.execute(`update payout_transfers set refunded = greatest(refunded, ?), updated_at = now() where id = ?`, [cumulative, t.id])
  })
  const pending = await fresh().execute<any[]>(
    `select id from payout_reversals where transfer_id = ? and status = 'pending' and (lease_until is null or lease_until <= ?) order by created_at`,
    [transferId, at],
  )
  let sent = 0
  for (const r of pending) if (await sendReversal(r.id, at)) sent++
  return sent
}

/** Sends one pending reversal (claim under a lease, call Stripe with its key, record). */
export async function sendReversal(reversalId: string, at = clock.now()): Promise<boolean> {
  const em = fresh()
  const claimed = await em.execute<any[]>(
    `update payout_reversals r set lease_until = ?, updated_at = now()
       from payout_transfers t
      where r.id = ? and t.id = r.transfer_id and r.status = 'pending' and (r.lease_until is null or r.lease_until <= ?)
      returning r.id, r.amount, r.refund_id, r.transfer_id, t.stripe_transfer_id, t.booking_id`,
    [new Date(at.getTime() + LEASE_MS), reversalId, at],
  )
  const r = claimed[0]
  if (!r?.stripe_transfer_id) return false
  try {
    let rev: Stripe.TransferReversal | null = null
    // Taken over from a worker that stopped: whatever it made at Stripe is found first.
    for await (const x of stripe().transfers.listReversals(r.stripe_transfer_id, { limit: 100 })) {
      if (x.metadata?.reversalRowId === r.id) rev = x
      if (rev) break
    }
    rev ??= await stripe().transfers.createReversal(
      r.stripe_transfer_id,
      { amount: Number(r.amount), metadata: { reversalRowId: r.id, refundId: r.refund_id ?? '', bookingId: r.booking_id } },
      { idempotencyKey: reversalKey(r.id) },
    )
    await transaction(fresh(), async (tem) => {
      await tem.execute(
        `update payout_reversals set status = 'succeeded', stripe_reversal_id = ?, lease_until = null, failure_message = null, updated_at = now() where id = ? and status = 'pending'`,
        [rev!.id, r.id],
      )
      await recountReversed(tem, r.transfer_id)
    })
    return true
  } catch (err) {
    const message = (err instanceof Error ? err.message : String(err)).slice(0, 500)
    const refused = err instanceof Stripe.errors.StripeInvalidRequestError
    await em.execute(
      `update payout_reversals set ${refused ? `status = 'failed', ` : ''}lease_until = null, failure_message = ?, updated_at = now() where id = ?`,
      [message, r.id],
    )
    log.warn({ reversalId: r.id, err: message }, refused ? 'transfer reversal refused by Stripe' : 'transfer reversal not sent yet')
    if (refused) await syncTransfer(r.stripe_transfer_id).catch(() => {})
    else throw err
    return false
  }
}

/**
 * Brings a transfer's reversals in from Stripe (`transfer.reversed`, or after a refused
 * reversal): ours are recorded, those made elsewhere get rows of their own.
 */
export async function syncTransfer(stripeTransferId: string) {
  const em = fresh()
  const [t] = await em.execute<any[]>(`select id, tenant_id from payout_transfers where stripe_transfer_id = ?`, [stripeTransferId])
  if (!t) return
  for await (const x of stripe().transfers.listReversals(stripeTransferId, { limit: 100 })) {
    const ours = x.metadata?.reversalRowId
    await em.execute(
      `update payout_reversals set status = 'succeeded', stripe_reversal_id = ?, lease_until = null, updated_at = now()
        where id::text = ? and stripe_reversal_id is null`,
      [x.id, ours ?? ''],
    )
    await em.execute(
      `insert into payout_reversals (id, created_at, updated_at, tenant_id, transfer_id, refund_id, amount, status, stripe_reversal_id)
       select ?, now(), now(), ?, ?, null, ?, 'succeeded', ?
        where not exists (select 1 from payout_reversals where stripe_reversal_id = ?)
       on conflict do nothing`,
      [Bun.randomUUIDv7(), t.tenant_id, t.id, x.amount, x.id, x.id],
    )
  }
  await recountReversed(em, t.id)
}
