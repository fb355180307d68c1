/**
 * Where the waitlist and the refund policy meet a buyer, served over HTTP by the real app:
 * the public page of a fully booked session offers "Join the waitlist" as a plain GET form to
 * the checkout with the seats asked for, which goes through sign-in and back (the guard keeps
 * the query) and opens the sold-out checkout's waitlist with those seats; a signed-in visitor
 * who already waits sees their place, one holding offered seats the link to book them, and
 * nobody else sees either. The refund policy (the workshop's, else the team's, else a full
 * refund) is spelt out on the page and the checkout in the words and deadlines refunds are
 * computed with. A team's managers set the team's default policy through PATCH /v1/t (the
 * workshop schema's rules and messages), and it reaches the quote, the page and /c/settings.
 */
import { beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { Membership, Tenant } from '../../src/modules/tenants/tenant.entity'
import { Workshop } from '../../src/modules/workshops/workshop.entity'
import { pageMemo } from '../../src/pages/screens/marketplace/cache'
import { momentOf } from '../../src/pages/screens/marketplace/parts'
import { describeRefundPolicy, REFUND_POLICY_MESSAGES, type RefundPolicy } from '../../src/shared/refund-policy'
import { type Actor, actor, app, em, tenant } from '../client'
import { book, makeSchedule, world } from './bookings.fixtures'

setDefaultTimeout(90_000)

const HOUR = 3_600_000
const TEAM_POLICY: RefundPolicy = { fullRefundHours: 72, partialRefundHours: 24, partialRefundPercent: 50 }
const OWN_POLICY: RefundPolicy = { fullRefundHours: 48, partialRefundHours: 48, partialRefundPercent: 0 }

beforeAll(async () => {
  const { buildAssets } = await import('../../src/platform/assets/assets')
  await buildAssets()
  await import('../../src/pages/render')
  pageMemo.ttlMs = 0
}, 180_000)

/** A page as a visitor, or as `who` (signed in with their token). */
async function page(path: string, who?: Actor) {
  const res = await fetch(app().url + path, { redirect: 'manual', headers: who ? { authorization: `Bearer ${who.client.bearer}` } : {} })
  return { status: res.status, headers: res.headers, body: await res.text() }
}
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
/** The props an island was rendered with. */
function islandProps(html: string, name: string): any {
  const at = html.indexOf(`data-island="${name}"`)
  if (at < 0) return null
  const m = /<script type="application\/json" id="[^"]+-props">([\s\S]*?)<\/script>/.exec(html.slice(at))
  return m ? JSON.parse(m[1]!) : null
}
/** The HTML of the booking card (the aside of the public page). */
const bookingCard = (html: string) => html.slice(html.indexOf('id="book"'), html.indexOf('</aside>'))

const join = (a: Actor, scheduleId: string, seats = 1) => a.client.post(`/v1/workshop-schedules/${scheduleId}/waitlist`, { seats })

/** A free workshop of `max` seats, every one taken by confirmed bookings of one seat each. */
async function fullWorld(max = 3) {
  const w = await world({ maxSeats: max, price: 0 })
  const bookers: { who: Actor; id: string }[] = []
  for (let i = 0; i < max; i++) {
    const who = await actor()
    const r = await book(who, w.schedule.id, { seats: 1 })
    expect(r.status).toBe(201)
    bookers.push({ who, id: r.body.data.id })
  }
  return { ...w, bookers }
}

describe('the public page of a fully booked session: join the waitlist without JavaScript', () => {
  test('a GET form to the checkout with the seats (1 to the workshop max); the guard keeps them through sign-in; the checkout preselects them', async () => {
    const w = await fullWorld(3)
    const r = await page(`/workshops/${w.schedule.id}`)
    expect(r.status).toBe(200)
    const card = bookingCard(r.body)
    const form = /<form [^>]*aria-label="Join the waitlist"[^>]*>/.exec(card)?.[0] ?? ''
    expect(form).toContain(`action="/workshops/${w.schedule.id}/book"`)
    expect(form).toContain('method="get"')
    expect(card).toContain('name="seats"')
    expect([...card.matchAll(/<option value="(\d+)"[^>]*>([^<]+)<\/option>/g)].map((m) => [m[1], m[2]])).toEqual([
      ['1', '1 seat'],
      ['2', '2 seats'],
      ['3', '3 seats'],
    ])
    expect(text(card)).toContain('Join the waitlist')
    expect(text(card)).toContain('held for 60 minutes')
    // No script on the public page, the form included.
    expect(r.body).not.toContain('<script type="module"')

    // What the form sends: a visitor is sent to sign in, and back to exactly that address.
    const anon = await page(`/workshops/${w.schedule.id}/book?seats=2`)
    expect(anon.status).toBe(302)
    const login = new URL(anon.headers.get('location')!, app().url)
    expect(login.pathname).toBe('/login')
    expect(login.searchParams.get('redirect')).toBe(`/workshops/${w.schedule.id}/book?seats=2`)
    // The sign-in page hands that redirect to the form, which sends it with the code.
    const signIn = await page(login.pathname + login.search)
    expect(islandProps(signIn.body, 'auth-form').redirect).toBe(`/workshops/${w.schedule.id}/book?seats=2`)

    // Signed in: the sold-out checkout's waitlist, 2 seats preselected; out-of-range asks are clamped.
    const visitor = await actor()
    const checkout = await page(`/workshops/${w.schedule.id}/book?seats=2`, visitor)
    expect(checkout.status).toBe(200)
    expect(islandProps(checkout.body, 'checkout')).toBeNull()
    expect(islandProps(checkout.body, 'waitlist')).toMatchObject({ mode: 'schedule', scheduleId: w.schedule.id, maxSeats: 3, seats: 2, entry: null })
    expect(islandProps((await page(`/workshops/${w.schedule.id}/book?seats=40`, visitor)).body, 'waitlist').seats).toBe(3)
    expect(islandProps((await page(`/workshops/${w.schedule.id}/book?seats=two`, visitor)).body, 'waitlist').seats).toBe(1)
    expect(islandProps((await page(`/workshops/${w.schedule.id}/book?seats=-1`, visitor)).body, 'waitlist').seats).toBe(1)

    // Seats came free meanwhile: the same address opens the checkout with the seats asked for.
    const open = await world({ maxSeats: 5, price: 0 })
    const c2 = await page(`/workshops/${open.schedule.id}/book?seats=2`, visitor)
    expect(islandProps(c2.body, 'waitlist')).toBeNull()
    expect(islandProps(c2.body, 'checkout')).toMatchObject({ scheduleId: open.schedule.id, seats: 2, seatsLeft: 5 })
  })

  test('a signed-in visitor who waits sees their place; one holding an offer the link to book it; everyone else the form', async () => {
    const w = await fullWorld(2)
    const first = await actor()
    const second = await actor()
    expect((await join(first, w.schedule.id, 1)).status).toBe(201)
    expect((await join(second, w.schedule.id, 2)).status).toBe(201)

    const stranger = await actor()
    // Read by a stranger first, so a memoized body of someone else's place would show here later.
    expect(bookingCard((await page(`/workshops/${w.schedule.id}`, stranger)).body)).toContain('aria-label="Join the waitlist"')
    let mine = bookingCard((await page(`/workshops/${w.schedule.id}`, second)).body)
    expect(text(mine)).toContain('You are number 2 on the waitlist for 2 seats.')
    expect(mine).not.toContain('aria-label="Join the waitlist"')
    expect(mine).toContain(`href="/workshops/${w.schedule.id}/book"`)

    // A booker cancels: the one free seat is offered to the first in line, whose party fits.
    expect((await w.bookers[0]!.who.client.post(`/v1/bookings/${w.bookers[0]!.id}/cancel`, { reason: 'Cannot make it' })).status).toBe(200)
    const [entry] = await em().execute(`select id, status, offer_expires_at from waitlist_entries where user_id = ? and workshop_schedule_id = ?`, [
      first.user.id,
      w.schedule.id,
    ])
    expect(entry.status).toBe('OFFERED')
    const offered = bookingCard((await page(`/workshops/${w.schedule.id}`, first)).body)
    expect(text(offered)).toContain(`1 seat is held for you until ${momentOf(entry.offer_expires_at, 'Europe/London')}.`)
    expect(offered).toContain(`href="/workshops/${w.schedule.id}/book?offer=${entry.id}"`)
    expect(offered).not.toContain('aria-label="Join the waitlist"')
    expect(offered).not.toContain('data-testid="book"')

    // The held seat counts as taken: everyone else still finds it fully booked, with the form.
    for (const who of [undefined, stranger]) {
      const card = bookingCard((await page(`/workshops/${w.schedule.id}`, who)).body)
      expect(card).toContain('aria-label="Join the waitlist"')
      expect(card).not.toContain('held for you')
      expect(card).not.toContain('You are number')
    }
    // The offered entry stays ahead in line until it is booked or passes on.
    mine = bookingCard((await page(`/workshops/${w.schedule.id}`, second)).body)
    expect(text(mine)).toContain('You are number 2 on the waitlist for 2 seats.')
  })
})

describe('the refund policy where a buyer decides', () => {
  test('the team default, the workshop’s own, or a full refund: the same words and deadlines on the page and the checkout', async () => {
    const w = await world({ maxSeats: 10, price: 4000, startInDays: 10 })
    const start = new Date(w.schedule.startDate)
    const visitor = await actor()
    const both = async () => {
      const pub = text((await page(`/workshops/${w.schedule.id}`)).body)
      const checkout = text((await page(`/workshops/${w.schedule.id}/book`, visitor)).body)
      return [pub, checkout]
    }

    // No policy anywhere: a full refund whenever the booking is cancelled.
    for (const t of await both()) {
      expect(t).toContain('Refund policy Full refund whenever the booking is cancelled.')
      expect(t).toContain('If the coach cancels, you get everything back.')
      expect(t).not.toContain('if you cancel by')
    }

    // The team's default applies to a workshop without its own.
    await em().nativeUpdate(Tenant, { id: w.tenant.id }, { refundPolicy: TEAM_POLICY }, { filters: false })
    expect(describeRefundPolicy(TEAM_POLICY)).toBe('Full refund until 3 days before the start, 50% until 1 day before the start, no refund after that.')
    for (const t of await both()) {
      expect(t).toContain(describeRefundPolicy(TEAM_POLICY))
      expect(t).toContain(`Full refund if you cancel by ${momentOf(new Date(start.getTime() - 72 * HOUR), 'Europe/London')}`)
      expect(t).toContain(`50% back if you cancel by ${momentOf(new Date(start.getTime() - 24 * HOUR), 'Europe/London')}`)
    }

    // The workshop's own wins: full until 2 days before, nothing after.
    await em().nativeUpdate(Workshop, { id: w.workshop.id }, { refundPolicy: OWN_POLICY }, { filters: false })
    for (const t of await both()) {
      expect(t).toContain('Full refund until 2 days before the start, no refund after that.')
      expect(t).toContain(`Full refund if you cancel by ${momentOf(new Date(start.getTime() - 48 * HOUR), 'Europe/London')}`)
      expect(t).not.toContain('% back if you cancel by')
    }
  })

  test('deadlines already passed are not offered: a booking made now is told it is not refunded', async () => {
    const w = await world({ maxSeats: 10, price: 4000, startInDays: 1 })
    await em().nativeUpdate(
      Workshop,
      { id: w.workshop.id },
      { refundPolicy: { fullRefundHours: 168, partialRefundHours: 72, partialRefundPercent: 50 } },
      { filters: false },
    )
    const t = text((await page(`/workshops/${w.schedule.id}`)).body)
    expect(t).toContain('Full refund until 7 days before the start, 50% until 3 days before the start, no refund after that.')
    expect(t).not.toContain('if you cancel by')
    expect(t).toContain('The refund deadlines have passed: a booking made now is not refunded if you cancel it.')
    const c = text((await page(`/workshops/${w.schedule.id}/book`, await actor())).body)
    expect(c).toContain('The refund deadlines have passed: a booking made now is not refunded if you cancel it.')
  })
})

describe("the team's default refund policy (PATCH /v1/t, /c/settings)", () => {
  async function teamOf() {
    const t = await tenant()
    const manager = await actor({ roles: ['coach'], tenant: t })
    const coach = await actor({ roles: ['coach'], tenant: t })
    await em().nativeUpdate(Membership, { tenant: t.id, user: manager.user.id }, { roles: ['manager', 'coach'] })
    await em().nativeUpdate(Membership, { tenant: t.id, user: coach.user.id }, { roles: ['coach'] })
    return { t, manager, coach }
  }
  const stored = async (tenantId: string) => {
    const [r] = await em().execute('select name, refund_policy from tenants where id = ?', [tenantId])
    return r as { name: string; refund_policy: RefundPolicy | null }
  }

  test('managers only; the workshop schema’s messages; fields left out stay; null is a full refund again', async () => {
    const { t, manager, coach } = await teamOf()
    expect((await coach.client.patch('/v1/t', { refundPolicy: TEAM_POLICY })).status).toBe(403)
    expect((await stored(t.id)).refund_policy).toBeNull()

    let r = await manager.client.patch('/v1/t', { refundPolicy: { fullRefundHours: -1, partialRefundHours: 2.5, partialRefundPercent: 101 } })
    expect(r.status).toBe(422)
    expect(r.body.errors).toEqual({
      'refundPolicy.fullRefundHours': [REFUND_POLICY_MESSAGES.fullRefundHours],
      'refundPolicy.partialRefundHours': [REFUND_POLICY_MESSAGES.partialRefundHours],
      'refundPolicy.partialRefundPercent': [REFUND_POLICY_MESSAGES.partialRefundPercent],
    })
    r = await manager.client.patch('/v1/t', { refundPolicy: { fullRefundHours: 24, partialRefundHours: 48, partialRefundPercent: 50 } })
    expect(r.status).toBe(422)
    expect(r.body.errors).toEqual({ 'refundPolicy.partialRefundHours': [REFUND_POLICY_MESSAGES.order] })
    r = await manager.client.patch('/v1/t', { refundPolicy: { fullRefundHours: 24 } })
    expect(r.status).toBe(422)
    r = await manager.client.patch('/v1/t', { refundPolicy: 'none' })
    expect(r.status).toBe(422)
    r = await manager.client.patch('/v1/t', { name: 'Renamed', refundPolicy: TEAM_POLICY, plan: 'enterprise' })
    expect(r.status).toBe(422)
    expect(await stored(t.id)).toEqual({ name: t.name, refund_policy: null })

    r = await manager.client.patch('/v1/t', { refundPolicy: TEAM_POLICY })
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({ name: t.name, refundPolicy: TEAM_POLICY })
    expect((await coach.client.get('/v1/t/settings')).body.data.refundPolicy).toEqual(TEAM_POLICY)
    // Renaming leaves the policy; an empty change changes nothing.
    r = await manager.client.patch('/v1/t', { name: 'Renamed team' })
    expect(r.body.data).toMatchObject({ name: 'Renamed team', refundPolicy: TEAM_POLICY })
    expect((await manager.client.patch('/v1/t', {})).body.data).toMatchObject({ name: 'Renamed team', refundPolicy: TEAM_POLICY })
    expect(await stored(t.id)).toEqual({ name: 'Renamed team', refund_policy: TEAM_POLICY })

    r = await manager.client.patch('/v1/t', { refundPolicy: null })
    expect(r.status).toBe(200)
    expect(r.body.data.refundPolicy).toBeNull()
    expect((await stored(t.id)).refund_policy).toBeNull()
  })

  test("the default reaches the cancel quote of the team's workshops without their own, the public page and the settings page", async () => {
    const { t, manager, coach } = await teamOf()
    const { schedule } = await makeSchedule({ tenant: t, coach: manager, price: 0, startInDays: 10 })
    const client = await actor()
    const booked = await book(client, schedule.id)
    expect(booked.status).toBe(201)
    const quote = async (id: string) => (await client.client.get(`/v1/bookings/${id}/refund-quote`)).body.data.description
    expect(await quote(booked.body.data.id)).toBe('Full refund whenever the booking is cancelled.')

    expect((await manager.client.patch('/v1/t', { refundPolicy: TEAM_POLICY })).status).toBe(200)
    // A booking keeps the terms it was made under; the next one is made under the team's default.
    expect(await quote(booked.body.data.id)).toBe('Full refund whenever the booking is cancelled.')
    const next = await book(client, schedule.id)
    expect(next.status).toBe(201)
    expect(await quote(next.body.data.id)).toBe(describeRefundPolicy(TEAM_POLICY))
    expect(text((await page(`/workshops/${schedule.id}`)).body)).toContain(describeRefundPolicy(TEAM_POLICY))

    // Managers get the form with the saved policy; other members read it.
    const asManager = await page('/c/settings', manager)
    expect(asManager.status).toBe(200)
    expect(islandProps(asManager.body, 'team-refund-policy')).toEqual({ policy: TEAM_POLICY })
    expect(text(asManager.body)).toContain('for every workshop of the team that has no policy of its own')
    const asCoach = await page('/c/settings', coach)
    expect(asCoach.body).not.toContain('data-island="team-refund-policy"')
    expect(text(asCoach.body)).toContain(`Refund policy`)
    expect(text(asCoach.body)).toContain(describeRefundPolicy(TEAM_POLICY))
  })
})
