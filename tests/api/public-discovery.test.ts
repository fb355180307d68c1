/**
 * How visitors and search engines find the public pages (issue 21): the sitemap (an index and
 * parts, parsed as XML; the split checked with a small limit; lastmod; gzip), robots.txt, a
 * canonical address and Open Graph / Twitter tags on every public page, cards on /, /workshops,
 * /consultants and /{username} leading to the workshop page, /jobs in the navigation and the
 * footer, and a coach profile listing the coach's open job postings.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { gunzipSync } from 'node:zlib'
import { XMLParser } from 'fast-xml-parser'
import { JobPosting } from '../../src/modules/job-postings/job-posting.entity'
import { User } from '../../src/modules/users/user.entity'
import { WorkshopSchedule } from '../../src/modules/workshops/schedule.entity'
import { homeMemo, upcomingWorkshops } from '../../src/pages/screens/home-data'
import { pageMemo } from '../../src/pages/screens/marketplace/cache'
import { sitemapOptions } from '../../src/pages/seo/sitemap'
import { actor, app, em, uid } from '../client'
import { DAY, makeSchedule, makeWorkshop, team } from './catalogue.fixtures'
import { complete } from './job-postings.fixtures'

const xml = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'url' || name === 'sitemap' })
const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(app().url + path, { redirect: 'manual', headers })
  return { status: res.status, headers: res.headers, body: await res.text() }
}
const base = () => app().url
const W3C = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/

let a: Awaited<ReturnType<typeof team>>
const s: Record<string, any> = {}
const tag = uid()
let posting: JobPosting

// The page renderer and its assets are built before any test times a request.
beforeAll(async () => {
  const { buildAssets } = await import('../../src/platform/assets/assets')
  await buildAssets()
  await import('../../src/pages/render')
}, 180_000)

beforeAll(async () => {
  pageMemo.ttlMs = 0
  homeMemo.ttlMs = 0
  sitemapOptions.partsTtlMs = 0
  a = await team('enterprise')
  await em().nativeUpdate(User, { id: a.coach.user.id }, { profile: { firstName: 'Lucas', lastName: `Moreau${tag}`, headline: 'Sales coach' } })
  const w = await makeWorkshop(a.coach, { title: `Negotiation bootcamp ${tag}`, price: 99 })
  s.coming = await makeSchedule(a.coach, w.id)
  s.later = await makeSchedule(a.coach, w.id, {
    startDate: new Date(Date.now() + 20 * DAY).toISOString(),
    endDate: new Date(Date.now() + 20 * DAY + 3600e3).toISOString(),
  })
  s.recent = await makeSchedule(a.coach, w.id)
  s.old = await makeSchedule(a.coach, w.id)
  s.draft = await makeSchedule(a.coach, w.id, { status: 'DRAFT' })
  s.private = await makeSchedule(a.coach, w.id, { visibility: 'PRIVATE' })
  s.unlisted = await makeSchedule(a.coach, w.id, { visibility: 'UNLISTED' })
  const m = em()
  await m.nativeUpdate(
    WorkshopSchedule,
    { id: s.recent.id },
    { startDate: new Date(Date.now() - 5 * DAY), endDate: new Date(Date.now() - 5 * DAY + 3600e3) },
    { filters: false },
  )
  await m.nativeUpdate(
    WorkshopSchedule,
    { id: s.old.id },
    { startDate: new Date(Date.now() - 60 * DAY), endDate: new Date(Date.now() - 60 * DAY + 3600e3) },
    { filters: false },
  )
  // An open job posting of the coach's team, created by the coach.
  const created = await a.coach.client.post('/v1/t/job-postings', complete({ title: `Account executive ${tag}`, status: 'PUBLISHED' }))
  expect(created.status).toBe(201)
  posting = (await m.findOne(JobPosting, { id: created.body.data.id }, { filters: false }))!
})

afterAll(() => {
  pageMemo.ttlMs = 2_000
  homeMemo.ttlMs = 15_000
  sitemapOptions.perFile = 50_000
  sitemapOptions.batch = 5_000
  sitemapOptions.partsTtlMs = 60_000
})

async function sitemap() {
  const index = await get('/sitemap.xml')
  expect(index.status).toBe(200)
  expect(index.headers.get('content-type')).toBe('application/xml; charset=utf-8')
  const parsed = xml.parse(index.body)
  expect(parsed.sitemapindex['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9')
  const parts: { loc: string; lastmod?: string }[] = parsed.sitemapindex.sitemap
  const files: Record<string, { loc: string; lastmod?: string }[]> = {}
  for (const p of parts) {
    expect(p.loc.startsWith(`${base()}/sitemaps/`)).toBe(true)
    const r = await get(p.loc.slice(base().length))
    expect(r.status).toBe(200)
    const urlset = xml.parse(r.body).urlset
    expect(urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9')
    files[p.loc.slice(`${base()}/sitemaps/`.length)] = urlset.url ?? []
  }
  return { parts, files }
}

describe('sitemap', () => {
  test('an index of parts: static pages, public workshop pages, coach profiles, jobs; each with lastmod', async () => {
    const { parts, files } = await sitemap()
    expect(Object.keys(files)).toEqual(['static.xml', 'workshops-1.xml', 'coaches-1.xml', 'jobs-1.xml'])
    for (const p of parts) expect(p.lastmod).toMatch(W3C)
    const locs = (f: string) => files[f]!.map((u) => u.loc)
    expect(locs('static.xml')).toEqual(
      [
        '/',
        '/workshops',
        '/consultants',
        '/jobs',
        '/announcement',
        '/b/privacy-policy',
        '/b/terms-and-conditions',
        '/c/privacy-policy',
        '/c/terms-and-conditions',
      ].map((p) => base() + p),
    )
    const workshops = locs('workshops-1.xml')
    // Coming and recently ended public pages; never drafts, private, unlisted or long past ones.
    for (const x of [s.coming, s.later, s.recent]) expect(workshops).toContain(`${base()}/workshops/${x.id}`)
    for (const x of [s.old, s.draft, s.private, s.unlisted]) expect(workshops).not.toContain(`${base()}/workshops/${x.id}`)
    // In start-date order.
    expect(workshops.indexOf(`${base()}/workshops/${s.recent.id}`)).toBeLessThan(workshops.indexOf(`${base()}/workshops/${s.later.id}`))
    for (const u of files['workshops-1.xml']!) expect(u.lastmod).toMatch(W3C)
    expect(locs('coaches-1.xml')).toContain(`${base()}/${a.coach.user.username}`)
    expect(locs('coaches-1.xml')).not.toContain(`${base()}/${a.client.user.username}`)
    expect(locs('jobs-1.xml')).toContain(`${base()}/jobs/${posting.id}`)
    // A workshop's change shows in its URL's lastmod.
    const before = files['workshops-1.xml']!.find((u) => u.loc.endsWith(s.coming.id))!.lastmod!
    await Bun.sleep(1100)
    expect((await a.coach.client.patch(`/v1/workshops/${s.coming.workshopId}`, { description: 'Changed' })).status).toBe(200)
    const after = (await sitemap()).files['workshops-1.xml']!.find((u) => u.loc.endsWith(s.coming.id))!.lastmod!
    expect(Date.parse(after)).toBeGreaterThan(Date.parse(before))
  })

  test('splits every source at perFile URLs; the parts together list each URL once, in order', async () => {
    // Enough rows for several parts of each kind.
    const w = await makeWorkshop(a.coach, { title: `Split ${tag}` })
    for (let i = 0; i < 5; i++)
      await makeSchedule(a.coach, w.id, {
        startDate: new Date(Date.now() + (30 + i) * DAY).toISOString(),
        endDate: new Date(Date.now() + (30 + i) * DAY + 3600e3).toISOString(),
      })
    for (let i = 0; i < 4; i++) await actor({ roles: ['coach'] })
    const whole = (await sitemap()).files
    expect(whole['workshops-1.xml']!.length).toBeGreaterThanOrEqual(8)
    expect(whole['coaches-1.xml']!.length).toBeGreaterThanOrEqual(6)
    sitemapOptions.perFile = 3
    sitemapOptions.batch = 2
    try {
      const { parts, files } = await sitemap()
      const names = (src: string) => Object.keys(files).filter((f) => f.startsWith(`${src}-`))
      for (const src of ['workshops', 'coaches', 'jobs']) {
        const all = whole[`${src}-1.xml`]!.map((u) => u.loc)
        const split = names(src)
        // Dates' parts are cut at positions among the indexed dates (stable while dates go
        // live or not), so a part may list fewer than 3 live ones: at least as many parts.
        if (src === 'workshops') expect(split.length).toBeGreaterThanOrEqual(Math.ceil(all.length / 3))
        else expect(split.length).toBe(Math.ceil(all.length / 3))
        expect(split).toEqual(split.map((_, i) => `${src}-${i + 1}.xml`))
        for (const f of split) expect(files[f]!.length).toBeLessThanOrEqual(3)
        expect(split.flatMap((f) => files[f]!.map((u) => u.loc))).toEqual(all)
      }
      expect(parts.length).toBe(1 + names('workshops').length + names('coaches').length + names('jobs').length)
      // Read as a crawler does (the index, then its parts, which start from the keys the index found): the same URLs.
      sitemapOptions.partsTtlMs = 60_000
      const warm = await sitemap()
      sitemapOptions.partsTtlMs = 0
      for (const src of ['workshops', 'coaches', 'jobs'])
        expect(names(src).flatMap((f) => warm.files[f]!.map((u) => u.loc))).toEqual(whole[`${src}-1.xml`]!.map((u) => u.loc))
      // Past the last part: 404; a name that is no part: 404.
      expect((await get(`/sitemaps/workshops-${names('workshops').length + 1}.xml`)).status).toBe(404)
      expect((await get('/sitemaps/workshops-0.xml')).status).toBe(404)
      expect((await get('/sitemaps/bookings-1.xml')).status).toBe(404)
    } finally {
      sitemapOptions.perFile = 50_000
      sitemapOptions.batch = 5_000
    }
  })

  test('parts are gzipped for clients that accept it; the XML is escaped', async () => {
    const res = await fetch(`${base()}/sitemaps/workshops-1.xml`, { headers: { 'accept-encoding': 'gzip' }, decompress: false } as RequestInit)
    expect(res.headers.get('content-encoding')).toBe('gzip')
    const body = gunzipSync(new Uint8Array(await res.arrayBuffer())).toString('utf8')
    expect(body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true)
    expect(xml.parse(body).urlset.url.length).toBeGreaterThan(0)
    expect(body).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/)
  })
})

describe('robots.txt', () => {
  test('points at the sitemap and keeps the areas, the API and its docs out (usernames stay crawlable)', async () => {
    const r = await get('/robots.txt')
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    const lines = r.body.split('\n')
    expect(lines[0]).toBe('User-agent: *')
    for (const l of [
      'Disallow: /b/',
      'Disallow: /b$',
      'Disallow: /c/',
      'Disallow: /c$',
      'Disallow: /v1/',
      'Disallow: /docs$',
      'Disallow: /docs/',
      'Allow: /b/privacy-policy',
    ])
      expect(lines).toContain(l)
    expect(lines).toContain(`Sitemap: ${base()}/sitemap.xml`)
    // Prefixes never swallow a username such as /bella or /carl.
    expect(lines.filter((l) => /^Disallow: \/[bc]$/.test(l))).toEqual([])
  })

  test('sitemap.xml and robots.txt are never taken for usernames; /workshops/{id} never shadows its checkout', async () => {
    expect((await get('/sitemap.xml')).body).toStartWith('<?xml')
    expect((await get('/robots.txt')).body).toStartWith('User-agent')
    expect((await get(`/workshops/${s.coming.id}`)).status).toBe(200)
    expect((await get(`/workshops/${s.coming.id}/book`)).status).toBe(302)
  })
})

const metas = (html: string) => ({
  canonical: [...html.matchAll(/<link rel="canonical" href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&')),
  og: (k: string) => new RegExp(`<meta property="og:${k}" content="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, '&') ?? null,
  tw: (k: string) => new RegExp(`<meta name="twitter:${k}" content="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, '&') ?? null,
})

describe('canonical address and sharing tags', () => {
  test('every public page has one canonical address and Open Graph and Twitter tags', async () => {
    const pages: [string, string][] = [
      ['/', '/'],
      ['/workshops', '/workshops'],
      ['/workshops/', '/workshops'],
      ['/workshops?q=x&level=BEGINNER&tag=sales&page=2', '/workshops?tag=sales&page=2'],
      ['/consultants?q=amara', '/consultants'],
      ['/consultants?page=1', '/consultants'],
      ['/jobs', '/jobs'],
      [`/jobs/${posting.id}`, `/jobs/${posting.id}`],
      [`/workshops/${s.coming.id}`, `/workshops/${s.coming.id}`],
      [`/${a.coach.user.username}`, `/${a.coach.user.username}`],
      [`/${a.coach.user.username!.toUpperCase()}`, `/${a.coach.user.username}`],
      ['/announcement', '/announcement'],
      ['/b/privacy-policy', '/b/privacy-policy'],
      ['/b/terms-and-conditions', '/b/terms-and-conditions'],
      ['/c/privacy-policy', '/c/privacy-policy'],
      ['/c/terms-and-conditions', '/c/terms-and-conditions'],
      ['/login', '/login'],
      ['/register', '/register'],
    ]
    for (const [path, canonical] of pages) {
      const r = await get(path)
      expect([path, r.status]).toEqual([path, 200])
      const m = metas(r.body)
      expect([path, m.canonical]).toEqual([path, [base() + canonical]])
      expect([path, m.og('url')]).toEqual([path, base() + canonical])
      for (const k of ['title', 'description', 'image', 'type', 'site_name']) expect([path, k, !!m.og(k)]).toEqual([path, k, true])
      expect(m.og('image')!.startsWith(base())).toBe(true)
      expect(m.tw('card')).toBe('summary_large_image')
      for (const k of ['title', 'description', 'image', 'image:alt']) expect([path, k, !!m.tw(k)]).toEqual([path, k, true])
    }
    expect(metas((await get(`/${a.coach.user.username}`)).body).og('type')).toBe('profile')
  })

  test('pages that must not be indexed say so and carry no canonical address', async () => {
    for (const path of ['/invitations/not-a-real-token', '/invitations/team/not-a-real-token']) {
      const invitation = await get(path)
      expect([path, invitation.status, invitation.body.includes('Invitation not found')]).toEqual([path, 200, true])
      expect([path, invitation.body.includes('<meta name="robots" content="noindex"/>')]).toEqual([path, true])
      expect([path, metas(invitation.body).canonical]).toEqual([path, []])
    }
    const missing = await get('/workshops/00000000-0000-7000-8000-000000000000')
    expect(missing.status).toBe(404)
    expect(metas(missing.body).canonical).toEqual([])
  })
})

describe('cards and navigation lead to the workshop page', () => {
  test('/workshops, / and the coach profile: every card links to the page, none to the checkout', async () => {
    for (const path of [`/workshops?q=${encodeURIComponent(`Negotiation bootcamp ${tag}`)}`, `/${a.coach.user.username}`]) {
      const r = await get(path)
      expect([path, r.body.includes(`href="/workshops/${s.coming.id}"`)]).toEqual([path, true])
      expect([path, /href="\/workshops\/[^"]+\/book"/.test(r.body)]).toEqual([path, false])
    }
    const home = await get('/')
    const section = /<section id="workshops"[\s\S]*?<\/section>/.exec(home.body)?.[0] ?? ''
    const links = [...section.matchAll(/href="(\/workshops\/[^"]+)"/g)].map((m) => m[1])
    // The home shows the next six public schedules of the whole marketplace (other files share the database).
    const next = await upcomingWorkshops(em())
    expect(links.length).toBeGreaterThan(0)
    expect([...new Set(links)]).toEqual(next.map((w) => `/workshops/${w.id}`))
    for (const l of links) expect(l).toMatch(/^\/workshops\/[0-9a-f-]{36}$/)
    expect(home.body).not.toMatch(/href="\/workshops\/[^"]+\/book"/)
  })

  test('/consultants: each coach card links to the coach and to their next workshop page', async () => {
    const r = await get(`/consultants?q=${encodeURIComponent(`moreau${tag}`)}`)
    expect(r.body).toContain(`href="/${a.coach.user.username}"`)
    // The next coming public schedule (not the one that ended, not a draft).
    const next = [...r.body.matchAll(/<a href="([^"]+)" class="[^"]*" data-testid="next-workshop"/g)].map((m) => m[1])
    expect(next).toEqual([`/workshops/${s.coming.id}`])
    expect(r.body).toContain(`Negotiation bootcamp ${tag}`)
  })

  test('Jobs is in the main navigation, the phone menu and the footer', async () => {
    const r = await get('/')
    const nav = (label: string) => new RegExp(`<nav aria-label="${label}"[^>]*>[\\s\\S]*?</nav>`).exec(r.body)?.[0] ?? ''
    for (const label of ['Main', 'Main menu', 'Explore']) expect([label, nav(label).includes('href="/jobs"')]).toEqual([label, true])
  })

  test("a coach profile lists the coach's open job postings", async () => {
    const r = await get(`/${a.coach.user.username}`)
    expect(r.body).toContain('Open positions')
    expect(r.body).toContain(`href="/jobs/${posting.id}"`)
    expect(r.body).toContain(`Account executive ${tag}`)
    // A closed one leaves the list.
    expect((await a.coach.client.patch(`/v1/t/job-postings/${posting.id}`, { status: 'CLOSED' })).status).toBe(200)
    const after = await get(`/${a.coach.user.username}`)
    expect(after.body).not.toContain(`href="/jobs/${posting.id}"`)
    expect(after.body).not.toContain('Open positions')
    expect((await a.coach.client.patch(`/v1/t/job-postings/${posting.id}`, { status: 'PUBLISHED' })).status).toBe(200)
  })
})
