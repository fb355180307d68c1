/**
 * Parallel checkouts must never stall the product: the same client paying several bookings at
 * once, across schedules of one tenant, and many clients on one schedule. Every checkout ends,
 * seats add up exactly, and the database answers a plain read right after.
 */
import { describe, expect, test } from 'bun:test'
import { actor, app, em, tenant as makeTenant } from '../client'
import { makeSchedule, manyClients } from './bookings.fixtures'
import { checkout } from './checkout.fixtures'

// A stalled server must fail these tests, not hang them.
const STORM_TIMEOUT = 150_000

async function confirmedSeats(scheduleId: string) {
  const [r] = await em().execute(
    `select coalesce(sum(seats) filter (where status = 'CONFIRMED'), 0)::int as confirmed,
            coalesce(sum(seats) filter (where status in ('PENDING', 'CONFIRMED')), 0)::int as held,
            (select seats_taken from workshop_schedules where id = ?) as taken
       from bookings where workshop_schedule_id = ?`,
    [scheduleId, scheduleId],
  )
  return { confirmed: Number(r.confirmed), held: Number(r.held), taken: Number(r.taken) }
}

/** A plain read through the API answers promptly (no pool exhaustion, no stuck locks). */
async function plainReadAnswers() {
  const t0 = performance.now()
  const res = await fetch(`${app().url}/v1/public/workshop-schedules?perPage=1`, { signal: AbortSignal.timeout(5000) })
  expect(res.status).toBe(200)
  const [{ one }] = await em().execute('select 1 as one')
  expect(Number(one)).toBe(1)
  return performance.now() - t0
}

describe('reliability: parallel checkouts', () => {
  test(
    '30 checkouts at once by two clients across four schedules of one tenant all finish',
    async () => {
      const t = await makeTenant()
      const coach = await actor({ roles: ['coach'], tenant: t })
      const schedules = await Promise.all([0, 1, 2, 3].map(() => makeSchedule({ tenant: t, coach, price: 2500, maxSeats: 20 }).then((s) => s.schedule)))
      const clients = [await actor(), await actor()]
      const t0 = performance.now()
      const results = await Promise.all(Array.from({ length: 30 }, (_, i) => checkout(clients[i % 2], schedules[i % 4].id)))
      const wall = performance.now() - t0
      const failed = results.filter((r) => !r.ok)
      expect(failed).toEqual([])
      let total = 0
      for (const s of schedules) {
        const seats = await confirmedSeats(s.id)
        expect(seats.confirmed).toBe(seats.taken)
        expect(seats.held).toBe(seats.taken)
        total += seats.confirmed
      }
      expect(total).toBe(30)
      expect(await plainReadAnswers()).toBeLessThan(5000)
      expect(wall).toBeLessThan(STORM_TIMEOUT)
    },
    STORM_TIMEOUT,
  )

  test(
    '30 checkouts at once by distinct clients on one schedule: exactly capacity confirmed',
    async () => {
      const t = await makeTenant()
      const coach = await actor({ roles: ['coach'], tenant: t })
      const { schedule } = await makeSchedule({ tenant: t, coach, price: 2500, maxSeats: 25 })
      const clients = await manyClients(30)
      const results = await Promise.all(clients.map((c) => checkout(c, schedule.id)))
      const done = results.filter((r) => r.ok)
      const refused = results.filter((r) => !r.ok)
      // Capacity 25: 25 confirmed, 5 refused at booking with a 409, nothing else.
      // (What stopped each refused one first: a failure names its step and reason.)
      expect(refused.map((r) => `${r.step} ${r.status ?? r.message}`)).toEqual(Array(5).fill('book 409'))
      expect(done.length).toBe(25)
      const seats = await confirmedSeats(schedule.id)
      expect(seats).toEqual({ confirmed: 25, held: 25, taken: 25 })
      expect(await plainReadAnswers()).toBeLessThan(5000)
    },
    STORM_TIMEOUT,
  )
})
