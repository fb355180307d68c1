/**
 * Races as real parallel HTTP requests against real PostgreSQL: the database decides who gets
 * the last seats and the last voucher use.
 */
import { describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { Actor } from '../client'
import { em } from '../client'
import { manyClients as actors, book, postOnce, seatsTaken, world } from './bookings.fixtures'

// Many real requests per test: generous on a busy machine (applies to this file).
setDefaultTimeout(60_000)

const race = (c: Actor, scheduleId: string, extra: Record<string, unknown> = {}) =>
  postOnce(c, '/v1/bookings', { userId: c.user.id, workshopScheduleId: scheduleId, ...extra })

const RACE_TIMEOUT = 60_000

describe('races', () => {
  test(
    '64 clients booking the last 3 seats at once: exactly 3 succeed, 61 get 409, never oversold',
    async () => {
      const w = await world({ maxSeats: 20, seatsTaken: 17 })
      const clients = await actors(64)
      const results = await Promise.all(clients.map((c) => race(c, w.schedule.id)))
      const ok = results.filter((r) => r.status === 201)
      const refused = results.filter((r) => r.status === 409)
      expect(ok.length).toBe(3)
      expect(refused.length).toBe(61)
      expect(refused.every((r) => /^(Only \d+ seats? left\.|This workshop is fully booked\.)$/.test(r.body.message))).toBe(true)
      expect(await seatsTaken(w.schedule.id)).toBe(20)
      const [{ n }] = await em().execute(`select count(*)::int as n from bookings where workshop_schedule_id = ? and status in ('PENDING', 'CONFIRMED')`, [
        w.schedule.id,
      ])
      expect(n).toBe(3)
    },
    RACE_TIMEOUT,
  )

  test(
    '64 clients asking for 2 seats each with 5 left: 2 bookings, then "Only 1 seat left."',
    async () => {
      const w = await world({ maxSeats: 10, seatsTaken: 5 })
      const clients = await actors(64)
      const results = await Promise.all(clients.map((c) => race(c, w.schedule.id, { seats: 2 })))
      expect(results.filter((r) => r.status === 201).length).toBe(2)
      expect(results.filter((r) => r.status === 409).length).toBe(62)
      expect(await seatsTaken(w.schedule.id)).toBe(9)
      const later = await book(clients[0], w.schedule.id, { seats: 2 })
      expect(later.body.message).toBe('Only 1 seat left.')
    },
    RACE_TIMEOUT,
  )

  test(
    '50 redeems of a maxUses=1 voucher at once (by its tenant manager): exactly one succeeds',
    async () => {
      const w = await world()
      const created = await w.coach.client.post('/v1/vouchers', { code: 'ONLYONE', data: { discountType: 'percentage', discountValue: 10, maxUses: 1 } })
      expect(created.status).toBe(201)
      const results = await Promise.all(Array.from({ length: 50 }, () => postOnce(w.coach, `/v1/vouchers/${created.body.data.id}/redeem`)))
      expect(results.filter((r) => r.status === 200).length).toBe(1)
      const refused = results.filter((r) => r.status === 409)
      expect(refused.length).toBe(49)
      expect(refused[0].body.message).toBe('This voucher has been fully used.')
      const [{ uses }] = await em().execute('select uses from vouchers where id = ?', [created.body.data.id])
      expect(uses).toBe(1)
    },
    RACE_TIMEOUT,
  )

  test(
    'a maxUses=1 voucher raced through bookings: one discounted booking, the rest 422',
    async () => {
      const w = await world({ maxSeats: 100 })
      await w.coach.client.post('/v1/vouchers', { code: 'FIRSTFREE', data: { discountType: 'free', maxUses: 1 } })
      const clients = await actors(30)
      const results = await Promise.all(clients.map((c) => race(c, w.schedule.id, { voucherCode: 'firstfree' })))
      const ok = results.filter((r) => r.status === 201)
      expect(ok.length).toBe(1)
      expect(ok[0].body.data).toMatchObject({ status: 'CONFIRMED', amountDue: 0, voucherCode: 'FIRSTFREE' })
      expect(results.filter((r) => r.status === 422).every((r) => r.body.errors.voucherCode[0] === 'This voucher has been fully used.')).toBe(true)
      expect(await seatsTaken(w.schedule.id)).toBe(1)
    },
    RACE_TIMEOUT,
  )
})
