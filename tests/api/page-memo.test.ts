/**
 * Kept pages (src/pages/page-memo.ts): the /b and /c dashboards and list pages are sent again to the same
 * visitor while nothing they show has changed (the session, in the coach area the team, and a
 * round of page changes), each time with a nonce of its own; a change to what the page shows, a
 * moved clock or another visitor renders them again, a write in another team does not. Never
 * stale after an acknowledged change: a write that overlapped a render, a membership suspended,
 * a role given, another client's booking, a write by another connection.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test'
import { forgetPages, keptPages } from '../../src/pages/page-memo'
import { clock } from '../../src/platform/clock'
import { type Client, em, uid } from '../client'
import { coachBusiness, pageClient } from './coach.fixtures'
import { countStatements } from './sql-counter'

const nonceOf = (headers: Headers) => /'nonce-([^']+)'/.exec(headers.get('content-security-policy') ?? '')?.[1] ?? ''

/** The latest page change noted (any scope). */
const lastChange = async () => Number((await em().getConnection().execute('select coalesce(max(id), 0) as n from page_changes'))[0].n)

/** A kept page costs the session and a round of page changes, and in the coach area the team (membership and role). */
const KEPT = (path: string) => (path.startsWith('/c') ? 3 : 2)

/**
 * Two requests one after the other; the second's statements. Retried only when a page change was
 * noted meanwhile (a job's sweep wrote a table: the page may rightly be rendered again); with no
 * change at all, the second request must be the kept page.
 */
async function twice(page: Client, path: string) {
  for (let i = 0; ; i++) {
    const before = await lastChange()
    const first = await page.get<string>(path)
    const { result: second, statements } = await countStatements(() => page.get<string>(path))
    if (statements <= KEPT(path) || i >= 20 || (await lastChange()) === before) return { first, second, statements }
  }
}

let biz: Awaited<ReturnType<typeof coachBusiness>>

let ttl = keptPages.ttlMs
beforeAll(async () => {
  const { buildAssets } = await import('../../src/platform/assets/assets')
  await buildAssets()
  biz = await coachBusiness(3)
  // Changes drop the pages here, not time: a render slower than the time bound on a busy machine
  // must not make a kept page look dropped.
  ttl = keptPages.ttlMs
  keptPages.ttlMs = 60_000
}, 120_000)

afterAll(() => {
  keptPages.ttlMs = ttl
})

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
    test(`${path}: kept for the visitor (same HTML, a fresh nonce) until a write to what it shows`, async () => {
      const page = await pageClient(biz[who].user)
      const { first, second, statements } = await twice(page, path)
      expect(first.status).toBe(200)
      expect(second.status).toBe(200)
      // The session, the team (coach area) and a round of changes: the page's own statements are not run again.
      expect(statements).toBe(KEPT(path))
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
      expect(rendered).toBeGreaterThan(KEPT(path))
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
    expect((await twice(mine, '/b/bookings')).statements).toBe(KEPT('/b/bookings'))
    const filtered = await countStatements(() => mine.get<string>('/b/bookings?status=CANCELLED'))
    expect(filtered.statements).toBeGreaterThan(2)
  })

  test('a moved clock renders again, a frozen one keeps; with the memo off every request renders', async () => {
    const page = await pageClient(biz.coach.user)
    expect((await twice(page, '/c')).statements).toBe(KEPT('/c'))
    clock.shift(60_000)
    try {
      const { statements } = await countStatements(() => page.get<string>('/c'))
      expect(statements).toBeGreaterThan(KEPT('/c'))
    } finally {
      clock.shift(-60_000)
    }
    // A frozen clock (tests stop time) keeps pages as a running one does, however long a request takes.
    clock.freeze(new Date())
    try {
      expect((await twice(page, '/c')).statements).toBe(KEPT('/c'))
      await Bun.sleep(50)
      expect((await countStatements(() => page.get<string>('/c'))).statements).toBe(KEPT('/c'))
    } finally {
      clock.reset()
    }
    const kept = keptPages.ttlMs
    keptPages.ttlMs = 0
    try {
      await page.get('/c')
      const { statements } = await countStatements(() => page.get<string>('/c'))
      expect(statements).toBeGreaterThan(KEPT('/c'))
    } finally {
      keptPages.ttlMs = kept
    }
  })

  test('a write in another team leaves the pages kept: only what a page shows drops it', async () => {
    const other = await coachBusiness(1)
    for (const [path, who] of [
      ['/b', 'client'],
      ['/c', 'coach'],
    ] as const) {
      const page = await pageClient(biz[who].user)
      await twice(page, path)
      await em()
        .getConnection()
        .execute('update workshops set title = ? where id = ?', [`Other lab ${uid()}`, other.workshop.id])
      // Kept unless a job wrote this team meanwhile (then rightly rendered): retried like `twice`.
      let statements = 0
      for (let i = 0; i < 20; i++) {
        const before = await lastChange()
        statements = (await countStatements(() => page.get<string>(path))).statements
        if (statements === KEPT(path)) break
        await em().getConnection().execute('update workshops set title = title where id = ?', [other.workshop.id])
        if ((await lastChange()) === before) break
      }
      expect(statements).toBe(KEPT(path))
    }
  })
})

describe('kept pages are never stale after an acknowledged change', () => {
  test('a render that overlapped an uncommitted write is not sent again once the write commits', async () => {
    const page = await pageClient(biz.coach.user)
    const renamed = `Overlapped lab ${uid()}`
    await em().transactional(async (tem) => {
      await tem.getConnection().execute('update workshops set title = ? where id = ?', [renamed, biz.workshop.id], 'run', tem.getTransactionContext())
      // Rendered (and kept) while the write is noted but not committed: the old title.
      const during = await page.get<string>('/c/workshops')
      expect(during.body).toContain(biz.workshop.title)
      expect((await page.get<string>('/c/workshops')).body).toContain(biz.workshop.title)
    })
    // Committed and answered: the next request shows it.
    const after = await page.get<string>('/c/workshops')
    expect(after.body).toContain(renamed)
    await em().getConnection().execute('update workshops set title = ? where id = ?', [biz.workshop.title, biz.workshop.id])
  })

  test('a suspended or removed member is refused the team at once, never served a kept page of it', async () => {
    const t = await coachBusiness(1)
    const page = await pageClient(t.coach.user)
    expect((await twice(page, '/c')).second.body).toContain(t.workshop.title)
    await em().getConnection().execute("update memberships set status = 'SUSPENDED' where tenant_id = ? and user_id = ?", [t.tenant.id, t.coach.user.id])
    const suspended = await page.get<string>('/c')
    expect(suspended.body).not.toContain(t.workshop.title)
    await em().getConnection().execute("update memberships set status = 'ACTIVE' where tenant_id = ? and user_id = ?", [t.tenant.id, t.coach.user.id])
    expect((await twice(page, '/c')).second.body).toContain(t.workshop.title)
    await em().getConnection().execute('delete from memberships where tenant_id = ? and user_id = ?', [t.tenant.id, t.coach.user.id])
    expect((await page.get<string>('/c')).body).not.toContain(t.workshop.title)
  })

  test('a role given in the team renders the pages again; an account role taken away closes the area at once', async () => {
    const t = await coachBusiness(1)
    const page = await pageClient(t.coach.user)
    await twice(page, '/c')
    await em().getConnection().execute("update memberships set roles = '{manager}' where tenant_id = ? and user_id = ?", [t.tenant.id, t.coach.user.id])
    const { result, statements } = await countStatements(() => page.get<string>('/c'))
    expect(result.status).toBe(200)
    expect(statements).toBeGreaterThan(KEPT('/c'))
    await twice(page, '/c')
    await em().getConnection().execute("update users set roles = '{}' where id = ?", [t.coach.user.id])
    expect((await page.get<string>('/c')).status).toBe(403)
  })

  test("another client's booking on a schedule the coach's dashboard shows changes its seat count at once", async () => {
    const t = await coachBusiness(0)
    const page = await pageClient(t.coach.user)
    // "0/500 seats" on the coming schedule's line (React's text separators taken out).
    const seats = (html: string) => /(\d+)\/500 seats/.exec(html.replaceAll('<!-- -->', ''))?.[1] ?? ''
    const before = seats((await twice(page, '/c')).second.body)
    const r = await t.client.client.post('/v1/bookings', { userId: t.client.user.id, workshopScheduleId: t.coming.id, seats: 2 })
    expect(r.status).toBe(201)
    expect(before).toBe('0')
    expect(seats((await page.get<string>('/c')).body)).toBe('2')
  })
})
