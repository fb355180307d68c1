/**
 * The coach area's pages render real data for the coach who owns it (and nobody else's), and
 * each page sends a fixed number of SQL statements whatever the number of bookings.
 */
import { describe, expect, test } from 'bun:test'
import { actor } from '../client'
import { team } from './catalogue.fixtures'
import { coachBusiness, pageClient } from './coach.fixtures'

const PAGES = (w: string, b: string) => [
  '/c',
  '/c/workshops',
  `/c/workshops/${w}`,
  `/c/workshops/${w}/history`,
  `/c/workshops/${w}/payouts`,
  `/c/workshops/${w}/calendar`,
  `/c/workshops/${w}/invoices`,
  `/c/workshops/${w}/resources`,
  '/c/bookings',
  `/c/bookings/${b}`,
  `/c/bookings/${b}/seats`,
  `/c/bookings/${b}/payments`,
  `/c/bookings/${b}/resources`,
  '/c/feedbacks',
  '/c/account/profile',
  '/c/account/payouts',
  '/c/apps',
  '/c/apps/multiplai',
]

describe('coach pages', () => {
  test("every coach page renders the coach's own data; another coach gets 404 for rows not theirs", async () => {
    const biz = await coachBusiness(5)
    const page = await pageClient(biz.coach.user)
    const b = biz.bookings[0].booking.id
    for (const path of PAGES(biz.workshop.id, b)) {
      const r = await page.get(path)
      expect({ path, status: r.status }).toEqual({ path, status: 200 })
      expect(r.body).not.toContain('Something went wrong')
    }
    const dash = await page.get('/c')
    expect(dash.body).toContain('Coach Dashboard')
    expect(dash.body).toContain(biz.workshop.title)
    const other = await pageClient(biz.other.user)
    expect((await other.get(`/c/workshops/${biz.workshop.id}`)).status).toBe(404)
    expect((await other.get(`/c/bookings/${b}`)).status).toBe(404)
    expect((await other.get('/c/bookings')).body).not.toContain(biz.workshop.title)
    const client = await pageClient((await actor()).user)
    expect((await client.get('/c')).status).toBe(403)
  }, 60_000)

  test('a booking page names its booking and payment statuses in words, as the bookings list does', async () => {
    const biz = await coachBusiness(5)
    const page = await pageClient(biz.coach.user)
    const status = (html: string) => [...html.matchAll(/data-status="[^"]*"[^>]*>([^<]*)</g)].map((m) => m[1])
    const [confirmed, pending, , , noShow] = biz.bookings.map((b) => b.booking.id)
    expect(status((await page.get(`/c/bookings/${confirmed}`)).body)).toEqual(['Confirmed'])
    expect(status((await page.get(`/c/bookings/${pending}`)).body)).toEqual(['Waiting for payment'])
    expect(status((await page.get(`/c/bookings/${noShow}`)).body)).toEqual(['No-show'])
    expect(status((await page.get(`/c/bookings/${confirmed}/payments`)).body)).toEqual(['Confirmed', 'Paid'])
  }, 60_000)

  test('a coach with no coming schedule is not told they are all at their minimum seats', async () => {
    const { coach } = await team()
    const dash = await (await pageClient(coach.user)).get('/c')
    expect(dash.status).toBe(200)
    expect(dash.body).toContain('No published schedule is coming up.')
    expect(dash.body).not.toContain('all at their minimum seats')
  }, 60_000)
})
