/**
 * Public pages and the public API a shared cache can serve (src/pages/public-cache.ts,
 * src/platform/http/shared-cache.ts): for a visitor without a session every such answer says
 * `public, s-maxage=N, stale-while-revalidate=M`, carries a strong ETag (304 on If-None-Match),
 * sets no cookie, and is the same bytes and headers for every anonymous visitor, whatever cookies
 * or browser they bring; its inline scripts are allowed by hash, not by a nonce. A visitor with
 * a session (cookie or bearer token) keeps private answers.
 */
import { beforeAll, describe, expect, test } from 'bun:test'
import { Session } from '../../src/modules/auth/auth.entity'
import { listingMemo } from '../../src/modules/workshops/listing-memo'
import { randomToken, sha256 } from '../../src/platform/crypto'
import { PUBLIC_CACHE_CONTROL, SHARED_MAX_AGE, STALE_WHILE_REVALIDATE } from '../../src/platform/http/shared-cache'
import { type Actor, app, em } from '../client'
import { makeSchedule, makeWorkshop, team } from './catalogue.fixtures'
import { complete, jobWorld } from './job-postings.fixtures'

interface Got {
  status: number
  headers: Headers
  body: string
}
async function get(path: string, headers: Record<string, string> = {}): Promise<Got> {
  const res = await fetch(app().url + path, { redirect: 'manual', headers })
  return { status: res.status, headers: res.headers, body: await res.text() }
}

/** Headers that are the same for every visitor (the date and the request's own id are not). */
const sameFor = (h: Headers) => Object.fromEntries([...h].filter(([k]) => k !== 'date' && k !== 'x-request-id'))
const scriptSrc = (h: Headers) => (h.get('content-security-policy') ?? '').split(';').find((d) => d.trim().startsWith('script-src')) ?? ''

/** The SHA-256 of each inline script a browser would run. */
function inlineHashes(html: string) {
  const out = new Set<string>()
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\bsrc=/.test(m[1]!) || /type="application\/(ld\+)?json"/.test(m[1]!)) continue
    out.add(new Bun.CryptoHasher('sha256').update(m[2]!).digest('base64'))
  }
  return [...out]
}

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

let coach: Actor
let scheduleId: string
let jobId: string
let pages: string[]
let apis: string[]

beforeAll(async () => {
  const { buildAssets } = await import('../../src/platform/assets/assets')
  await buildAssets()
  await import('../../src/pages/render')
  const t = await team()
  coach = t.coach
  await em().execute(`update users set coach_profile = ?::jsonb where id = ?`, [
    JSON.stringify({ businessName: 'Cache Co', specializations: ['Leadership'] }),
    coach.user.id,
  ])
  const w = await makeWorkshop(coach, { title: 'Shared pages workshop' })
  scheduleId = (await makeSchedule(coach, w.id)).id
  const jobs = await jobWorld()
  const posted = await jobs.coach.client.post('/v1/t/job-postings', complete({ status: 'PUBLISHED' }))
  expect(posted.status).toBe(201)
  jobId = posted.body.data.id
  const username = coach.user.username
  pages = [
    '/',
    '/workshops',
    '/workshops?q=shared&level=BEGINNER',
    `/workshops/${scheduleId}`,
    '/consultants',
    `/${username}`,
    '/jobs',
    '/jobs?page=2',
    `/jobs/${jobId}`,
    '/login',
    '/register?redirect=%2Fb',
  ]
  apis = [
    '/v1/public/workshop-schedules',
    '/v1/public/workshop-schedules?q=shared&perPage=5',
    `/v1/public/workshop-schedules/${scheduleId}`,
    `/v1/public/workshop-schedules/${scheduleId}/calendar.ics`,
    '/v1/public/users',
    `/v1/public/users/${username}`,
    '/v1/public/jobs',
    `/v1/public/jobs/${jobId}`,
    '/v1/public/payments/stripe-key',
    '/v1/tags',
  ]
}, 180_000)

describe('anonymous visitors get answers a shared cache may keep', () => {
  test('public Cache-Control with N and M, a strong ETag, no cookie set and no Vary on cookies', async () => {
    expect(PUBLIC_CACHE_CONTROL).toBe(`public, s-maxage=${SHARED_MAX_AGE}, stale-while-revalidate=${STALE_WHILE_REVALIDATE}`)
    for (const path of [...pages, ...apis]) {
      const r = await get(path, { 'user-agent': CHROME })
      expect({ path, status: r.status }).toEqual({ path, status: 200 })
      expect({ path, cc: r.headers.get('cache-control') }).toEqual({ path, cc: PUBLIC_CACHE_CONTROL })
      expect({ path, etag: /^"[A-Za-z0-9_-]{43}"$/.test(r.headers.get('etag') ?? '') }).toEqual({ path, etag: true })
      expect({ path, cookies: r.headers.getSetCookie() }).toEqual({ path, cookies: [] })
      expect({ path, vary: (r.headers.get('vary') ?? '').toLowerCase().includes('cookie') }).toEqual({ path, vary: false })
    }
  }, 120_000)

  test('304 on If-None-Match with the same validators and policy; a changed ETag gets the page', async () => {
    for (const path of [...pages, ...apis]) {
      const first = await get(path)
      const etag = first.headers.get('etag')!
      const again = await get(path, { 'if-none-match': etag })
      expect({ path, status: again.status, body: again.body }).toEqual({ path, status: 304, body: '' })
      expect(again.headers.get('etag')).toBe(etag)
      expect(again.headers.get('cache-control')).toBe(PUBLIC_CACHE_CONTROL)
      expect(again.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'))
      expect((await get(path, { 'if-none-match': `"other", W/${etag}` })).status).toBe(304)
      expect((await get(path, { 'if-none-match': '"not-this-one"' })).status).toBe(200)
    }
  }, 120_000)

  test('the same bytes and headers for every anonymous visitor, whatever cookies and browser they bring (memo off)', async () => {
    const saved = listingMemo.ttlMs
    listingMemo.ttlMs = 0 // every request renders afresh: the output itself is deterministic
    try {
      const visitors: Record<string, string>[] = [
        { 'user-agent': CHROME },
        { 'user-agent': BOT, cookie: 'color-mode=dark; XSRF-TOKEN=abc', 'accept-language': 'de-DE' },
        { cookie: 'color-mode=light' },
      ]
      for (const path of [...pages, ...apis]) {
        const [a, ...others] = await Promise.all(visitors.map((h) => get(path, h)))
        for (const b of others) {
          expect({ path, same: b.body === a!.body }).toEqual({ path, same: true })
          expect({ path, headers: sameFor(b.headers) }).toEqual({ path, headers: sameFor(a!.headers) })
        }
      }
    } finally {
      listingMemo.ttlMs = saved
    }
  }, 120_000)

  test('no nonce: every inline script the page runs is allowed by its SHA-256, and only those', async () => {
    let scripts = 0
    for (const path of pages) {
      const r = await get(path, { cookie: 'color-mode=dark' })
      const src = scriptSrc(r.headers)
      expect(src).not.toContain('nonce-')
      expect(r.body).not.toContain('nonce=')
      const hashes = inlineHashes(r.body)
      scripts += hashes.length
      const allowed = [...src.matchAll(/'sha256-([^']+)'/g)].map((m) => m[1]).sort()
      expect({ path, allowed }).toEqual({ path, allowed: hashes.sort() })
    }
    // The pages do run inline scripts (the colour mode, the sign-in form's island start).
    expect(scripts).toBeGreaterThan(pages.length)
  })

  test('the colour-mode cookie is applied in the browser, not by the server, on shared pages', async () => {
    const r = await get('/', { cookie: 'color-mode=dark' })
    expect(r.body).toContain('data-color-mode="auto"')
    expect(r.body).toMatch(/<script>\(function\(\)\{try\{var m=\/\(\?:\^\|;\\s\*\)color-mode=/)
    // /workshops is light for everyone: no script to change it.
    expect((await get('/workshops', { cookie: 'color-mode=dark' })).body).not.toContain('color-mode=(light|dark)')
  })
})

describe('visitors with a session keep private answers', () => {
  async function cookieSession(userId: string | null) {
    const secret = randomToken()
    const m = em()
    m.create(Session, {
      id: sha256(secret),
      user: userId,
      csrfToken: randomToken(24),
      data: {},
      lastSeenAt: new Date(),
      expiresAt: new Date(Date.now() + 86_400_000),
    } as any)
    await m.flush()
    return `summit_session=${secret}; color-mode=dark`
  }

  test('signed in by cookie or token, or holding a guest session: private, with a nonce, the colour mode from the cookie', async () => {
    const signedIn = await cookieSession(coach.user.id)
    const guest = await cookieSession(null)
    const visitors: Record<string, string>[] = [{ cookie: signedIn }, { authorization: `Bearer ${coach.client.bearer}` }, { cookie: guest }]
    for (const headers of visitors) {
      for (const path of [...pages.filter((p) => !p.startsWith('/login') && !p.startsWith('/register')), ...apis]) {
        const r = await get(path, headers)
        expect({ path, status: r.status }).toEqual({ path, status: 200 })
        expect({ path, cc: r.headers.get('cache-control')?.startsWith('private, no-') }).toEqual({ path, cc: true })
        expect(r.headers.get('etag')).toBeNull()
        if (!path.startsWith('/v1')) expect(scriptSrc(r.headers)).toContain("'nonce-")
      }
    }
    expect((await get('/', { cookie: signedIn })).body).toContain('data-color-mode="dark"')
  })

  test('a visitor with a time zone (the tz cookie) gets their own hours, privately', async () => {
    for (const path of pages.filter((p) => !p.startsWith('/login') && !p.startsWith('/register'))) {
      const r = await get(path, { cookie: 'tz=Europe/London' })
      expect({ path, status: r.status, cc: r.headers.get('cache-control')?.startsWith('private, no-') }).toEqual({ path, status: 200, cc: true })
      expect(r.headers.get('etag')).toBeNull()
    }
  })

  test("addresses that carry one visitor's outcome or token stay private", async () => {
    for (const path of [`/jobs/${jobId}?applied=1&name=Dana`, `/jobs/${jobId}?error=Nope`, '/login?token=abc'])
      expect({ path, cc: (await get(path)).headers.get('cache-control') }).toEqual({ path, cc: 'private, no-cache' })
  })

  test('errors and not-found pages are not shared', async () => {
    for (const path of ['/no-such-coach-here', `/workshops/${Bun.randomUUIDv7()}`, '/v1/public/users/no-such-coach-here']) {
      const r = await get(path)
      expect({ path, status: r.status }).toEqual({ path, status: 404 })
      expect(r.headers.get('cache-control') ?? '').not.toContain('public')
      expect(r.headers.get('etag')).toBeNull()
    }
  })
})
