/**
 * The public workshop page /workshops/{scheduleId} (issue 21), served over HTTP by the real app:
 * what a buyer reads in each state (open, only a few seats, fully booked, running, ended,
 * cancelled), who sees drafts and private schedules (404 for everyone but the coach, tenant
 * managers and super-admins), the JSON-LD Event checked field by field, against schema.org's
 * vocabulary and Google's Event rules, Open Graph / Twitter tags and the drawn preview image
 * (ETag, 304, stored once), and the page's cost: one SQL statement however many reviews and dates.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import sharp from 'sharp'
import { Feedback } from '../../src/modules/feedback/feedback.entity'
import { Role } from '../../src/modules/roles/role.entity'
import { Membership } from '../../src/modules/tenants/tenant.entity'
import { User } from '../../src/modules/users/user.entity'
import { WorkshopSchedule } from '../../src/modules/workshops/schedule.entity'
import { pageMemo } from '../../src/pages/screens/marketplace/cache'
import { dayOf } from '../../src/pages/screens/marketplace/parts'
import { getObject } from '../../src/platform/storage'
import { type Actor, actor, app, Client, em, uid } from '../client'
import { scriptsOf } from '../html'
import { DAY, makeSchedule, makeWorkshop, superAdmin, team } from './catalogue.fixtures'
import { googleEventProblems, unknownProperties } from './schema-org'
import { minStatements } from './sql-counter'

const HOUR = 3_600_000
/** 09:00 UTC `days` from today (an exact hour keeps the local times stable). */
const at9 = (days: number) => {
  const d = new Date(Date.now() + days * DAY)
  d.setUTCHours(9, 0, 0, 0)
  return d
}

/** A page as a visitor, or as `who` (signed in with their token). */
async function page(path: string, who?: Actor, cookie?: string) {
  const headers: Record<string, string> = who ? { authorization: `Bearer ${who.client.bearer}` } : {}
  if (cookie) headers.cookie = cookie
  const res = await fetch(app().url + path, { redirect: 'manual', headers })
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
const ld = (html: string) => {
  const m = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
  return m.map((x) => JSON.parse(x[1]!))
}
const metaOf = (html: string, key: string) => {
  const m = new RegExp(`<meta (?:property|name)="${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" content="([^"]*)"`).exec(html)
  return m ? m[1]!.replace(/&amp;/g, '&') : null
}
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&') ?? null

let a: Awaited<ReturnType<typeof team>>
let workshop: any
const s: Record<string, any> = {}
const reviewers: Actor[] = []
const tag = uid()

// The page renderer and its assets are built before any test times a request.
beforeAll(async () => {
  const { buildAssets } = await import('../../src/platform/assets/assets')
  await buildAssets()
  await import('../../src/pages/render')
}, 180_000)

beforeAll(async () => {
  pageMemo.ttlMs = 0
  a = await team('enterprise')
  await em().nativeUpdate(
    User,
    { id: a.coach.user.id },
    {
      profile: { firstName: 'Amara', lastName: `Okafor${tag}`, headline: 'Leadership coach for first-time managers' },
      coachProfile: { businessName: 'Okafor Coaching', bio: 'Amara has coached more than 300 new managers.', specializations: ['Leadership'] },
    },
  )
  workshop = await makeWorkshop(a.coach, {
    title: `Difficult conversations ${tag}`,
    description: 'Practise the conversations managers put off.\nSmall group, lots of role play.',
    outcomes: ['Open a hard conversation', '', '  Talk about underperformance without blame  '],
    price: 149,
    minSeats: 2,
    maxSeats: 5,
  })
  s.open = await makeSchedule(a.coach, workshop.id, {
    startDate: at9(7).toISOString(),
    endDate: new Date(at9(7).getTime() + 3 * HOUR).toISOString(),
    mode: 'IN-PERSON',
    meetingUrl: null,
    timezone: 'Asia/Kolkata',
    country: 'IN',
    venueName: 'The Workshop Rooms',
    addressLine1: '12 MG Road',
    city: 'Bengaluru',
    zip: '560001',
  })
  s.online = await makeSchedule(a.coach, workshop.id, {
    startDate: at9(14).toISOString(),
    endDate: new Date(at9(14).getTime() + 2 * HOUR).toISOString(),
    timezone: 'Asia/Kolkata',
  })
  s.hybrid = await makeSchedule(a.coach, workshop.id, {
    startDate: at9(21).toISOString(),
    endDate: new Date(at9(21).getTime() + 2 * HOUR).toISOString(),
    mode: 'HYBRID',
    timezone: 'Asia/Kolkata',
    country: 'IN',
    venueName: 'The Workshop Rooms',
    addressLine1: '12 MG Road',
    city: 'Bengaluru',
  })
  s.full = await makeSchedule(a.coach, workshop.id, { startDate: at9(28).toISOString(), endDate: new Date(at9(28).getTime() + HOUR).toISOString() })
  s.running = await makeSchedule(a.coach, workshop.id)
  s.past = await makeSchedule(a.coach, workshop.id)
  s.cancelled = await makeSchedule(a.coach, workshop.id, { startDate: at9(35).toISOString(), endDate: new Date(at9(35).getTime() + HOUR).toISOString() })
  s.draft = await makeSchedule(a.coach, workshop.id, { status: 'DRAFT' })
  s.private = await makeSchedule(a.coach, workshop.id, { visibility: 'PRIVATE' })
  s.unlisted = await makeSchedule(a.coach, workshop.id, {
    visibility: 'UNLISTED',
    startDate: at9(40).toISOString(),
    endDate: new Date(at9(40).getTime() + HOUR).toISOString(),
  })
  s.deleted = await makeSchedule(a.coach, workshop.id)
  const m = em()
  await m.nativeUpdate(WorkshopSchedule, { id: s.open.id }, { seatsTaken: 3 }, { filters: false })
  await m.nativeUpdate(WorkshopSchedule, { id: s.full.id }, { seatsTaken: 5 }, { filters: false })
  await m.nativeUpdate(
    WorkshopSchedule,
    { id: s.running.id },
    { startDate: new Date(Date.now() - HOUR), endDate: new Date(Date.now() + HOUR) },
    { filters: false },
  )
  await m.nativeUpdate(WorkshopSchedule, { id: s.past.id }, { startDate: at9(-10), endDate: new Date(at9(-10).getTime() + HOUR) }, { filters: false })
  expect((await a.coach.client.post(`/v1/workshop-schedules/${s.cancelled.id}/cancel`, { reason: 'The venue flooded' })).status).toBe(200)
  expect((await a.coach.client.delete(`/v1/workshop-schedules/${s.deleted.id}`)).status).toBe(204)
  // Verified feedback of two attendees of the past session.
  for (const [first, last, rating, comment] of [
    ['Rita', 'Kumar', 5, 'Practical from the first minute.'],
    ['Sam', 'Lee', 4, 'Useful scripts for saying no.'],
  ] as const) {
    const r = await actor({ profile: { firstName: first, lastName: last } })
    reviewers.push(r)
    m.create(Feedback, {
      tenant: a.tenant.id,
      workshopSchedule: s.past.id,
      coach: a.coach.user.id,
      user: r.user.id,
      bookingSeatId: crypto.randomUUID(),
      rating,
      comment,
    } as any)
  }
  await m.flush()
  // A public and a private resource of the workshop.
  expect(
    (
      await a.coach.client.post(`/v1/workshops/${workshop.id}/resources`, {
        title: 'Feedback cheat sheet',
        type: 'link',
        url: 'https://example.com/cheat',
        isPublic: true,
      })
    ).status,
  ).toBe(201)
  expect(
    (await a.coach.client.post(`/v1/workshops/${workshop.id}/resources`, { title: 'Coach notes', type: 'link', url: 'https://example.com/notes' })).status,
  ).toBe(201)
})

afterAll(() => {
  pageMemo.ttlMs = 2_000
})

describe('the workshop page', () => {
  test('shows everything a buyer weighs, without JavaScript', async () => {
    const r = await page(`/workshops/${s.open.id}`)
    expect(r.status).toBe(200)
    const day = dayOf(s.open.startDate, 'Asia/Kolkata')
    expect(r.body).toContain(`<title>Difficult conversations ${tag} · ${day} | Summit (test)</title>`)
    const t = text(r.body)
    for (const part of [
      `Difficult conversations ${tag}`,
      'Practise the conversations managers put off.',
      'What you will learn',
      'Open a hard conversation',
      'Talk about underperformance without blame',
      'Beginner',
      'In person',
      'The Workshop Rooms',
      '12 MG Road',
      'Bengaluru 560001',
      'India',
      day,
      '2:30 PM – 5:30 PM Kolkata time', // the venue's clock, its zone named
      '3 hours',
      'Times are in Kolkata time, where the workshop is held.',
      '$149.00',
      'per seat · USD',
      'Only 2 seats left',
      `Amara Okafor${tag}`,
      'Leadership coach for first-time managers',
      'Amara has coached more than 300 new managers.',
      'Reviews',
      'Practical from the first minute.',
      'Rita K.',
      'Sam L.',
      'verified attendees',
      'Feedback cheat sheet',
    ])
      expect(t).toContain(part)
    // Blank outcomes are dropped; the private resource stays private.
    expect(t).not.toContain('Coach notes')
    expect(r.body).toContain('href="https://www.openstreetmap.org/search?query=The%20Workshop%20Rooms%2C%2012%20MG%20Road%2C%20Bengaluru%20560001%2C%20India"')
    expect(r.body).toContain(`href="/workshops/${s.open.id}/book"`)
    expect(r.body).toContain(`href="/${a.coach.user.username}"`)
    expect(r.body).toContain(`href="/v1/public/workshop-schedules/${s.open.id}/calendar.ics"`)
    // The coach's other coming public dates link to their own pages; drafts, private, unlisted, past and cancelled ones do not show.
    for (const other of [s.online, s.hybrid, s.full]) expect(r.body).toContain(`href="/workshops/${other.id}"`)
    for (const hidden of [s.draft, s.private, s.unlisted, s.past, s.running, s.cancelled, s.deleted]) expect(r.body).not.toContain(`/workshops/${hidden.id}`)
    // No island, no script but the JSON-LD data and the colour-mode line a page the same for everyone carries.
    expect(scriptsOf(r.body)).toEqual([])
    // Without the visitor's zone, nothing else; with it (the tz cookie the area's shell sets), their own hours beside.
    expect(t).not.toContain('your time')
    const london = text((await page(`/workshops/${s.open.id}`, undefined, 'tz=Europe/London')).body)
    expect(london).toContain('2:30 PM – 5:30 PM Kolkata time (9:00 AM – 12:00 PM your time)')
    expect(london).toContain('3 hours · 9:00 AM – 12:00 PM your time')
    // A visitor on the venue's own clock gets no second time.
    expect(text((await page(`/workshops/${s.open.id}`, undefined, 'tz=Asia/Kolkata')).body)).not.toContain('your time')
  })

  test('an online schedule says how to join; the meeting link never shows', async () => {
    const r = await page(`/workshops/${s.online.id}`)
    const t = text(r.body)
    expect(t).toContain('The joining link is in your booking once your seat is confirmed.')
    expect(t).toContain('5 of 5 seats left')
    expect(r.body).not.toContain('meet.example.com')
  })

  test('fully booked: no Book action, "Join the waitlist" instead, and the other dates', async () => {
    const r = await page(`/workshops/${s.full.id}`)
    expect(r.status).toBe(200)
    const t = text(r.body)
    // Said once: the booking card's heading, not again as a red line under it.
    expect(t.match(/Fully booked/g)).toHaveLength(1)
    expect(r.body).toContain('data-slot="fully-booked-actions"')
    expect(r.body).not.toContain('data-testid="book"')
    expect(r.body).not.toContain(`href="/workshops/${s.full.id}/book`)
    // The waitlist's form (tests/api/waitlist-refund-pages.test.ts follows it through sign-in).
    expect(r.body).toContain(`action="/workshops/${s.full.id}/book"`)
    expect(r.body).toContain(`href="/workshops/${s.open.id}"`)
  })

  test('running, ended and cancelled sessions each say so and point at the next dates', async () => {
    const running = text((await page(`/workshops/${s.running.id}`)).body)
    expect(running).toContain('This session is under way')
    expect(running).toContain('can no longer be booked')
    const past = await page(`/workshops/${s.past.id}`)
    expect(past.status).toBe(200)
    expect(text(past.body)).toContain('This session has ended')
    expect(text(past.body)).toContain('Next dates')
    expect(past.body).toContain(`href="/workshops/${s.open.id}"`)
    expect(past.body).not.toContain(`/workshops/${s.past.id}/book`)
    const cancelled = await page(`/workshops/${s.cancelled.id}`)
    expect(cancelled.status).toBe(200)
    expect(text(cancelled.body)).toContain('This session was cancelled')
    expect(cancelled.body).not.toContain(`/workshops/${s.cancelled.id}/book`)
    expect(ld(cancelled.body)[0].eventStatus).toBe('https://schema.org/EventCancelled')
    expect(ld(cancelled.body)[0].offers).toBeUndefined()
  })

  test('drafts, private, deleted and unknown schedules are the 404 page for everyone but the coach and managers', async () => {
    const stranger = await actor({ roles: ['coach'] })
    const member = a.client // a member of the tenant without a manager role
    for (const id of [s.draft.id, s.private.id]) {
      expect((await page(`/workshops/${id}`)).status).toBe(404)
      expect((await page(`/workshops/${id}`, stranger)).status).toBe(404)
      expect((await page(`/workshops/${id}`, member)).status).toBe(404)
      const coach = await page(`/workshops/${id}`, a.coach)
      expect(coach.status).toBe(200)
      expect(text(coach.body)).toContain('only you and your team can see this page')
      expect(coach.body).toContain('<meta name="robots" content="noindex"/>')
      expect(coach.body).not.toContain('application/ld+json')
      expect(coach.body).not.toContain(`/workshops/${id}/book`)
      expect((await page(`/workshops/${id}`, await superAdmin())).status).toBe(200)
    }
    // A manager of the tenant: an active member whose role holds bookings.manage.
    const m = em()
    if (!(await m.findOne(Role, { name: `manager-${tag}` }))) m.create(Role, { name: `manager-${tag}`, permissions: ['bookings.manage'] } as any)
    const manager = await actor({ tenant: a.tenant })
    await m.flush()
    await m.nativeUpdate(Membership, { tenant: a.tenant.id, user: manager.user.id }, { roles: [`manager-${tag}`] })
    expect((await page(`/workshops/${s.draft.id}`, manager)).status).toBe(200)
    // Gone for everyone.
    expect((await page(`/workshops/${s.deleted.id}`, a.coach)).status).toBe(404)
    const unknown = await page('/workshops/00000000-0000-7000-8000-000000000000')
    expect(unknown.status).toBe(404)
    expect(text(unknown.body)).toContain('Page Not Found: /workshops/00000000-0000-7000-8000-000000000000')
    expect((await page('/workshops/not-an-id')).status).toBe(404)
  })

  test('an unlisted schedule is readable by link but kept out of search results', async () => {
    const r = await page(`/workshops/${s.unlisted.id}`)
    expect(r.status).toBe(200)
    expect(r.body).toContain('<meta name="robots" content="noindex"/>')
    expect(canonicalOf(r.body)).toBeNull()
    expect(r.body).toContain(`/workshops/${s.unlisted.id}/book`)
  })

  test('the checkout stays the Book action: visitors are sent to sign in and back', async () => {
    const r = await page(`/workshops/${s.open.id}/book`)
    expect(r.status).toBe(302)
    expect(r.headers.get('location')).toBe(`/login?redirect=${encodeURIComponent(`/workshops/${s.open.id}/book`)}`)
  })
})

describe('search engines and sharing', () => {
  test('JSON-LD Event, field by field, valid by schema.org and Google Event rules', async () => {
    const r = await page(`/workshops/${s.open.id}`)
    const [e] = ld(r.body)
    const url = `${app().url}/workshops/${s.open.id}`
    expect(e['@context']).toBe('https://schema.org')
    expect(e['@type']).toBe('Event')
    expect(e.name).toBe(`Difficult conversations ${tag}`)
    expect(e.description).toBe('Practise the conversations managers put off.\nSmall group, lots of role play.')
    expect(e.url).toBe(url)
    // The venue's wall clock with its offset (Asia/Kolkata has no daylight saving).
    const local = (d: Date) => new Date(d.getTime() + 5.5 * HOUR).toISOString().slice(0, 19)
    expect(e.startDate).toBe(`${local(at9(7))}+05:30`)
    expect(e.endDate).toBe(`${local(new Date(at9(7).getTime() + 3 * HOUR))}+05:30`)
    expect(e.eventStatus).toBe('https://schema.org/EventScheduled')
    expect(e.eventAttendanceMode).toBe('https://schema.org/OfflineEventAttendanceMode')
    expect(e.location).toEqual({
      '@type': 'Place',
      name: 'The Workshop Rooms',
      address: { '@type': 'PostalAddress', streetAddress: '12 MG Road', addressLocality: 'Bengaluru', postalCode: '560001', addressCountry: 'IN' },
    })
    expect(e.organizer).toEqual({ '@type': 'Person', name: `Amara Okafor${tag}`, url: `${app().url}/${a.coach.user.username}` })
    expect(e.performer.name).toBe(`Amara Okafor${tag}`)
    expect(e.offers).toMatchObject({ '@type': 'Offer', url, price: '149.00', priceCurrency: 'USD', availability: 'https://schema.org/LimitedAvailability' })
    expect(e.offers.validFrom).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\+05:30$/)
    expect(e.image).toEqual([expect.stringMatching(new RegExp(`^${app().url}/workshops/${s.open.id}/og-image\\.jpg\\?v=[0-9a-f]{16}$`))])
    expect(e.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 4.5, ratingCount: 2, bestRating: 5, worstRating: 1 })
    expect(e.review.map((x: any) => x.author.name).sort()).toEqual(['Rita K.', 'Sam L.'])
    expect(e.review[0].reviewRating['@type']).toBe('Rating')
    expect(e.maximumAttendeeCapacity).toBe(5)
    expect(e.remainingAttendeeCapacity).toBe(2)
    expect(e.isAccessibleForFree).toBe(false)
    expect(unknownProperties(e)).toEqual([])
    expect(googleEventProblems(e)).toEqual([])
  })

  test('online and hybrid schedules: a VirtualLocation (the page, not the meeting link); sold out; no rating without feedback', async () => {
    const online = ld((await page(`/workshops/${s.online.id}`)).body)[0]
    expect(online.eventAttendanceMode).toBe('https://schema.org/OnlineEventAttendanceMode')
    expect(online.location).toEqual({ '@type': 'VirtualLocation', url: `${app().url}/workshops/${s.online.id}` })
    expect(online.offers.availability).toBe('https://schema.org/InStock')
    const hybrid = ld((await page(`/workshops/${s.hybrid.id}`)).body)[0]
    expect(hybrid.eventAttendanceMode).toBe('https://schema.org/MixedEventAttendanceMode')
    expect(hybrid.location.map((l: any) => l['@type'])).toEqual(['Place', 'VirtualLocation'])
    const full = ld((await page(`/workshops/${s.full.id}`)).body)[0]
    expect(full.offers.availability).toBe('https://schema.org/SoldOut')
    for (const e of [online, hybrid, full]) {
      expect(unknownProperties(e)).toEqual([])
      expect(googleEventProblems(e)).toEqual([])
    }
    const b = await team('enterprise')
    const w = await makeWorkshop(b.coach, { title: `Fresh workshop ${tag}`, price: 0 })
    const fresh = await makeSchedule(b.coach, w.id)
    const e = ld((await page(`/workshops/${fresh.id}`)).body)[0]
    expect(e.aggregateRating).toBeUndefined()
    expect(e.review).toBeUndefined()
    expect(e.offers.price).toBe('0.00')
    expect(e.isAccessibleForFree).toBe(true)
    expect(googleEventProblems(e)).toEqual([])
  })

  test('Open Graph and Twitter card tags, canonical address', async () => {
    const r = await page(`/workshops/${s.open.id}`)
    const url = `${app().url}/workshops/${s.open.id}`
    expect(canonicalOf(r.body)).toBe(url)
    expect(metaOf(r.body, 'og:url')).toBe(url)
    expect(metaOf(r.body, 'og:title')).toContain(`Difficult conversations ${tag}`)
    expect(metaOf(r.body, 'og:description')).toStartWith(`In person workshop with Amara Okafor${tag} on`)
    expect(metaOf(r.body, 'og:image')).toMatch(new RegExp(`^${app().url}/workshops/${s.open.id}/og-image\\.jpg\\?v=[0-9a-f]{16}$`))
    expect(metaOf(r.body, 'og:image:width')).toBe('1200')
    expect(metaOf(r.body, 'og:image:height')).toBe('630')
    expect(metaOf(r.body, 'og:image:type')).toBe('image/jpeg')
    expect(metaOf(r.body, 'twitter:card')).toBe('summary_large_image')
    expect(metaOf(r.body, 'twitter:image')).toBe(metaOf(r.body, 'og:image'))
    expect(metaOf(r.body, 'twitter:title')).toBe(metaOf(r.body, 'og:title'))
    expect(metaOf(r.body, 'description')).toBe(metaOf(r.body, 'og:description'))
  })

  test('the preview image: 1200x630 JPEG drawn once, kept in storage, served with an ETag', async () => {
    const r = await page(`/workshops/${s.open.id}`)
    const src = metaOf(r.body, 'og:image')!
    const path = src.slice(app().url.length)
    const res = await fetch(app().url + path)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/jpeg')
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const etag = res.headers.get('etag')!
    const version = new URL(src).searchParams.get('v')!
    expect(etag).toBe(`"og-${version}"`)
    const info = await sharp(new Uint8Array(await res.arrayBuffer())).metadata()
    expect([info.format, info.width, info.height]).toEqual(['jpeg', 1200, 630])
    expect(await getObject(`og/workshops/${s.open.id}/${version}.jpg`)).not.toBeNull()
    const again = await fetch(app().url + path, { headers: { 'if-none-match': etag } })
    expect(again.status).toBe(304)
    // The bare address is checked again sooner; a renamed workshop gets a new version.
    expect((await fetch(`${app().url}/workshops/${s.open.id}/og-image.jpg`)).headers.get('cache-control')).toBe('public, max-age=600')
    expect((await a.coach.client.patch(`/v1/workshops/${workshop.id}`, { title: `Hard conversations ${tag}` })).status).toBe(200)
    const renamed = metaOf((await page(`/workshops/${s.open.id}`)).body, 'og:image')!
    expect(new URL(renamed).searchParams.get('v')).not.toBe(version)
    expect((await a.coach.client.patch(`/v1/workshops/${workshop.id}`, { title: `Difficult conversations ${tag}` })).status).toBe(200)
    // Not public, no image.
    expect((await fetch(`${app().url}/workshops/${s.draft.id}/og-image.jpg`)).status).toBe(404)
    expect((await fetch(`${app().url}/workshops/00000000-0000-7000-8000-000000000000/og-image.jpg`)).status).toBe(404)
  })
})

describe('the anonymous API', () => {
  test('a public resource file downloads without signing in; private again, it does not', async () => {
    const form = new FormData()
    form.append('file', new File(['agenda'], 'agenda.txt', { type: 'text/plain' }))
    const up = await a.coach.client.post(`/v1/workshops/${workshop.id}/resource-files`, form)
    expect(up.status).toBe(201)
    const created = await a.coach.client.post(`/v1/workshops/${workshop.id}/resources`, {
      title: 'Agenda',
      type: 'file',
      filePath: up.body.data.url,
      isPublic: true,
    })
    expect(created.status).toBe(201)
    const anon = new Client()
    expect((await anon.get(up.body.data.url)).body).toBe('agenda')
    expect(text((await page(`/workshops/${s.open.id}`)).body)).toContain('Agenda')
    expect((await page(`/workshops/${s.open.id}`)).body).toContain(`href="${up.body.data.url}"`)
    expect((await a.coach.client.patch(`/v1/workshops/${workshop.id}/resources/${created.body.data.id}`, { isPublic: false })).status).toBe(200)
    expect((await anon.get(up.body.data.url)).status).toBe(404)
  })

  test('outcomes are validated: at most 10 of at most 200 characters', async () => {
    const many = await a.coach.client.patch(`/v1/workshops/${workshop.id}`, { outcomes: Array.from({ length: 11 }, (_, i) => `Outcome ${i}`) })
    expect(many.status).toBe(422)
    expect(many.body.errors.outcomes).toEqual(['At most 10 outcomes'])
    const long = await a.coach.client.patch(`/v1/workshops/${workshop.id}`, { outcomes: ['x'.repeat(201)] })
    expect(long.status).toBe(422)
    expect(JSON.stringify(long.body.errors)).toContain('Each outcome must be at most 200 characters')
    const shown = await a.coach.client.get(`/v1/workshops/${workshop.id}`)
    expect(shown.body.data.outcomes).toEqual(['Open a hard conversation', 'Talk about underperformance without blame'])
  })
})

// Last: it adds reviews and dates the tests above do not expect.
describe('cost', () => {
  test('costs one SQL statement whatever the number of reviews and dates', async () => {
    const before = await minStatements(() => page(`/workshops/${s.open.id}`))
    const m = em()
    for (let i = 0; i < 10; i++) {
      const r = reviewers[i % reviewers.length]!
      m.create(Feedback, {
        tenant: a.tenant.id,
        workshopSchedule: s.past.id,
        coach: a.coach.user.id,
        user: r.user.id,
        bookingSeatId: crypto.randomUUID(),
        rating: 3 + (i % 3),
        comment: `More feedback ${i}`,
      } as any)
    }
    await m.flush()
    for (let i = 0; i < 8; i++)
      await makeSchedule(a.coach, workshop.id, { startDate: at9(50 + i).toISOString(), endDate: new Date(at9(50 + i).getTime() + HOUR).toISOString() })
    const after = await minStatements(() => page(`/workshops/${s.open.id}`))
    expect(before.result.status).toBe(200)
    expect(before.statements).toBe(1)
    expect(after.statements).toBe(1)
    // At most 6 reviews and 6 other dates are read, whatever there is.
    expect((after.result.body.match(/data-testid="other-date"/g) ?? []).length).toBe(6)
    expect(text(after.result.body)).toContain('12 ratings from verified attendees')
  })
})
