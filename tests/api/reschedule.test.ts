/**
 * Rescheduling a confirmed booking to another date of its workshop: the rules (422/409/403),
 * seats and invitations moving with it, the seat counters of both schedules exact (also under
 * parallel moves in both directions), a price difference charged through a PaymentIntent (the
 * target seats held meanwhile) or refunded as a partial refund row, and the mails with the .ics.
 */
import { afterEach, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { EXPIRE_RESCHEDULE_JOB } from '../../src/modules/bookings/reschedule.service'
import { WorkshopSchedule } from '../../src/modules/workshops/schedule.entity'
import { clock } from '../../src/platform/clock'
import { runNow } from '../../src/platform/jobs'
import { type Actor, actor, em } from '../client'
import { waitForMail } from '../mail'
import { payInBrowser } from '../peers/stripe'
import { book, manyClients, postOnce, postRetrying, seatsTaken, world } from './bookings.fixtures'
import { checkout } from './checkout.fixtures'

setDefaultTimeout(90_000)
afterEach(() => clock.reset())

const DAY = 86_400_000

/** Another schedule of the same workshop, `days` from now. */
async function sibling(
  w: Awaited<ReturnType<typeof world>>,
  days: number,
  opts: { seatsTaken?: number; status?: string; place?: Record<string, string | null> } = {},
) {
  const m = em()
  const start = new Date(Date.now() + days * DAY)
  const s = m.create(WorkshopSchedule, {
    tenant: w.tenant.id,
    coach: w.coach.user.id,
    workshop: w.workshop.id,
    startDate: start,
    endDate: new Date(start.getTime() + 3 * 3_600_000),
    timezone: 'Europe/London',
    level: 'BEGINNER',
    status: opts.status ?? 'PUBLISHED',
    visibility: 'PUBLIC',
    mode: 'ONLINE',
    meetingUrl: 'https://meet.example/x',
    seatsTaken: opts.seatsTaken ?? 0,
    ...opts.place,
  } as any)
  await m.flush()
  return s
}

const move = (a: Actor, bookingId: string, workshopScheduleId: string) => a.client.post(`/v1/bookings/${bookingId}/reschedule`, { workshopScheduleId })

async function bookingRow(id: string) {
  const [r] = await em().execute(`select workshop_schedule_id, status, amount_total, amount_due, amount_paid from bookings where id = ?`, [id])
  return r
}

/** Each schedule's counter equals its held and confirmed bookings plus open offers and pending moves onto it. */
async function countersMatchRows(...scheduleIds: string[]) {
  for (const id of scheduleIds) {
    const [r] = await em().execute(
      `select s.seats_taken, w.max_seats,
              (select coalesce(sum(seats), 0) from bookings b where b.workshop_schedule_id = s.id and b.status in ('PENDING', 'CONFIRMED') and b.deleted_at is null)::int as booked,
              (select coalesce(sum(seats), 0) from waitlist_entries e where e.workshop_schedule_id = s.id and e.status = 'OFFERED')::int as offered,
              (select coalesce(sum(seats), 0) from booking_reschedules r where r.to_schedule_id = s.id and r.status = 'PENDING')::int as held
         from workshop_schedules s join workshops w on w.id = s.workshop_id where s.id = ?`,
      [id],
    )
    expect(Number(r.seats_taken)).toBe(Number(r.booked) + Number(r.offered) + Number(r.held))
    expect(Number(r.seats_taken)).toBeLessThanOrEqual(Number(r.max_seats))
  }
}

describe('reschedule: rules', () => {
  test('422 for another workshop, a past date, the same date; 409 when full or not confirmed; 403 for the coach, 404 for others', async () => {
    const w = await world({ maxSeats: 3, price: 0 })
    const b = (await book(w.client, w.schedule.id, { seats: 2 })).body.data
    expect(b.status).toBe('CONFIRMED')
    const other = await world({ price: 0 })
    const past = await sibling(w, -2)
    const draft = await sibling(w, 9, { status: 'DRAFT' })
    const full = await sibling(w, 10, { seatsTaken: 2 })

    let r = await move(w.client, b.id, other.schedule.id)
    expect(r.status).toBe(422)
    expect(r.body.errors.workshopScheduleId).toEqual(['Pick a date of the same workshop.'])
    r = await move(w.client, b.id, past.id)
    expect(r.status).toBe(422)
    expect(r.body.errors.workshopScheduleId).toEqual(['This date has already started or passed. Pick an upcoming one.'])
    r = await move(w.client, b.id, w.schedule.id)
    expect(r.status).toBe(422)
    expect(r.body.errors.workshopScheduleId).toEqual(['The booking is already on this date. Pick another one.'])
    for (const id of [draft.id, crypto.randomUUID(), 'nope']) {
      r = await move(w.client, b.id, id)
      expect(r.status).toBe(422)
      expect(r.body.errors.workshopScheduleId).toEqual(['The selected workshop schedule is not available for booking.'])
    }
    r = await w.client.client.post(`/v1/bookings/${b.id}/reschedule`, {})
    expect(r.status).toBe(422)
    expect(r.body.errors.workshopScheduleId).toEqual(['Workshop schedule is required'])
    r = await move(w.client, b.id, full.id)
    expect(r.status).toBe(409)
    expect(r.body.message).toBe('Only 1 seat left.')
    // Not the booker: the coach sees the booking (403), a stranger does not (404).
    expect((await move(w.coach, b.id, full.id)).status).toBe(403)
    expect((await move(await actor(), b.id, full.id)).status).toBe(404)
    // Nothing moved.
    expect(await seatsTaken(w.schedule.id)).toBe(2)
    expect(await seatsTaken(full.id)).toBe(2)

    // A held (unpaid) booking is not moved: pay it first.
    const paid = await world({ price: 5000 })
    const held = (await book(paid.client, paid.schedule.id)).body.data
    const next = await sibling(paid, 12)
    r = await move(paid.client, held.id, next.id)
    expect(r.status).toBe(409)
    expect(r.body.message).toBe('Only a confirmed booking can be moved to another date.')
  })
})

const LONDON = { mode: 'IN-PERSON', venueName: 'The Rooms', addressLine1: '1 High St', city: 'London', country: 'GB', meetingUrl: null }

describe('reschedule: a date that changes the format, the venue or the city', () => {
  test('options name each change; moving needs acceptChanges (else 409 naming them, nothing moved); the mail says what changed', async () => {
    const w = await world({ maxSeats: 5, price: 0 })
    await em().execute(
      `update workshop_schedules set mode = 'IN-PERSON', venue_name = 'The Rooms', address_line1 = '1 High St', city = 'London', country = 'GB', meeting_url = null where id = ?`,
      [w.schedule.id],
    )
    const b = (await book(w.client, w.schedule.id, { seats: 1 })).body.data
    const online = await sibling(w, 20)
    const same = await sibling(w, 21, { place: LONDON })
    const manchester = await sibling(w, 22, { place: { ...LONDON, venueName: 'Mill Hall', addressLine1: '9 Canal St', city: 'Manchester' } })

    const options = (await w.client.client.get(`/v1/bookings/${b.id}/reschedule-options`)).body.data
    const of = (id: string) => options.find((o: { scheduleId: string }) => o.scheduleId === id)
    expect(of(online.id)).toMatchObject({ mode: 'ONLINE', venue: null, city: null, timezone: 'Europe/London', changes: ['mode'] })
    expect(of(online.id).changeNotes).toEqual(['The format changes from in person to online: there is no venue, you join with the meeting link.'])
    expect(of(same.id)).toMatchObject({ mode: 'IN-PERSON', venue: 'The Rooms, 1 High St', city: 'London, United Kingdom', changes: [], changeNotes: [] })
    expect(of(manchester.id)).toMatchObject({ venue: 'Mill Hall, 9 Canal St', city: 'Manchester, United Kingdom', changes: ['city', 'venue'] })
    expect(of(manchester.id).changeNotes).toEqual([
      'The city changes from London, United Kingdom to Manchester, United Kingdom.',
      'The venue changes from The Rooms, 1 High St to Mill Hall, 9 Canal St.',
    ])

    // Without the client's yes: 409 naming the changes, and nothing moved.
    for (const [target, names] of [
      [online.id, 'the format'],
      [manchester.id, 'the city and the venue'],
    ] as const) {
      const r = await move(w.client, b.id, target)
      expect(r.status).toBe(409)
      expect(r.body.message).toBe(`This date changes ${names}. Confirm the change to move (acceptChanges: true).`)
      expect(r.body.errors.acceptChanges).toEqual(of(target).changeNotes)
    }
    expect((await bookingRow(b.id)).workshop_schedule_id).toBe(w.schedule.id)
    expect(await seatsTaken(online.id)).toBe(0)
    // acceptChanges must be a boolean.
    const bad = await w.client.client.post(`/v1/bookings/${b.id}/reschedule`, { workshopScheduleId: online.id, acceptChanges: 'yes' })
    expect(bad.status).toBe(422)
    expect(bad.body.errors.acceptChanges).toEqual(['acceptChanges must be true or false.'])

    // A date at the same place needs no confirmation.
    expect((await move(w.client, b.id, same.id)).status).toBe(200)
    // With the client's yes, the move to the online date is made, and the mail says what changed.
    const ok = await w.client.client.post(`/v1/bookings/${b.id}/reschedule`, { workshopScheduleId: online.id, acceptChanges: true })
    expect(ok.status).toBe(200)
    expect((await bookingRow(b.id)).workshop_schedule_id).toBe(online.id)
    const mail = await waitForMail(w.client.user.email, (m) => m.subject === `New date: ${w.workshop.title}` && m.text.includes('online'))
    expect(mail.text).toContain('What else changes: The format changes from in person to online: there is no venue, you join with the meeting link.')
    expect(mail.text).toMatch(/now takes place on \w{3}, \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M – \d{1,2}:\d{2} [AP]M London time, instead of/)
    await countersMatchRows(w.schedule.id, same.id, online.id)
  })
})

describe('reschedule: moving', () => {
  test('same price: moved at once with its seats and invitations, both counters exact, booker and seat holders mailed the new .ics', async () => {
    const w = await world({ maxSeats: 5, price: 0 })
    const b = (await book(w.client, w.schedule.id, { seats: 3 })).body.data
    const next = await sibling(w, 30)
    // One seat accepted by a friend, one invitation still open.
    const friend = await actor()
    const seats = await em().execute(`select id from booking_seats where booking_id = ? order by created_at, id`, [b.id])
    await em().execute(`update booking_seats set user_id = ?, status = 'ACCEPTED' where id = ?`, [friend.user.id, seats[1].id])
    const sentAt = new Date()
    await em().execute(
      `update booking_seats set email = 'guest@example.com', status = 'PENDING', invitation_token_hash = ?, invitation_sent_at = ?, invitation_expires_at = ? where id = ?`,
      ['a'.repeat(64), sentAt, w.schedule.startDate, seats[2].id],
    )

    // The options: the other date, with its seats left and no difference.
    const options = await w.client.client.get(`/v1/bookings/${b.id}/reschedule-options`)
    expect(options.status).toBe(200)
    expect(options.body.data).toEqual([expect.objectContaining({ scheduleId: next.id, seatsLeft: 5, difference: 0, amountDue: 0 })])

    const r = await move(w.client, b.id, next.id)
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({ status: 'DONE', payment: null, workshopScheduleId: next.id, reschedule: { status: 'DONE', difference: 0, seats: 3 } })
    expect(await seatsTaken(w.schedule.id)).toBe(0)
    expect(await seatsTaken(next.id)).toBe(3)
    expect((await bookingRow(b.id)).workshop_schedule_id).toBe(next.id)
    // The seats are the booking's: they moved with it; the open invitation now lasts 14 days from sending (before the new start).
    const [inv] = await em().execute(`select invitation_sent_at, invitation_expires_at from booking_seats where id = ?`, [seats[2].id])
    expect(new Date(inv.invitation_expires_at).getTime()).toBe(new Date(inv.invitation_sent_at).getTime() + 14 * DAY)
    // Mails with the new date's calendar file, to the booker, the friend and the guest.
    for (const email of [w.client.user.email, friend.user.email, 'guest@example.com']) {
      const mail = await waitForMail(email, (m) => m.subject === `New date: ${w.workshop.title}`)
      expect(mail.attachments).toHaveLength(1)
      expect(mail.attachments[0].contentType).toStartWith('text/calendar')
      expect(mail.attachments[0].content).toContain(`UID:booking-${b.id}@`)
      expect(mail.attachments[0].content).toContain('SEQUENCE:1')
      expect(mail.attachments[0].content).toContain(`DTSTART;TZID=Europe/London:`)
    }
    // The booking's calendar file follows too.
    const ics = await w.client.client.get(`/v1/bookings/${b.id}/calendar.ics`)
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(next.startDate).replace(/-/g, '')
    expect(ics.body).toContain(`DTSTART;TZID=Europe/London:${day}`)
    await countersMatchRows(w.schedule.id, next.id)
  })

  test('cheaper now: moved at once, the difference refunded as a partial refund row sent to the card', async () => {
    const w = await world({ maxSeats: 5, price: 6000 })
    const done = await checkout(w.client, w.schedule.id, { seats: 2 })
    expect(done.ok).toBe(true)
    const next = await sibling(w, 20)
    await w.coach.client.withTeam(w.tenant.slug).patch(`/v1/workshops/${w.workshop.id}`, { price: 45 })
    const options = (await w.client.client.get(`/v1/bookings/${done.bookingId}/reschedule-options`)).body.data
    expect(options[0]).toMatchObject({ amountDue: 90, difference: -30 })
    const r = await move(w.client, done.bookingId!, next.id)
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({ status: 'DONE', reschedule: { difference: -30, amountDue: 90 } })
    expect(await bookingRow(done.bookingId!)).toMatchObject({ workshop_schedule_id: next.id, amount_due: 9000, amount_paid: 12000 })
    // One refund row of the difference, sent (the provider refunded 30.00 of the 120.00 charge).
    let refunds: any[] = []
    for (let i = 0; i < 40; i++) {
      refunds = await em().execute(`select amount, status, refund_id, reason from payments where booking_id = ? and kind = 'refund'`, [done.bookingId])
      if (refunds[0]?.status === 'succeeded') break
      await Bun.sleep(100)
    }
    expect(refunds).toHaveLength(1)
    expect(refunds[0]).toMatchObject({ amount: 3000, status: 'succeeded', reason: 'Moved to a cheaper date' })
    expect(refunds[0].refund_id).toBeString()
    const [charge] = await em().execute(
      `select amount, amount_refunded, status from payments where booking_id = ? and kind = 'payment' and status <> 'pending'`,
      [done.bookingId],
    )
    expect(charge).toMatchObject({ amount: 12000, amount_refunded: 3000, status: 'succeeded' })
    await countersMatchRows(w.schedule.id, next.id)
  })

  test('dearer now: the new seats are held while the difference is paid, then the booking moves', async () => {
    const w = await world({ maxSeats: 4, price: 5000 })
    const done = await checkout(w.client, w.schedule.id, { seats: 2 })
    expect(done.ok).toBe(true)
    const next = await sibling(w, 21)
    await w.coach.client.withTeam(w.tenant.slug).patch(`/v1/workshops/${w.workshop.id}`, { price: 65 })
    const r = await move(w.client, done.bookingId!, next.id)
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({ status: 'PAYMENT_REQUIRED', workshopScheduleId: w.schedule.id, reschedule: { status: 'PENDING', difference: 30 } })
    expect(r.body.data.payment).toMatchObject({ amount: 30, currency: 'usd' })
    // Held: the target counts the seats, the booking still has its old ones.
    expect(await seatsTaken(next.id)).toBe(2)
    expect(await seatsTaken(w.schedule.id)).toBe(2)
    await countersMatchRows(w.schedule.id, next.id)
    // Asking again gives the same hold and the same intent.
    const again = await move(w.client, done.bookingId!, next.id)
    expect(again.body.data.reschedule.id).toBe(r.body.data.reschedule.id)
    expect(again.body.data.payment.paymentIntentId).toBe(r.body.data.payment.paymentIntentId)
    expect(await seatsTaken(next.id)).toBe(2)

    // Not paid yet: finalize says so.
    const early = await w.client.client.post(`/v1/bookings/${done.bookingId}/reschedule/finalize`, { paymentIntentId: r.body.data.payment.paymentIntentId })
    expect(early.status).toBe(409)
    const paid = await payInBrowser(r.body.data.payment.clientSecret)
    expect((paid as any).status).toBe('succeeded')
    const fin = await w.client.client.post(`/v1/bookings/${done.bookingId}/reschedule/finalize`, { paymentIntentId: r.body.data.payment.paymentIntentId })
    expect(fin.status).toBe(200)
    expect(fin.body.data).toMatchObject({ status: 'DONE', difference: 30 })
    expect(await bookingRow(done.bookingId!)).toMatchObject({ workshop_schedule_id: next.id, amount_due: 13000, amount_paid: 13000, status: 'CONFIRMED' })
    expect(await seatsTaken(w.schedule.id)).toBe(0)
    expect(await seatsTaken(next.id)).toBe(2)
    // Finalizing twice changes nothing.
    const twice = await w.client.client.post(`/v1/bookings/${done.bookingId}/reschedule/finalize`, { paymentIntentId: r.body.data.payment.paymentIntentId })
    expect(twice.status).toBe(200)
    expect(await seatsTaken(next.id)).toBe(2)
    const payments = await em().execute(`select amount, status from payments where booking_id = ? and kind = 'payment' order by created_at`, [done.bookingId])
    expect(payments.map((p: any) => [p.amount, p.status])).toEqual([
      [10000, 'succeeded'],
      [3000, 'succeeded'],
    ])
    await waitForMail(w.client.user.email, (m) => m.subject === `New date: ${w.workshop.title}`)
    await countersMatchRows(w.schedule.id, next.id)
  })

  test('a hold not paid in time gives the new seats back; a payment after that still moves the booking if the seats are free', async () => {
    const w = await world({ maxSeats: 2, price: 5000 })
    const done = await checkout(w.client, w.schedule.id, { seats: 2 })
    const next = await sibling(w, 22)
    await w.coach.client.withTeam(w.tenant.slug).patch(`/v1/workshops/${w.workshop.id}`, { price: 60 })
    const r = await move(w.client, done.bookingId!, next.id)
    expect(await seatsTaken(next.id)).toBe(2)
    clock.shift(16 * 60_000)
    await runNow(EXPIRE_RESCHEDULE_JOB, { bookingId: done.bookingId })
    expect(await seatsTaken(next.id)).toBe(0)
    const [row] = await em().execute(`select status from booking_reschedules where id = ?`, [r.body.data.reschedule.id])
    expect(row.status).toBe('EXPIRED')
    await countersMatchRows(w.schedule.id, next.id)
    // Paid late: the seats are still free, so the move is made.
    await payInBrowser(r.body.data.payment.clientSecret)
    const fin = await w.client.client.post(`/v1/bookings/${done.bookingId}/reschedule/finalize`, { paymentIntentId: r.body.data.payment.paymentIntentId })
    expect(fin.status).toBe(200)
    expect(await seatsTaken(next.id)).toBe(2)
    expect(await seatsTaken(w.schedule.id)).toBe(0)
    await countersMatchRows(w.schedule.id, next.id)
  })

  test('moving frees the old seats for the waitlist', async () => {
    const w = await world({ maxSeats: 1, price: 0 })
    const b = (await book(w.client, w.schedule.id)).body.data
    const waiter = await actor()
    expect((await waiter.client.post(`/v1/workshop-schedules/${w.schedule.id}/waitlist`, { seats: 1 })).status).toBe(201)
    const next = await sibling(w, 15)
    expect((await move(w.client, b.id, next.id)).status).toBe(200)
    expect((await waiter.client.get('/v1/waitlist')).body.data[0].status).toBe('OFFERED')
    await countersMatchRows(w.schedule.id, next.id)
  })
})

/** Requests this app answered 503 because PostgreSQL found a deadlock (the metrics counter). */
async function deadlocks() {
  const { registry } = await import('../../src/platform/metrics')
  const metric = (await registry.getMetricsAsJSON()).find((m) => m.name === 'summit_database_unavailable_total')
  return (metric?.values ?? []).filter((v) => v.labels.cause === 'deadlock').reduce((n, v) => n + v.value, 0)
}

describe('reschedule: races', () => {
  test('40 parallel moves in both directions never deadlock and keep both counters exact', async () => {
    const w = await world({ maxSeats: 30, price: 0 })
    const other = await sibling(w, 10)
    const a = await manyClients(20)
    const b = await manyClients(20)
    const onA = await Promise.all(a.map((c) => postOnce(c, '/v1/bookings', { userId: c.user.id, workshopScheduleId: w.schedule.id })))
    const onB = await Promise.all(b.map((c) => postOnce(c, '/v1/bookings', { userId: c.user.id, workshopScheduleId: other.id })))
    expect([...onA, ...onB].every((r) => r.status === 201)).toBe(true)
    // 30 seats each, 20 taken each: every move in either direction fits only while the other side moves out.
    const deadlocksBefore = await deadlocks()
    const results = await Promise.all([
      ...onA.map((r, i) => postRetrying(a[i], `/v1/bookings/${r.body.data.id}/reschedule`, { workshopScheduleId: other.id })),
      ...onB.map((r, i) => postRetrying(b[i], `/v1/bookings/${r.body.data.id}/reschedule`, { workshopScheduleId: w.schedule.id })),
    ])
    // Moved, or refused for want of seats: nothing else (no error), and no deadlock even among moves sent again.
    expect(results.filter((r) => !(r.status === 200 || (r.status === 409 && /seats? left|fully booked/.test(r.body.message))))).toEqual([])
    expect(await deadlocks()).toBe(deadlocksBefore)
    const moved = results.filter((r) => r.status === 200).length
    expect(moved).toBeGreaterThanOrEqual(20)
    await countersMatchRows(w.schedule.id, other.id)
    expect((await seatsTaken(w.schedule.id)) + (await seatsTaken(other.id))).toBe(40)
  })

  test('30 parallel moves onto the last 5 seats: 5 move, 25 get 409', async () => {
    const w = await world({ maxSeats: 30, price: 0 })
    const target = await sibling(w, 11)
    const filler = await actor()
    expect((await book(filler, target.id, { seats: 25 })).status).toBe(201)
    const clients = await manyClients(30)
    const booked = await Promise.all(clients.map((c) => postOnce(c, '/v1/bookings', { userId: c.user.id, workshopScheduleId: w.schedule.id })))
    const results = await Promise.all(
      booked.map((r, i) => postOnce(clients[i], `/v1/bookings/${r.body.data.id}/reschedule`, { workshopScheduleId: target.id })),
    )
    expect(results.filter((r) => r.status === 200)).toHaveLength(5)
    expect(results.filter((r) => r.status === 409)).toHaveLength(25)
    expect(await seatsTaken(target.id)).toBe(30)
    expect(await seatsTaken(w.schedule.id)).toBe(25)
    await countersMatchRows(w.schedule.id, target.id)
  })
})
