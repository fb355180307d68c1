/**
 * The coach pages with a time-to-first-byte budget (/c, /c/bookings, /c/workshops/{id}) send a
 * fixed number of SQL statements whatever the number of bookings (10 vs 100), and their
 * streamed part still carries the coach's data.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { keptPages } from '../../src/pages/page-memo'
import { coachBusiness, pageClient } from './coach.fixtures'
import { complete, jobWorld } from './job-postings.fixtures'
import { minStatements } from './sql-counter'

let small: Awaited<ReturnType<typeof coachBusiness>>
let large: Awaited<ReturnType<typeof coachBusiness>>

// The statements of a render: the dashboards' kept pages are off here (tests/api/page-memo.test.ts covers them).
const keptTtl = keptPages.ttlMs
afterAll(() => {
  keptPages.ttlMs = keptTtl
})

beforeAll(async () => {
  keptPages.ttlMs = 0
  const { buildAssets } = await import('../../src/platform/assets/assets')
  await buildAssets()
  small = await coachBusiness(10)
  large = await coachBusiness(100)
}, 180_000)

describe('coach area pages', () => {
  for (const [name, path] of [
    ['/c', () => '/c'],
    ['/c/bookings', () => '/c/bookings'],
    ['/c/workshops', () => '/c/workshops'],
    ['/c/workshops/{id}', (w: string) => `/c/workshops/${w}`],
  ] as const) {
    test(`${name}: the same number of SQL statements and as much HTML (60 KB at most) for 10 and 100 bookings`, async () => {
      const [p10, p100] = [await pageClient(small.coach.user), await pageClient(large.coach.user)]
      const a = await minStatements(() => p10.get(path(small.workshop.id)))
      const b = await minStatements(() => p100.get(path(large.workshop.id)))
      expect(a.result.status).toBe(200)
      expect(b.result.status).toBe(200)
      expect(b.result.body).toContain(large.workshop.title)
      expect(b.result.body).not.toContain('Something went wrong')
      console.log(`${name}: ${a.statements} statements (10 bookings), ${b.statements} (100 bookings)`)
      expect(b.statements).toBe(a.statements)
      expect(a.statements).toBeLessThanOrEqual(12)
      // The HTML shows a screenful whatever the history: at most 60 KB with ten times the bookings.
      const [sa, sb] = [Buffer.byteLength(String(a.result.body)), Buffer.byteLength(String(b.result.body))]
      expect(sb).toBeLessThanOrEqual(60 * 1024)
      expect(sa).toBeLessThanOrEqual(60 * 1024)
    }, 60_000)
  }
})

describe('/c/job-postings', () => {
  test('the same number of SQL statements for 11 and 25 postings (a page shows 10; a short list needs no count), and the plan usage counts the open ones', async () => {
    const counts: number[] = []
    for (const n of [2, 11, 25]) {
      const w = await jobWorld('enterprise')
      for (let i = 0; i < n; i++) {
        const r = await w.coach.client.post('/v1/t/job-postings', complete({ title: `Posting ${i} of ${n}`, status: i % 2 ? 'DRAFT' : 'PUBLISHED' }))
        expect(r.status).toBe(201)
      }
      const c = await pageClient(w.coach.user)
      const r = await minStatements(() => c.get('/c/job-postings'))
      expect(r.result.status).toBe(200)
      expect(r.result.body).toContain(`Posting ${n - 1} of ${n}`)
      expect(r.result.body).toContain(`${Math.ceil(n / 2)} open (published) posting`)
      counts.push(r.statements)
    }
    console.log(`/c/job-postings: ${counts[0]} statements (2 postings), ${counts[1]} (11), ${counts[2]} (25)`)
    expect(counts[2]).toBe(counts[1]!)
    expect(counts[0]).toBeLessThanOrEqual(counts[1]!)
    expect(counts[1]).toBeLessThanOrEqual(8)
  }, 120_000)
})

describe('streamed area pages', () => {
  test('the head, title and layout come in the first chunk; the data follows; every inline script carries the nonce', async () => {
    const { app } = await import('../client')
    const { randomToken, sha256 } = await import('../../src/platform/crypto')
    const { Session } = await import('../../src/modules/auth/auth.entity')
    const { em } = await import('../client')
    const m = em()
    const secret = randomToken()
    m.create(Session, {
      id: sha256(secret),
      user: small.coach.user.id,
      csrfToken: randomToken(24),
      data: {},
      lastSeenAt: new Date(),
      expiresAt: new Date(Date.now() + 86_400_000),
    } as any)
    await m.flush()
    for (const path of ['/c', '/c/bookings', `/c/workshops/${small.workshop.id}`]) {
      const res = await fetch(app().url + path, { headers: { cookie: `summit_session=${secret}` } })
      expect(res.status).toBe(200)
      const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1]
      expect(nonce).toBeTruthy()
      const reader = res.body!.getReader()
      const first = new TextDecoder().decode((await reader.read()).value)
      let html = first
      for (let r = await reader.read(); !r.done; r = await reader.read()) html += new TextDecoder().decode(r.value)
      // The first bytes: title and the shell island (then the skeleton, unless the data was
      // already there when the stream started).
      expect(first).toContain('<title>')
      expect(first).toContain('data-island="app-shell"')
      expect(html.includes('aria-busy="true"') || !html.includes('<template id="B:')).toBe(true)
      // The whole response: the page's data, the shell's counts, and no inline script without the nonce.
      expect(html).toContain(small.workshop.title)
      expect(html).toContain('window.__SS=')
      expect(html).not.toContain('Something went wrong')
      for (const tag of html.match(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>/g) ?? []) expect(tag).toContain(`nonce="${nonce}"`)
    }
    // Another coach's workshop is still a real 404 (decided before the first byte), in the coach layout.
    const other = await pageClient(small.other.user)
    const denied = await other.get(`/c/workshops/${small.workshop.id}`)
    expect(denied.status).toBe(404)
    expect(denied.body).toContain('Page Not Found')
  }, 60_000)
})
