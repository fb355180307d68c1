/**
 * The public marketplace pages render real rows made in the test (no API calls): /workshops
 * with its GET filters and pagination, /consultants, a public coach profile /{username}, and
 * the 404 page for unknown usernames (the catch-all route shadows nothing). In Chromium: the
 * pages run no script and log no errors. `SHOTS=/dir` saves screenshots.
 */
import { beforeAll, describe, expect, test } from 'bun:test'
import { Booking } from '../../src/modules/bookings/booking.entity'
import { app, em, uid } from '../client'
import { makeUser, noProblems, open, useBrowser } from './browser'
import { makeCoach, makePublicSchedule } from './marketplace.fixtures'

useBrowser()

async function get(path: string, cookies = '') {
  const res = await fetch(app().url + path, { redirect: 'manual', headers: { cookie: cookies } })
  return { status: res.status, location: res.headers.get('location'), body: await res.text() }
}
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')

const tag = uid()
let coach: Awaited<ReturnType<typeof makeCoach>>
let other: Awaited<ReturnType<typeof makeCoach>>

beforeAll(async () => {
  coach = await makeCoach('Amara', `Okafor${tag}`, { specializations: ['Leadership', 'Feedback'], country: 'GB' })
  other = await makeCoach('Lucas', `Moreau${tag}`, { headline: 'Sales negotiation for founders', country: 'FR', specializations: ['Sales'] })
  await makePublicSchedule(coach, {
    title: `Difficult conversations ${tag}`,
    price: 14900,
    maxSeats: 12,
    seatsTaken: 4,
    mode: 'IN-PERSON',
    city: 'Mumbai',
    country: 'IN',
    timezone: 'Asia/Kolkata',
    level: 'INTERMEDIATE',
    startInDays: 9,
  })
  await makePublicSchedule(coach, {
    title: `Feedback that lands ${tag}`,
    price: 0,
    maxSeats: 20,
    mode: 'ONLINE',
    level: 'BEGINNER',
    startInDays: 12,
    timezone: 'America/New_York',
  })
  // Enough confirmed seats (minSeats 2): this one runs.
  const runs = await makePublicSchedule(coach, { title: `Running already ${tag}`, minSeats: 2, maxSeats: 10, seatsTaken: 2, startInDays: 30 })
  const m = em()
  m.create(Booking, {
    tenant: coach.tenant.id,
    user: other.user.id,
    workshopSchedule: runs.schedule.id,
    seats: 2,
    status: 'CONFIRMED',
    amountTotal: 29800,
    amountDue: 29800,
    amountPaid: 29800,
    currency: 'usd',
  } as any)
  await m.flush()
  await makePublicSchedule(other, {
    tags: [`Sales ${tag}`, 'Negotiation'],
    title: `Negotiation bootcamp ${tag}`,
    price: 29900,
    maxSeats: 8,
    mode: 'HYBRID',
    country: 'FR',
    city: 'Paris',
    timezone: 'Europe/Paris',
    level: 'ADVANCED',
    startInDays: 15,
  })
  for (let i = 0; i < 13; i++) await makePublicSchedule(other, { title: `Cold calling clinic ${tag} #${i + 1}`, price: 5000, startInDays: 20 + i })
})

describe('marketplace pages', () => {
  test('/workshops lists public schedules with coach, price, seats left and venue time', async () => {
    const r = await get(`/workshops?q=${encodeURIComponent(`Difficult conversations ${tag}`)}`)
    expect(r.status).toBe(200)
    expect(r.body).toContain('<title>Workshops | Summit (test)</title>')
    expect(r.body).toContain('data-color-mode="light"')
    const t = text(r.body)
    expect(t).toContain(`Difficult conversations ${tag}`)
    expect(t).toContain(`Amara Okafor${tag}`)
    expect(t).toContain('$149.00')
    expect(t).toContain('8 seats left')
    // 09:00 UTC on the venue's clock (a zone without daylight saving keeps the test stable).
    expect(t).toContain('2:30 PM – 5:30 PM Kolkata time')
    expect(t).toContain('The Workshop Rooms, Mumbai, India')
    expect(t).toContain('1 workshop')
    expect(t).not.toContain(`Negotiation bootcamp ${tag}`)
    // The page is plain HTML: no island, no script.
    expect(r.body).not.toContain('<script type="module"')
  })

  test('a schedule with enough confirmed seats carries the Confirmed to run badge', async () => {
    const runs = text((await get(`/workshops?q=${encodeURIComponent(`Running already ${tag}`)}`)).body)
    expect(runs).toContain('Confirmed to run')
    expect(runs).toContain('8 seats left')
    const not = text((await get(`/workshops?q=${encodeURIComponent(`Difficult conversations ${tag}`)}`)).body)
    expect(not).not.toContain('Confirmed to run')
  })

  test('cards lead to the workshop page, never straight to the checkout; sold-out and started ones say so', async () => {
    const sold = await makePublicSchedule(other, { title: `Sold out session ${tag}`, maxSeats: 5, seatsTaken: 5, startInDays: 40 })
    await makePublicSchedule(other, { title: `Happening now ${tag}`, start: new Date(Date.now() - 3_600_000) })
    const soldPage = await get(`/workshops?q=${encodeURIComponent(`Sold out session ${tag}`)}`)
    expect(text(soldPage.body)).toContain('Fully booked')
    expect(soldPage.body).toContain(`href="/workshops/${sold.schedule.id}"`)
    expect(soldPage.body).not.toMatch(/href="\/workshops\/[^"]+\/book"/)
    const now = await get(`/workshops?q=${encodeURIComponent(`Happening now ${tag}`)}`)
    expect(text(now.body)).toContain('In progress')
    expect(now.body).not.toMatch(/href="\/workshops\/[^"]+\/book"/)
  })

  test('filters are a GET form: level, mode, country, price, dates; bad values show under their field', async () => {
    const q = encodeURIComponent(tag)
    let t = text((await get(`/workshops?q=${q}&level=ADVANCED`)).body)
    expect(t).toContain(`Negotiation bootcamp ${tag}`)
    expect(t).not.toContain(`Difficult conversations ${tag}`)
    t = text((await get(`/workshops?q=${q}&mode=ONLINE&maxPrice=0`)).body)
    expect(t).toContain(`Feedback that lands ${tag}`)
    expect(t).toContain('Free')
    expect(t).not.toContain('Cold calling clinic')
    t = text((await get(`/workshops?q=${q}&country=FR`)).body)
    expect(t).toContain(`Negotiation bootcamp ${tag}`)
    expect(t).not.toContain(`Difficult conversations ${tag}`)
    const from = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10)
    const to = new Date(Date.now() + 16 * 86_400_000).toISOString().slice(0, 10)
    t = text((await get(`/workshops?q=${q}&from=${from}&to=${to}`)).body)
    expect(t).toContain(`Negotiation bootcamp ${tag}`)
    expect(t).not.toContain(`Feedback that lands ${tag}`)
    const bad = await get(`/workshops?q=${q}&level=EXPERT&minPrice=abc`)
    expect(bad.status).toBe(200)
    expect(text(bad.body)).toContain('Please select a valid workshop level')
    expect(text(bad.body)).toContain('The minPrice must be a number of at least 0.')
    expect(text(bad.body)).toContain(`Difficult conversations ${tag}`)
  })

  test('a tag on a card filters the list by that tag; the filter can be removed', async () => {
    const s = await open()
    await s.page.goto(`/workshops?q=${encodeURIComponent(`Negotiation bootcamp ${tag}`)}`)
    await s.page.getByRole('link', { name: `Sales ${tag}` }).click()
    await s.page.waitForURL(`**/workshops?tag=sales-${tag}`)
    expect(await s.page.getByTestId('schedule-card').count()).toBe(1)
    await s.page.getByRole('link', { name: `Remove the tag filter sales-${tag}` }).waitFor()
    // The tag stays when the form is sent again.
    await s.page.getByLabel('Level').selectOption('ADVANCED')
    await s.page.getByRole('button', { name: 'Show workshops' }).click()
    await s.page.waitForURL(/level=ADVANCED/)
    expect(s.page.url()).toContain(`tag=sales-${tag}`)
    expect(await s.page.getByTestId('schedule-card').count()).toBe(1)
    await s.page.getByRole('link', { name: `Remove the tag filter sales-${tag}` }).click()
    await s.page.waitForURL((u) => !u.search.includes('tag='))
    expect(noProblems(s)).toEqual([])
    await s.close()
  })

  test('pagination keeps the filters', async () => {
    const r = await get(`/workshops?q=${encodeURIComponent(`Cold calling clinic ${tag}`)}`)
    const t = text(r.body)
    expect(t).toContain('13 workshops')
    expect(t).toContain(`Cold calling clinic ${tag} #1 `)
    expect(t).not.toContain(`Cold calling clinic ${tag} #13`)
    expect(r.body).toContain(`href="/workshops?q=Cold+calling+clinic+${tag}&amp;page=2"`)
    const p2 = text((await get(`/workshops?q=${encodeURIComponent(`Cold calling clinic ${tag}`)}&page=2`)).body)
    expect(p2).toContain(`Cold calling clinic ${tag} #13`)
    expect(p2).not.toContain(`Cold calling clinic ${tag} #1 `)
    const past = await get(`/workshops?q=${encodeURIComponent(`Cold calling clinic ${tag}`)}&page=5`)
    expect(text(past.body)).toContain('This page is past the end of the list')
    expect(past.body).toContain(`href="/workshops?q=Cold+calling+clinic+${tag}"`)
  })

  test('/consultants is a searchable directory of coaches', async () => {
    const r = await get(`/consultants?q=${encodeURIComponent(`okafor${tag}`)}`)
    expect(r.status).toBe(200)
    const t = text(r.body)
    expect(t).toContain(`Amara Okafor${tag}`)
    expect(t).toContain('Leadership coach for first-time managers')
    expect(t).toContain('Feedback')
    expect(t).not.toContain(`Lucas Moreau${tag}`)
    expect(r.body).toContain(`href="/${coach.user.username}"`)
    const fr = text((await get(`/consultants?q=${tag}&country=FR`)).body)
    expect(fr).toContain(`Lucas Moreau${tag}`)
    expect(fr).not.toContain(`Amara Okafor${tag}`)
  })

  test('/{username} is the public coach profile; unknown names and non-coaches are the 404 page', async () => {
    const r = await get(`/${coach.user.username}`)
    expect(r.status).toBe(200)
    expect(r.body).toContain(`<title>Amara Okafor${tag} | Summit (test)</title>`)
    const t = text(r.body)
    for (const s of [
      'has coached more than 300 new managers',
      'Head of People',
      'Northwind Traders',
      '6 years 4 months',
      'Professional Certified Coach (PCC)',
      'International Coaching Federation',
      'LinkedIn',
      'YouTube',
      'Leadership',
      `Difficult conversations ${tag}`,
      `Feedback that lands ${tag}`,
      'No reviews yet',
    ])
      expect(t).toContain(s)
    expect(t).not.toContain(`Negotiation bootcamp ${tag}`)

    const missing = await get(`/nobody-${tag}`)
    expect(missing.status).toBe(404)
    expect(text(missing.body)).toContain(`Page Not Found: /nobody-${tag}`)
    const client = await makeUser()
    expect((await get(`/${client.username}`)).status).toBe(404)
    // Fixed routes win over the catch-all.
    expect(text((await get('/consultants')).body)).toContain('Coaches and consultants')
    expect((await get('/login')).status).toBe(200)
    expect((await get('/workshops/x/book')).status).toBe(302)
  })

  test('the marketing nav leads to the marketplace; pages render without errors in Chromium', async () => {
    const s = await open()
    await s.page.goto('/')
    await s.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Workshops' }).click()
    await s.page.waitForURL('**/workshops')
    await s.page.getByLabel('Search').fill(`Difficult conversations ${tag}`)
    await s.page.getByRole('button', { name: 'Show workshops' }).click()
    await s.page.waitForURL(/q=Difficult/)
    expect(await s.page.getByTestId('schedule-card').count()).toBe(1)
    if (process.env.SHOTS) await s.page.goto(`/workshops?q=${tag}`), await s.page.screenshot({ path: `${process.env.SHOTS}/workshops.png`, fullPage: true })
    await s.page.goto('/')
    await s.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Coaches' }).click()
    await s.page.waitForURL('**/consultants')
    if (process.env.SHOTS) await s.page.goto(`/consultants?q=${tag}`), await s.page.screenshot({ path: `${process.env.SHOTS}/consultants.png`, fullPage: true })
    await s.page.goto(`/${coach.user.username}`)
    await s.page.getByRole('heading', { name: `Amara Okafor${tag}` }).waitFor()
    if (process.env.SHOTS) await s.page.screenshot({ path: `${process.env.SHOTS}/profile.png`, fullPage: true })
    expect(noProblems(s)).toEqual([])
    expect(s.scripts).toEqual([])
    await s.close()
  })
})
