/**
 * The waitlist: joining a fully booked schedule, automatic group-aware offers when seats come
 * free (cancellation, expired hold, expired offer, leaving, more seats), offers held on the seat
 * counter and booked without a second capacity check, and the race: 50 parallel cancellations
 * and joins never oversell and never offer a seat twice.
 */
import { afterEach, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { RELEASE_HOLD_JOB } from '../../src/modules/bookings/booking.service'
import { EXPIRE_OFFER_JOB, SWEEP_WAITLIST_JOB } from '../../src/modules/bookings/waitlist.service'
import { clock } from '../../src/platform/clock'
import { runNow } from '../../src/platform/jobs'
import { type Actor, actor, Client, em } from '../client'
import { extractLink, mailsTo, waitForMail } from '../mail'
import { book, manyClients, postOnce, postRetrying, seatsTaken, world } from './bookings.fixtures'

setDefaultTimeout(90_000)
afterEach(() => clock.reset())

const join = (a: Actor, scheduleId: string, seats = 1) => a.client.post(`/v1/workshop-schedules/${scheduleId}/waitlist`, { seats })
const leave = (a: Actor, scheduleId: string) => a.client.delete(`/v1/workshop-schedules/${scheduleId}/waitlist`)
const cancel = (a: Actor, bookingId: string) => a.client.post(`/v1/bookings/${bookingId}/cancel`, { reason: 'Cannot make it' })

async function entry(id: string) {
  const [r] = await em().execute(`select status, seats, booking_id, offer_expires_at from waitlist_entries where id = ?`, [id])
  return r as { status: string; seats: number; booking_id: string | null; offer_expires_at: Date | null }
}

/** A full schedule of `max` seats: one confirmed booking per seat count given (free workshop: confirmed at once). */
async function fullSchedule(parties: number[], opts: { price?: number } = {}) {
  const max = parties.reduce((a, b) => a + b, 0)
  const w = await world({ maxSeats: max, price: opts.price ?? 0 })
  const bookers: { who: Actor; id: string }[] = []
  for (const seats of parties) {
    const who = await actor()
    const r = await book(who, w.schedule.id, { seats })
    expect(r.status).toBe(201)
    bookers.push({ who, id: r.body.data.id })
  }
  expect(await seatsTaken(w.schedule.id)).toBe(max)
  return { ...w, bookers }
}

/** The counter must equal the rows: held and confirmed bookings plus open offers. */
async function countersMatchRows(scheduleId: string) {
  const [r] = await em().execute(
    `select s.seats_taken, w.max_seats,
            (select coalesce(sum(seats), 0) from bookings b where b.workshop_schedule_id = s.id and b.status in ('PENDING', 'CONFIRMED') and b.deleted_at is null)::int as booked,
            (select coalesce(sum(seats), 0) from waitlist_entries e where e.workshop_schedule_id = s.id and e.status = 'OFFERED')::int as offered
       from workshop_schedules s join workshops w on w.id = s.workshop_id where s.id = ?`,
    [scheduleId],
  )
  const taken = Number(r.seats_taken)
  expect(taken).toBe(Number(r.booked) + Number(r.offered))
  expect(taken).toBeLessThanOrEqual(Number(r.max_seats))
  return { taken, max: Number(r.max_seats), booked: Number(r.booked), offered: Number(r.offered) }
}

describe('waitlist: joining and leaving', () => {
  test('only a full schedule takes a waitlist; one open entry per person; 1 to the workshop max seats', async () => {
    const w = await world({ maxSeats: 3, price: 0 })
    // Seats are free: book instead.
    let r = await join(w.client, w.schedule.id, 2)
    expect(r.status).toBe(409)
    expect(r.body.message).toBe('3 seats are free: book them instead of joining the waitlist.')
    expect((await book(await actor(), w.schedule.id, { seats: 2 })).status).toBe(201)
    // One seat left: a party of 2 may wait, a party of 1 should book it.
    r = await join(w.client, w.schedule.id, 1)
    expect(r.status).toBe(409)
    expect(r.body.message).toBe('1 seat is free: book it instead of joining the waitlist.')
    r = await join(w.client, w.schedule.id, 2)
    expect(r.status).toBe(201)
    expect(r.body.data).toMatchObject({ position: 1, seats: 2, status: 'WAITING' })
    expect(Object.keys(r.body.data)).toEqual(expect.arrayContaining(['id', 'position', 'seats', 'status']))
    const first = r.body.data.id
    // Again: 409.
    r = await join(w.client, w.schedule.id, 2)
    expect(r.status).toBe(409)
    expect(r.body.message).toBe('You are already on the waitlist for this workshop.')
    // More than the workshop's seats, or fewer than one: 422 on seats.
    const other = await actor()
    r = await join(other, w.schedule.id, 4)
    expect(r.status).toBe(422)
    expect(r.body.errors.seats).toEqual(['At most 3 seats can be booked on this workshop.'])
    r = await join(other, w.schedule.id, 0)
    expect(r.status).toBe(422)
    expect(r.body.errors.seats).toEqual(['At least 1 seat is required'])
    r = await join(other, w.schedule.id, 3)
    expect(r.body.data).toMatchObject({ position: 2, seats: 3, status: 'WAITING' })
    // Strangers, unknown schedules.
    expect((await new Client().post(`/v1/workshop-schedules/${w.schedule.id}/waitlist`, { seats: 1 })).status).toBe(401)
    expect((await join(other, crypto.randomUUID(), 1)).status).toBe(404)
    expect((await join(other, 'nope', 1)).status).toBe(404)

    // The list of mine, and the schedule's view.
    const mine = await w.client.client.get('/v1/waitlist')
    expect(mine.status).toBe(200)
    expect(mine.body.data).toHaveLength(1)
    expect(mine.body.data[0]).toMatchObject({ id: first, position: 1, seats: 2, status: 'WAITING', workshopTitle: w.workshop.title })
    const view = await other.client.get(`/v1/workshop-schedules/${w.schedule.id}/waitlist`)
    expect(view.body.data).toMatchObject({ waiting: 2, seatsWaiting: 5, mine: { position: 2, seats: 3 } })

    // The coach's workshop page shows the schedule's waitlist length.
    const page = await w.coach.client.get(`/c/workshops/${w.workshop.id}`, { accept: 'text/html' })
    expect(page.status).toBe(200)
    expect(String(page.body).replaceAll('<!-- -->', '')).toContain('data-testid="waitlist-length">2 people waiting (5 seats)</span>')

    // Leaving: the next one moves up; leaving twice is a 404.
    r = await leave(w.client, w.schedule.id)
    expect(r.status).toBe(200)
    expect(r.body.data.status).toBe('LEFT')
    expect((await leave(w.client, w.schedule.id)).status).toBe(404)
    expect((await other.client.get('/v1/waitlist')).body.data[0].position).toBe(1)
    // A person who left may join again, at the end.
    r = await join(w.client, w.schedule.id, 2)
    expect(r.body.data).toMatchObject({ position: 2, status: 'WAITING' })
    await countersMatchRows(w.schedule.id)
  })

  test('an unpublished or started schedule takes no waitlist', async () => {
    const draft = await world({ maxSeats: 1, status: 'DRAFT' })
    expect((await join(draft.client, draft.schedule.id, 1)).status).toBe(404)
    const w = await fullSchedule([1])
    clock.shift(8 * 86_400_000)
    const r = await join(w.client, w.schedule.id, 1)
    expect(r.status).toBe(409)
    expect(r.body.message).toBe('This workshop has already started and can no longer be booked.')
  })
})

describe('waitlist: offers', () => {
  test('a cancellation offers the freed seat to the first party that fits; the party of 3 keeps its place for 3 seats', async () => {
    const w = await fullSchedule([1, 1, 1, 1])
    const trio = await actor()
    const solo = await actor()
    const late = await actor()
    const trioEntry = (await join(trio, w.schedule.id, 3)).body.data
    const soloEntry = (await join(solo, w.schedule.id, 1)).body.data
    expect(trioEntry.position).toBe(1)
    expect(soloEntry.position).toBe(2)

    // One seat freed: the trio does not fit, the solo behind it is offered the seat.
    expect((await cancel(w.bookers[0].who, w.bookers[0].id)).status).toBe(200)
    expect((await entry(soloEntry.id)).status).toBe('OFFERED')
    expect((await entry(trioEntry.id)).status).toBe('WAITING')
    // The offered seat counts as taken: nobody else can book it, and a newcomer may wait.
    expect(await seatsTaken(w.schedule.id)).toBe(4)
    const r = await book(late, w.schedule.id, { seats: 1 })
    expect(r.status).toBe(409)
    expect(r.body.message).toBe('This workshop is fully booked.')
    expect((await join(late, w.schedule.id, 1)).body.data.position).toBe(3)

    // The offer mail links to the checkout for exactly that seat.
    const mail = await waitForMail(solo.user.email, (m) => m.subject.startsWith('1 seat free for you'))
    expect(mail.text).toContain('1 seat is held for you until')
    const link = extractLink(mail, '/book?offer=')
    expect(link).toBe(`${new URL(link).origin}/workshops/${w.schedule.id}/book?offer=${soloEntry.id}`)
    const mine = (await solo.client.get('/v1/waitlist')).body.data[0]
    expect(mine).toMatchObject({ status: 'OFFERED', position: 2 })
    const left = new Date(mine.offerExpiresAt).getTime() - Date.now()
    expect(left).toBeGreaterThan(59 * 60_000)
    expect(left).toBeLessThanOrEqual(60 * 60_000 + 1000)

    // The next seat freed goes to the newcomer (a party of 1); the trio still does not fit.
    await cancel(w.bookers[1].who, w.bookers[1].id)
    expect((await late.client.get('/v1/waitlist')).body.data[0].status).toBe('OFFERED')
    expect((await entry(trioEntry.id)).status).toBe('WAITING')
    expect(await seatsTaken(w.schedule.id)).toBe(4)
    // Two more freed: 2 free, the trio keeps waiting.
    await cancel(w.bookers[2].who, w.bookers[2].id)
    await cancel(w.bookers[3].who, w.bookers[3].id)
    expect(await seatsTaken(w.schedule.id)).toBe(2)
    expect((await entry(trioEntry.id)).status).toBe('WAITING')
    // The late one leaves its offer: 3 free together, the trio is offered them.
    expect((await leave(late, w.schedule.id)).body.data.status).toBe('LEFT')
    expect((await entry(trioEntry.id)).status).toBe('OFFERED')
    expect(await seatsTaken(w.schedule.id)).toBe(4)
    await countersMatchRows(w.schedule.id)
  })

  test('booking an offer takes its held seats without another capacity check; the offer is for exactly its seats and its holder', async () => {
    const w = await fullSchedule([2], { price: 5000 })
    const pair = await actor()
    const stranger = await actor()
    const e = (await join(pair, w.schedule.id, 2)).body.data
    await cancel(w.bookers[0].who, w.bookers[0].id)
    expect((await entry(e.id)).status).toBe('OFFERED')
    // Someone else cannot use it, nor can the holder book another number of seats.
    let r = await book(stranger, w.schedule.id, { seats: 2, waitlistEntryId: e.id })
    expect(r.status).toBe(422)
    expect(r.body.errors.waitlistEntryId).toEqual(['This waitlist offer is not yours.'])
    r = await book(pair, w.schedule.id, { seats: 1, waitlistEntryId: e.id })
    expect(r.status).toBe(422)
    expect(r.body.errors.seats).toEqual(['This offer is for exactly 2 seats.'])
    expect(await seatsTaken(w.schedule.id)).toBe(2)
    // The full schedule is no obstacle: the seats are the offer's.
    r = await book(pair, w.schedule.id, { seats: 2, waitlistEntryId: e.id })
    expect(r.status).toBe(201)
    expect(r.body.data).toMatchObject({ status: 'PENDING', seats: 2, amountDue: 100 })
    expect(await seatsTaken(w.schedule.id)).toBe(2)
    expect(await entry(e.id)).toMatchObject({ status: 'BOOKED', booking_id: r.body.data.id })
    // Used once.
    const again = await book(pair, w.schedule.id, { seats: 2, waitlistEntryId: e.id })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('This offer has already been booked.')
    await countersMatchRows(w.schedule.id)

    // The booking's hold expires unpaid: the seats go to the waitlist again.
    const next = await actor()
    await join(next, w.schedule.id, 2)
    clock.shift(16 * 60_000)
    await runNow(RELEASE_HOLD_JOB, { bookingId: r.body.data.id })
    expect((await next.client.get('/v1/waitlist')).body.data[0].status).toBe('OFFERED')
    await countersMatchRows(w.schedule.id)
  })

  test('an offer not taken in time passes to the next in line (its job, and the sweep)', async () => {
    const w = await fullSchedule([1, 1])
    const [a, b, c] = [await actor(), await actor(), await actor()]
    const ea = (await join(a, w.schedule.id, 1)).body.data
    const eb = (await join(b, w.schedule.id, 1)).body.data
    const ec = (await join(c, w.schedule.id, 1)).body.data
    await cancel(w.bookers[0].who, w.bookers[0].id)
    expect((await entry(ea.id)).status).toBe('OFFERED')
    // Not yet due.
    clock.shift(59 * 60_000)
    await runNow(EXPIRE_OFFER_JOB, { entryId: ea.id })
    expect((await entry(ea.id)).status).toBe('OFFERED')
    clock.shift(2 * 60_000)
    await runNow(EXPIRE_OFFER_JOB, { entryId: ea.id })
    expect((await entry(ea.id)).status).toBe('EXPIRED')
    expect((await entry(eb.id)).status).toBe('OFFERED')
    await waitForMail(b.user.email, (m) => m.subject.startsWith('1 seat free for you'))
    // Too late to book it.
    const r = await book(a, w.schedule.id, { seats: 1, waitlistEntryId: ea.id })
    expect(r.status).toBe(409)
    expect(r.body.message).toBe('This offer is no longer open.')
    // The sweep expires b's offer without its job.
    clock.shift(61 * 60_000)
    await runNow(SWEEP_WAITLIST_JOB)
    expect((await entry(eb.id)).status).toBe('EXPIRED')
    expect((await entry(ec.id)).status).toBe('OFFERED')
    await countersMatchRows(w.schedule.id)
  })

  test('the coach raising the maximum seats offers the new seats to the waitlist at once', async () => {
    const w = await fullSchedule([2])
    const [a, b] = [await actor(), await actor()]
    const ea = (await join(a, w.schedule.id, 2)).body.data
    const eb = (await join(b, w.schedule.id, 1)).body.data
    const r = await w.coach.client.withTeam(w.tenant.slug).patch(`/v1/workshops/${w.workshop.id}`, { maxSeats: 3 })
    expect(r.status).toBe(200)
    expect(r.body.data.maxSeats).toBe(3)
    // One new seat: the pair waits, the single behind it gets it.
    expect((await entry(ea.id)).status).toBe('WAITING')
    expect((await entry(eb.id)).status).toBe('OFFERED')
    await w.coach.client.patch(`/v1/workshops/${w.workshop.id}`, { maxSeats: 5 })
    expect((await entry(ea.id)).status).toBe('OFFERED')
    expect(await countersMatchRows(w.schedule.id)).toMatchObject({ taken: 5, max: 5, offered: 3 })
  })

  test('a cancelled schedule closes its waitlist, gives offered seats back and tells who waited', async () => {
    const w = await fullSchedule([1, 1])
    const [a, b] = [await actor(), await actor()]
    await join(a, w.schedule.id, 1)
    const eb = (await join(b, w.schedule.id, 2)).body.data
    await cancel(w.bookers[0].who, w.bookers[0].id)
    const r = await w.coach.client.withTeam(w.tenant.slug).post(`/v1/workshop-schedules/${w.schedule.id}/cancel`, { reason: 'The venue flooded' })
    expect(r.status).toBe(200)
    expect((await entry(eb.id)).status).toBe('CLOSED')
    expect((await a.client.get('/v1/waitlist')).body.data).toEqual([])
    await waitForMail(b.user.email, (m) => m.subject.startsWith('Cancelled:') && m.text.includes('its waitlist is closed'))
    expect(await seatsTaken(w.schedule.id)).toBe(0)
  })
})

describe('waitlist: races', () => {
  test('50 parallel cancellations and joins (and outsiders booking) never oversell and never offer a seat twice', async () => {
    // 25 seats booked one by one; 15 parties of 1 to 3 already waiting.
    const w = await world({ maxSeats: 25, price: 0 })
    const bookers = await manyClients(25)
    // (Set-up: a booking the product shed under load is sent again, as a client would.)
    const booked = await Promise.all(bookers.map((c) => postRetrying(c, '/v1/bookings', { userId: c.user.id, workshopScheduleId: w.schedule.id }, 5)))
    expect(booked.every((r) => r.status === 201)).toBe(true)
    const waiting = await manyClients(15)
    for (const [i, c] of waiting.entries()) expect((await join(c, w.schedule.id, (i % 3) + 1)).status).toBe(201)
    const joiners = await manyClients(25)
    const outsiders = await manyClients(10)

    // 25 cancellations and 25 joins at once, with 10 outsiders trying to book a seat meanwhile.
    const results = await Promise.all([
      ...booked.map((r, i) => postOnce(bookers[i], `/v1/bookings/${r.body.data.id}/cancel`, { reason: 'Race' })),
      ...joiners.map((c, i) => postOnce(c, `/v1/workshop-schedules/${w.schedule.id}/waitlist`, { seats: (i % 3) + 1 })),
      ...outsiders.map((c) => postOnce(c, '/v1/bookings', { userId: c.user.id, workshopScheduleId: w.schedule.id })),
    ])
    const cancels = results.slice(0, 25)
    const joins = results.slice(25, 50)
    // Every cancellation goes through: no deadlock (a 503) between cancellers, joiners and bookers.
    expect(cancels.map((r) => r.status)).toEqual(Array(25).fill(200))
    // A join answers 201, or 409 when its seats were free at that moment (book instead).
    expect(joins.every((r) => r.status === 201 || (r.status === 409 && /free: book/.test(r.body.message)))).toBe(true)
    expect(results.every((r) => r.status < 500)).toBe(true)

    const c = await countersMatchRows(w.schedule.id)
    // Every freed seat that some party fits went to the waitlist: no open entry fits what is free.
    const free = c.max - c.taken
    const [{ fits }] = await em().execute(
      `select count(*)::int as fits from waitlist_entries where workshop_schedule_id = ? and status = 'WAITING' and seats <= ?`,
      [w.schedule.id, free],
    )
    expect(fits).toBe(0)
    // Never a seat offered twice: each offer's seats were added to the counter once (above), and
    // every open offer was mailed once, to its own holder.
    const offered = await em().execute<{ id: string; email: string }[]>(
      `select e.id, u.email from waitlist_entries e join users u on u.id = e.user_id where e.workshop_schedule_id = ? and e.status = 'OFFERED'`,
      [w.schedule.id],
    )
    expect(offered.length).toBeGreaterThan(0)
    for (const o of offered) {
      await waitForMail(o.email, (m) => m.text.includes(`offer=${o.id}`), 15_000)
      expect(mailsTo(o.email).filter((m) => m.text.includes(`offer=${o.id}`))).toHaveLength(1)
    }
    // Offers were made in queue order among the parties that fitted: nobody who joined before
    // an offered party of the same size or smaller is still waiting.
    const [{ skipped }] = await em().execute(
      `select count(*)::int as skipped from waitlist_entries w1 join waitlist_entries o on o.workshop_schedule_id = w1.workshop_schedule_id
        where w1.workshop_schedule_id = ? and w1.status = 'WAITING' and o.status = 'OFFERED' and w1.position < o.position and w1.seats <= o.seats`,
      [w.schedule.id],
    )
    expect(skipped).toBe(0)
  })
})
