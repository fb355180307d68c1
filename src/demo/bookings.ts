/**
 * Demo bookings, seats, invitations and vouchers (after the catalogue demo, before its
 * feedback): bookings in every status on coming and past schedules, seats held, invited,
 * accepted, declined and expired, and vouchers of every kind. Seat counters are recomputed
 * from the bookings at the end, so the demo obeys the same capacity rule as the API.
 *
 * A pending invitation has the fixed demo token `demo-invitation`: open
 * /invitations/demo-invitation (or GET /v1/invitations/demo-invitation) to see one.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { Booking, BookingSeat, type BookingStatus, HOLD_EXPIRED_REASON, type SeatStatus } from '../modules/bookings'
import { TaxProfile, taxOfSale } from '../modules/tax'
import { Tenant } from '../modules/tenants'
import { User } from '../modules/users'
import { Voucher, type VoucherData } from '../modules/vouchers'
import type { Workshop } from '../modules/workshops'
import { WorkshopSchedule } from '../modules/workshops'
import { sha256 } from '../platform/crypto'
import { log } from '../platform/log'

export const DEMO_INVITATION_TOKEN = 'demo-invitation'
const DAY = 86_400_000

export async function seedBookings(em: EntityManager) {
  const tenants = await em.find(Tenant, { slug: { $in: ['acme', 'northwind'] } })
  const schedules = await em.find(WorkshopSchedule, { status: 'PUBLISHED' }, { populate: ['workshop'], filters: false, orderBy: { startDate: 'asc' } })
  if (!tenants.length || !schedules.length) return
  const byEmail = new Map((await em.find(User, {}, { filters: false })).map((u) => [u.email, u]))
  const now = Date.now()
  const profiles = new Map((await em.find(TaxProfile, {}, { filters: false })).map((p) => [p.tenant.id, p]))

  // A few more clients so lists and groups have people in them.
  const extra = [
    ['priya@summit.localhost', 'Priya', 'Natarajan', 'IN'],
    ['tom@summit.localhost', 'Tom', 'Becker', 'DE'],
    ['amara@summit.localhost', 'Amara', 'Mensah', 'GH'],
    ['lucas@summit.localhost', 'Lucas', 'Silva', 'BR'],
  ] as const
  for (const [email, firstName, lastName, country] of extra)
    if (!byEmail.has(email))
      byEmail.set(
        email,
        em.create(User, {
          email,
          username: firstName.toLowerCase(),
          roles: [],
          status: 'active',
          emailVerifiedAt: new Date(),
          profile: { firstName, lastName, country },
        }),
      )
  const u = (email: string) => byEmail.get(email)!
  const chris = u('client@summit.localhost')
  const dana = u('dana@summit.localhost')
  if (!chris || !dana) return
  const [priya, tom, amara, lucas] = extra.map(([e]) => u(e))

  const tenantId = (s: WorkshopSchedule) => s.tenant.id as string
  const acme = tenants.find((t) => t.slug === 'acme')!
  const north = tenants.find((t) => t.slug === 'northwind')
  const voucher = (tenant: Tenant, code: string, data: VoucherData, extra: Partial<Voucher> = {}) =>
    em.create(Voucher, { tenant, code, data, maxUses: data.maxUses ?? null, uses: 0, ...extra })
  const upcoming = schedules.filter((s) => s.startDate.getTime() > now && s.visibility !== 'PRIVATE')
  const past = schedules.filter((s) => s.endDate.getTime() < now)
  const firstOf = (list: WorkshopSchedule[], tenant: Tenant) => list.find((s) => tenantId(s) === tenant.id)

  const welcome = voucher(acme, 'WELCOME10', { discountType: 'percentage', discountValue: 10, maxDiscount: 5000, maxUses: 100 })
  voucher(acme, 'TENOFF', { discountType: 'fixed', discountValue: 1000, maxDiscount: null, maxUses: null })
  voucher(acme, 'SUMMER24', { discountType: 'percentage', discountValue: 20, maxDiscount: null, maxUses: null }, { expiresAt: new Date(now - 30 * DAY) })
  const acmeFirst = firstOf(upcoming, acme)
  const guest = acmeFirst
    ? voucher(
        acme,
        'GUESTPASS',
        { discountType: 'free', discountValue: 0, maxDiscount: null, maxUses: 3 },
        { modelType: 'workshop', modelId: acmeFirst.workshop.id },
      )
    : null
  if (north)
    voucher(north, 'STARTUP25', { discountType: 'percentage', discountValue: 25, maxDiscount: 7500, maxUses: 20 }, { expiresAt: new Date(now + 60 * DAY) })

  let counter = 0
  const booking = (
    user: User,
    s: WorkshopSchedule,
    status: BookingStatus,
    seats: number,
    opts: { voucher?: Voucher; discount?: number; reason?: string } = {},
  ) => {
    const w = s.workshop as unknown as Workshop
    const total = w.price * seats
    const discount = opts.discount ?? 0
    const created = new Date(Math.min(now, s.startDate.getTime()) - (10 + counter++) * DAY)
    // The tax the server would have decided then (Northwind: registered for VAT in Germany; Acme: none).
    const profile = profiles.get(tenantId(s)) ?? null
    const tax = profile
      ? taxOfSale(profile, { mode: s.mode, country: s.country ?? null, region: null }, { country: user.profile?.country ?? null }, total - discount, created)
      : null
    const due = tax ? tax.gross : total - discount
    const paid = status === 'CONFIRMED' || status === 'COMPLETED' || status === 'NO_SHOW'
    const b = em.create(Booking, {
      tenant: tenantId(s),
      user,
      workshopSchedule: s,
      seats,
      status,
      voucherCode: opts.voucher?.code ?? null,
      voucherId: opts.voucher?.id ?? null,
      amountTotal: total,
      discount,
      amountDue: due,
      amountPaid: paid ? due : 0,
      currency: w.currency,
      tax,
      paymentMethod: paid && due > 0 ? 'card' : null,
      paymentTransactionId: paid && due > 0 ? `pi_demo_${counter}` : null,
      cancellationReason: opts.reason ?? null,
      cancelledAt: status === 'CANCELLED' ? new Date(created.getTime() + DAY) : null,
      confirmedAt: paid ? created : null,
      // Demo holds last a day (not BOOKING_HOLD_MINUTES) so PENDING bookings can be seen for a while.
      holdExpiresAt: status === 'PENDING' ? new Date(now + DAY) : null,
      meta: {},
      createdAt: created,
      updatedAt: created,
    })
    if (opts.voucher) opts.voucher.uses += 1
    return b
  }
  const seat = (b: Booking, status: SeatStatus, who: { user?: User; email?: string } = {}, extra: Partial<BookingSeat> = {}) =>
    em.create(BookingSeat, {
      tenant: b.tenant.id ?? b.tenant,
      booking: b,
      user: who.user ?? null,
      email: who.email ?? null,
      inviter: who.user === b.user ? null : b.user,
      status,
      meta: {},
      ...extra,
    })
  const withSeats = (b: Booking, others: Array<[SeatStatus, { user?: User; email?: string }, Partial<BookingSeat>?]> = []) => {
    seat(b, 'ACCEPTED', { user: b.user as unknown as User }, { respondedAt: b.createdAt })
    for (const [status, who, extra] of others) seat(b, status, who, extra)
    for (let i = 1 + others.length; i < b.seats; i++) seat(b, 'PENDING')
    return b
  }

  // Coming schedules: held, confirmed with invitations in every state, cancelled.
  const [u1, u2, u3, u4, u5] = upcoming
  if (u1) {
    withSeats(booking(chris, u1, 'CONFIRMED', 3, { voucher: welcome, discount: Math.round(u1.workshop.price * 3 * 0.1) }), [
      ['ACCEPTED', { user: dana }, { respondedAt: new Date(now - 2 * DAY), invitationSentAt: new Date(now - 3 * DAY) }],
      [
        'PENDING',
        { email: 'sam@example.com' },
        {
          invitationTokenHash: sha256(DEMO_INVITATION_TOKEN),
          invitationSentAt: new Date(now - DAY),
          invitationExpiresAt: new Date(Math.min(u1.startDate.getTime(), now + 13 * DAY)),
        },
      ],
    ])
    withSeats(booking(priya, u1, 'PENDING', 1))
  }
  if (u2) {
    withSeats(booking(dana, u2, 'CONFIRMED', 2), [
      ['DECLINED', { email: 'busy@example.com' }, { respondedAt: new Date(now - DAY), invitationSentAt: new Date(now - 2 * DAY) }],
    ])
    withSeats(booking(tom, u2, 'CANCELLED', 1, { reason: 'Schedule conflict at work' }))
    withSeats(booking(lucas, u2, 'CANCELLED', 2, { reason: HOLD_EXPIRED_REASON }))
  }
  if (u3) {
    withSeats(booking(chris, u3, 'CONFIRMED', 2), [
      ['EXPIRED', { email: 'late@example.com' }, { invitationSentAt: new Date(now - 20 * DAY), invitationExpiresAt: new Date(now - 6 * DAY) }],
    ])
    withSeats(booking(amara, u3, 'CONFIRMED', 1))
  }
  if (u4 && guest && u4.workshop.id === guest.modelId) withSeats(booking(tom, u4, 'CONFIRMED', 1, { voucher: guest, discount: u4.workshop.price }))
  else if (u4) withSeats(booking(tom, u4, 'PENDING', 2))
  if (u5) withSeats(booking(amara, u5, 'CONFIRMED', 1))
  if (acmeFirst && guest) withSeats(booking(lucas, acmeFirst, 'CONFIRMED', 1, { voucher: guest, discount: acmeFirst.workshop.price }))

  // Past schedules: completed, no-show, and confirmed ones the coach has not closed yet.
  past.forEach((s, i) => {
    withSeats(booking(chris, s, 'COMPLETED', 2), [['ACCEPTED', { user: dana }, { respondedAt: new Date(s.startDate.getTime() - 5 * DAY), attended: true }]])
    withSeats(booking([priya, tom, amara, lucas][i % 4], s, i % 2 ? 'NO_SHOW' : 'COMPLETED', 1))
    withSeats(booking([amara, lucas, priya, tom][i % 4], s, 'CONFIRMED', 1))
    withSeats(booking([lucas, priya][i % 2], s, 'CANCELLED', 1, { reason: 'Could not travel' }))
  })
  await em.flush()
  // Attendance on past seats, and seat counters from the bookings (cancelled ones hold nothing).
  await em.execute(`update booking_seats bs set attended = true, attendance_notes = 'Took part in every exercise'
                      from bookings b where b.id = bs.booking_id and b.status = 'COMPLETED' and bs.status = 'ACCEPTED'`)
  await em.execute(`update workshop_schedules s set seats_taken = coalesce((select sum(b.seats) from bookings b
                      where b.workshop_schedule_id = s.id and b.status <> 'CANCELLED' and b.deleted_at is null), 0)`)
  // Card payments behind the paid demo bookings, so payment lists and invoices have something to show.
  await em.execute(`insert into payments (id, created_at, updated_at, tenant_id, booking_id, user_id, kind, status, amount, amount_refunded,
                      currency, provider, payment_intent_id, charge_id, card_brand, card_last4)
                    select gen_random_uuid(), b.confirmed_at, b.confirmed_at, b.tenant_id, b.id, b.user_id, 'payment', 'succeeded', b.amount_paid, 0,
                      b.currency, 'stripe', b.payment_transaction_id, 'ch_demo_' || substr(b.id::text, 25), 'visa', '4242'
                    from bookings b where b.amount_paid > 0 and b.payment_transaction_id like 'pi_demo_%'`)
  log.info({ bookings: counter }, `demo bookings loaded (a pending invitation: /invitations/${DEMO_INVITATION_TOKEN})`)
}
