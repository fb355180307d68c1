/**
 * Demo data for the client area (after the bookings demo): the demo client (client@summit.localhost)
 * gets something in every state the /b pages show, besides what the bookings demo gave them (a
 * confirmed upcoming booking with one accepted and one pending invitation, past attended bookings
 * with feedback): a pending booking inside its hold, a cancelled and refunded booking with its
 * payment and refund, and an invitation from Dana to accept (also by link:
 * /invitations/demo-invitation-chris). A saved card needs the Stripe server, which starts after
 * the seed: add one on /b/payments (test card 4242 4242 4242 4242).
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { Booking, BookingSeat } from '../modules/bookings'
import { TaxProfile, taxOfSale } from '../modules/tax'
import { User } from '../modules/users'
import type { Workshop } from '../modules/workshops'
import { WorkshopSchedule } from '../modules/workshops'
import { sha256 } from '../platform/crypto'

export const DEMO_CLIENT_INVITATION_TOKEN = 'demo-invitation-chris'
const DAY = 86_400_000

export async function seedClientArea(em: EntityManager) {
  const chris = await em.findOne(User, { email: 'client@summit.localhost' }, { filters: false })
  const dana = await em.findOne(User, { email: 'dana@summit.localhost' }, { filters: false })
  if (!chris || !dana) return
  const now = Date.now()
  const upcoming = (
    await em.find(
      WorkshopSchedule,
      { status: 'PUBLISHED', visibility: { $ne: 'PRIVATE' }, startDate: { $gt: new Date(now + 2 * DAY) } },
      {
        populate: ['workshop'],
        filters: false,
        orderBy: { startDate: 'asc' },
      },
    )
  ).filter((s) => (s.workshop as unknown as Workshop).maxSeats - s.seatsTaken >= 3)
  const mine = new Set((await em.execute(`select workshop_schedule_id as id from bookings where user_id = ?`, [chris.id])).map((r: any) => r.id))
  const free = upcoming.filter((s) => !mine.has(s.id))
  const [forPending, forCancelled, forInvite] = [free[0], free[1] ?? free[0], free[2] ?? free[0]]
  if (!forPending) return
  const tenantOf = (s: WorkshopSchedule) => s.tenant.id as string
  const price = (s: WorkshopSchedule) => (s.workshop as unknown as Workshop).price
  const currency = (s: WorkshopSchedule) => (s.workshop as unknown as Workshop).currency
  // The price of seats with the tax the server would have decided (Northwind: German VAT; Acme: none).
  const profiles = new Map((await em.find(TaxProfile, {}, { filters: false })).map((p) => [p.tenant.id, p]))
  const priced = (s: WorkshopSchedule, seats: number, buyer: User, at: Date, paid: boolean) => {
    const total = price(s) * seats
    const profile = profiles.get(tenantOf(s)) ?? null
    const tax = profile ? taxOfSale(profile, { mode: s.mode, country: s.country ?? null }, { country: buyer.profile?.country ?? null }, total, at) : null
    const due = tax ? tax.gross : total
    return { amountTotal: total, discount: 0, amountDue: due, amountPaid: paid ? due : 0, currency: currency(s), tax }
  }

  const seatsOf = (b: Booking, holder: User, others: Partial<BookingSeat>[] = []) => {
    em.create(BookingSeat, { tenant: b.tenant, booking: b, user: holder, status: 'ACCEPTED', meta: {}, respondedAt: b.createdAt })
    for (let i = 1; i < b.seats; i++) em.create(BookingSeat, { tenant: b.tenant, booking: b, status: 'PENDING', meta: {}, ...(others[i - 1] ?? {}) })
  }

  // A pending booking of two seats, held for a day (the demo's holds outlast BOOKING_HOLD_MINUTES).
  const created = new Date(now - 60 * 60 * 1000)
  const pending = em.create(Booking, {
    tenant: tenantOf(forPending),
    user: chris,
    workshopSchedule: forPending,
    seats: 2,
    status: 'PENDING',
    ...priced(forPending, 2, chris, created, false),
    holdExpiresAt: new Date(now + DAY),
    meta: {},
    createdAt: created,
    updatedAt: created,
  })
  seatsOf(pending, chris)

  // A paid booking cancelled and refunded in full.
  const paidAt = new Date(now - 9 * DAY)
  const cancelled = em.create(Booking, {
    tenant: tenantOf(forCancelled),
    user: chris,
    workshopSchedule: forCancelled,
    seats: 1,
    status: 'CANCELLED',
    ...priced(forCancelled, 1, chris, paidAt, true),
    paymentMethod: 'card',
    paymentTransactionId: 'pi_demo_refunded',
    cancellationReason: 'My plans changed',
    cancelledAt: new Date(now - 2 * DAY),
    confirmedAt: paidAt,
    meta: {},
    createdAt: paidAt,
    updatedAt: new Date(now - 2 * DAY),
  })
  seatsOf(cancelled, chris)

  // Dana booked two seats and invited Chris to the second.
  const danaAt = new Date(now - 4 * DAY)
  const danas = em.create(Booking, {
    tenant: tenantOf(forInvite),
    user: dana,
    workshopSchedule: forInvite,
    seats: 2,
    status: 'CONFIRMED',
    ...priced(forInvite, 2, dana, danaAt, true),
    paymentMethod: 'card',
    paymentTransactionId: 'pi_demo_dana_invite',
    confirmedAt: danaAt,
    meta: {},
    createdAt: danaAt,
    updatedAt: danaAt,
  })
  seatsOf(danas, dana, [
    {
      user: chris,
      email: chris.email,
      inviter: dana,
      invitationTokenHash: sha256(DEMO_CLIENT_INVITATION_TOKEN),
      invitationSentAt: new Date(now - DAY),
      invitationExpiresAt: new Date(Math.min(forInvite.startDate.getTime(), now + 13 * DAY)),
    },
  ])
  await em.flush()

  await em.execute(
    `insert into payments (id, created_at, updated_at, tenant_id, booking_id, user_id, kind, status, amount, amount_refunded, currency, provider, payment_intent_id, charge_id, refund_id, card_brand, card_last4, reason)
     select gen_random_uuid(), b.confirmed_at, b.cancelled_at, b.tenant_id, b.id, b.user_id, 'payment', 'refunded', b.amount_paid, b.amount_paid, b.currency, 'stripe', b.payment_transaction_id, 'ch_demo_refunded', null, 'visa', '4242', null
       from bookings b where b.id = ?
     union all
     select gen_random_uuid(), b.cancelled_at, b.cancelled_at, b.tenant_id, b.id, b.user_id, 'refund', 'succeeded', b.amount_paid, 0, b.currency, 'stripe', b.payment_transaction_id, null, 're_demo_refunded', 'visa', '4242', 'Booking cancelled: My plans changed'
       from bookings b where b.id = ?
     union all
     select gen_random_uuid(), b.confirmed_at, b.confirmed_at, b.tenant_id, b.id, b.user_id, 'payment', 'succeeded', b.amount_paid, 0, b.currency, 'stripe', b.payment_transaction_id, 'ch_demo_dana_invite', null, 'visa', '4242', null
       from bookings b where b.id = ?`,
    [cancelled.id, cancelled.id, danas.id],
  )
  await em.execute(
    `update workshop_schedules s set seats_taken = coalesce((select sum(b.seats) from bookings b
                      where b.workshop_schedule_id = s.id and b.status <> 'CANCELLED' and b.deleted_at is null), 0) where s.id in (?, ?, ?)`,
    [forPending.id, forCancelled.id, forInvite.id],
  )
}
