/**
 * GET /v1/tables/{kind}: the page data of the list tables' island. Signed-in only, coach lists
 * for coaches only, each person's rows only; paging, multi-sort and filters on the server; bad
 * input never a 500.
 */
import { beforeAll, describe, expect, test } from 'bun:test'
import { actor, Client } from '../client'
import { coachBusiness, pageClient } from './coach.fixtures'

let biz: Awaited<ReturnType<typeof coachBusiness>>
let me: Client
beforeAll(async () => {
  biz = await coachBusiness(13)
  me = await pageClient(biz.client.user)
}, 120_000)

describe('list table data', () => {
  test('guards: 401 signed out, 404 unknown table, 403 a coach list for a client', async () => {
    expect((await new Client().get('/v1/tables/client-bookings')).status).toBe(401)
    expect((await me.get('/v1/tables/nope')).status).toBe(404)
    expect((await me.get('/v1/tables/coach-bookings')).status).toBe(403)
  })

  test('pages of 10 from index 0; page 2 has the rest; a page past the end gives the last', async () => {
    const first = await me.get('/v1/tables/client-bookings')
    expect([first.status, first.body.total, first.body.rows.length, first.body.state.page]).toEqual([200, 13, 10, 0])
    const second = await me.get('/v1/tables/client-bookings?page=2')
    expect([second.body.rows.length, second.body.state.page]).toEqual([3, 1])
    const ids = new Set([...first.body.rows, ...second.body.rows].map((r: any) => r.id))
    expect(ids.size).toBe(13)
    expect((await me.get('/v1/tables/client-bookings?page=99')).body.state.page).toBe(1)
  })

  test('multi-sort and filters on the server; unknown sorts and filters are ignored', async () => {
    const res = await me.get('/v1/tables/client-bookings?sort=seats,-status')
    const rows = res.body.rows.map((r: any) => [r.cells.seats.text.split('/')[1], r.cells.status.text])
    const sorted = [...rows].sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? 1 : a[1] > b[1] ? -1 : 0) : a[0] < b[0] ? -1 : 1))
    expect(rows).toEqual(sorted)
    const cancelled = await me.get('/v1/tables/client-bookings?status=CANCELLED')
    expect([cancelled.body.total, ...new Set(cancelled.body.rows.map((r: any) => r.cells.status.text))]).toEqual([3, 'Cancelled'])
    const odd = await me.get(`/v1/tables/client-bookings?sort=${encodeURIComponent('title;drop table users,-x')}&status=${encodeURIComponent("' or 1=1")}`)
    expect([odd.status, odd.body.total]).toEqual([200, 13])
    // The page is checked like every list's: a whole number from 1 to 10,000, else a 422 naming it.
    for (const page of ['abc', '0', '1.5', '1e309', '99999999999999999999', '10001']) {
      const bad = await me.get(`/v1/tables/client-bookings?page=${page}`)
      expect({ page, status: bad.status, field: bad.body.errors?.page }).toEqual({
        page,
        status: 422,
        field: ['The page must be a whole number from 1 to 10,000.'],
      })
    }
  })

  test('each person sees their own rows only, whatever the scope asked', async () => {
    const stranger = await actor()
    const other = await pageClient(stranger.user)
    expect((await other.get('/v1/tables/client-bookings')).body.total).toBe(0)
    const b = biz.bookings[0].booking.id
    expect((await other.get(`/v1/tables/client-payments?_booking=${b}`)).body.total).toBe(0)
    expect((await other.get(`/v1/tables/client-bookings?_workshop=${biz.workshop.id}`)).body.total).toBe(0)
    const coach = await pageClient(biz.coach.user)
    expect((await coach.get('/v1/tables/coach-bookings')).body.total).toBe(13)
    const rival = await pageClient(biz.other.user)
    expect((await rival.get('/v1/tables/coach-bookings')).body.total).toBe(0)
  })
  test("a workshop's past sessions: seats sold, fill rate and attendance, sortable and filtered by mode; the coach's own only", async () => {
    const coach = await pageClient(biz.coach.user)
    const r = await coach.get(`/v1/tables/coach-history?_workshop=${biz.workshop.id}`)
    expect(r.status).toBe(200)
    expect(r.body.total).toBe(1)
    expect(r.body.rows[0].id).toBe(biz.past.id)
    expect(r.body.rows[0].cells.mode.text).toBe('In person')
    expect(r.body.rows[0].cells.fill.text).toMatch(/^\d+%$/)
    expect(r.body.rows[0].cells.attended.text).toMatch(/^\d+ of \d+ \(/)
    expect((await coach.get(`/v1/tables/coach-history?_workshop=${biz.workshop.id}&mode=ONLINE`)).body.total).toBe(0)
    expect((await coach.get(`/v1/tables/coach-history?_workshop=${biz.workshop.id}&sort=-seats,attended`)).status).toBe(200)
    const rival = await pageClient(biz.other.user)
    expect((await rival.get(`/v1/tables/coach-history?_workshop=${biz.workshop.id}`)).body.total).toBe(0)
    expect((await me.get(`/v1/tables/coach-history?_workshop=${biz.workshop.id}`)).status).toBe(403)
  })
})
