/**
 * Kept pages (src/pages/page-memo.ts): the /b and /c dashboards and list pages are sent again to the same
 * visitor while nothing they show has changed (two statements: the session and the pages'
 * generation), each time with a nonce of its own; a write anywhere, a moved clock or another
 * visitor renders them again.
 */
import { afterEach, beforeAll, describe, expect, test } from 'bun:test'
import { forgetPages, keptPages } from '../../src/pages/page-memo'
import { clock } from '../../src/platform/clock'
import { type Client, em, uid } from '../client'
import { coachBusiness, pageClient } from './coach.fixtures'
import { countStatements } from './sql-counter'

const nonceOf = (headers: Headers) => /'nonce-([^']+)'/.exec(headers.get('content-security-policy') ?? '')?.[1] ?? ''

const generation = async () => Number((await em().getConnection().execute('select last_value from page_generation'))[0].last_value)

/**
 * Two requests one after the other; the second's statements. Retried only when the pages'
 * generation moved meanwhile (a job's sweep wrote a watched table: the page is rendered again,
 * rightly); with the generation still, the second request must be the kept page.
 */
async function twice(page: Client, path: string) {
  for (let i = 0; ; i++) {
    const before = await generation()
    const first = await page.get<string>(path)
    const { result: second, statements } = await countStatements(() => page.get<string>(path))
    if (statements <= 2 || i >= 20 || (await generation()) === before) return { first, second, statements }
  }
}

let biz: Awaited<ReturnType<typeof coachBusiness>>

beforeAll(async () => {
  const { buildAssets } = await import('../../src/platform/assets/assets')
  await buildAssets()
  biz = await coachBusiness(3)
}, 120_000)

afterEach(() => {
  forgetPages()
})

describe('kept pages', () => {
  for (const [path, who] of [
    ['/b', 'client'],
    ['/c', 'coach'],
    ['/b/bookings', 'client'],
    ['/c/bookings', 'coach'],
  ] as const) {
    test(`${path}: kept for the visitor (2 statements, same HTML, a fresh nonce) until a write anywhere`, async () => {
      const page = await pageClient(biz[who].user)
      const { first, second, statements } = await twice(page, path)
      expect(first.status).toBe(200)
      expect(second.status).toBe(200)
      // Session and generation only: the page's own statements are not run again.
      expect(statements).toBe(2)
      expect(second.body).toContain(biz.workshop.title)
      const [n1, n2] = [nonceOf(first.headers), nonceOf(second.headers)]
      expect(n1).toBeTruthy()
      expect(n2).toBeTruthy()
      expect(n2).not.toBe(n1)
      expect(second.body).not.toContain(n1)
      expect(second.body.replaceAll(n2, 'N')).toBe(first.body.replaceAll(n1, 'N'))
      // Every inline script of the kept page carries this response's nonce.
      const inline = second.body.match(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>/g) ?? []
      expect(inline.length).toBeGreaterThan(0)
      for (const tag of inline) expect(tag).toContain(`nonce="${n2}"`)
      // A page response sets no cookie (a browser's next request sends the same Cookie header).
      expect(second.headers.getSetCookie()).toEqual([])

      // A write through another connection (another server, a script): the next request shows it.
      const renamed = `Renamed lab ${uid()}`
      await em().getConnection().execute('update workshops set title = ? where id = ?', [renamed, biz.workshop.id])
      const { result: after, statements: rendered } = await countStatements(() => page.get<string>(path))
      expect(rendered).toBeGreaterThan(2)
      expect(after.body).toContain(renamed)
      expect(after.body).not.toContain(biz.workshop.title)
      await em().getConnection().execute('update workshops set title = ? where id = ?', [biz.workshop.title, biz.workshop.id])
    })
  }

  test('another visitor never gets a kept page: each user sees their own dashboard', async () => {
    const other = await coachBusiness(1)
    const mine = await pageClient(biz.client.user)
    const theirs = await pageClient(other.client.user)
    await twice(mine, '/b')
    const r = await theirs.get<string>('/b')
    expect(r.body).toContain(other.workshop.title)
    expect(r.body).not.toContain(biz.workshop.title)
    // The same user with another cookie (time zone) is another page too, and so is another query.
    mine.cookies.set('tz', 'Asia/Tokyo')
    expect((await countStatements(() => mine.get<string>('/b'))).statements).toBeGreaterThan(2)
    expect((await twice(mine, '/b/bookings')).statements).toBe(2)
    const filtered = await countStatements(() => mine.get<string>('/b/bookings?status=CANCELLED'))
    expect(filtered.statements).toBeGreaterThan(2)
  })

  test('a moved clock renders again, a frozen one keeps; with the memo off every request renders', async () => {
    const page = await pageClient(biz.coach.user)
    expect((await twice(page, '/c')).statements).toBe(2)
    clock.shift(60_000)
    try {
      const { statements } = await countStatements(() => page.get<string>('/c'))
      expect(statements).toBeGreaterThan(2)
    } finally {
      clock.shift(-60_000)
    }
    // A frozen clock (tests stop time) keeps pages as a running one does, however long a request takes.
    clock.freeze(new Date())
    try {
      expect((await twice(page, '/c')).statements).toBe(2)
      await Bun.sleep(50)
      expect((await countStatements(() => page.get<string>('/c'))).statements).toBe(2)
    } finally {
      clock.reset()
    }
    const ttl = keptPages.ttlMs
    keptPages.ttlMs = 0
    try {
      await page.get('/c')
      const { statements } = await countStatements(() => page.get<string>('/c'))
      expect(statements).toBeGreaterThan(2)
    } finally {
      keptPages.ttlMs = ttl
    }
  })
})
