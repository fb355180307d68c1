/**
 * The client area pages send a fixed number of SQL statements whatever the number of bookings
 * (10 vs 100 bookings, with seats, payments and invitations), and show the client's own rows
 * only (another client's booking is the area's 404).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Session } from '../../src/modules/auth/auth.entity'
import { User } from '../../src/modules/users/user.entity'
import { keptPages } from '../../src/pages/page-memo'
import { randomToken, sha256 } from '../../src/platform/crypto'
import { app, em, uid } from '../client'
import { makeCoach, makePublicSchedule } from '../e2e/marketplace.fixtures'
import { minStatements } from './sql-counter'

async function clientWith(bookings: number, scheduleIds: string[], tenantId: string) {
  const m = em()
  const id = uid()
  const user = m.create(User, {
    email: `c-${id}@test.example`,
    username: `c${id}`,
    roles: [],
    status: 'active',
    emailVerifiedAt: new Date(),
    profile: { firstName: 'Cleo', lastName: `N${bookings}` },
  } as any)
  await m.flush()
  await m.getConnection().execute(
    `insert into bookings (id, created_at, updated_at, tenant_id, user_id, workshop_schedule_id, seats, status, amount_total, discount, amount_due, amount_paid, currency, meta, confirmed_at)
     select gen_random_uuid(), now() - (i || ' minutes')::interval, now(), ?::uuid, ?::uuid, (?::uuid[])[1 + i % ?], 2, case when i % 5 = 0 then 'PENDING' else 'CONFIRMED' end, 10000, 0, 10000,
            case when i % 5 = 0 then 0 else 10000 end, 'usd', '{}'::jsonb, now()
       from generate_series(1, ?) i`,
    [tenantId, user.id, `{${scheduleIds.join(',')}}`, scheduleIds.length, bookings],
  )
  await m.getConnection().execute(
    `insert into booking_seats (id, created_at, updated_at, tenant_id, booking_id, user_id, email, status, attended, meta)
     select gen_random_uuid(), now(), now(), b.tenant_id, b.id, b.user_id, null, 'ACCEPTED', false, '{}'::jsonb from bookings b where b.user_id = ?
     union all
     select gen_random_uuid(), now(), now(), b.tenant_id, b.id, null, 'guest-' || b.id || '@test.example', 'PENDING', false, '{}'::jsonb from bookings b where b.user_id = ?`,
    [user.id, user.id],
  )
  await m.getConnection().execute(
    `insert into payments (id, created_at, updated_at, tenant_id, booking_id, user_id, kind, status, amount, amount_refunded, currency, provider)
     select gen_random_uuid(), now(), now(), b.tenant_id, b.id, b.user_id, 'payment', 'succeeded', b.amount_paid, 0, 'usd', 'stripe' from bookings b where b.user_id = ? and b.amount_paid > 0`,
    [user.id],
  )
  const secret = randomToken()
  m.create(Session, {
    id: sha256(secret),
    user: user.id,
    csrfToken: randomToken(24),
    data: {},
    lastSeenAt: new Date(),
    expiresAt: new Date(Date.now() + 86_400_000),
  } as any)
  await m.flush()
  return { user, cookie: `summit_session=${secret}` }
}

const page = async (path: string, cookie: string) => {
  const res = await fetch(app().url + path, { headers: { cookie }, redirect: 'manual' })
  return { status: res.status, body: await res.text() }
}

let small: Awaited<ReturnType<typeof clientWith>>
let large: Awaited<ReturnType<typeof clientWith>>

// The statements of a render: the dashboards' kept pages are off here (tests/api/page-memo.test.ts covers them).
const keptTtl = keptPages.ttlMs
afterAll(() => {
  keptPages.ttlMs = keptTtl
})

beforeAll(async () => {
  keptPages.ttlMs = 0
  const { buildAssets } = await import('../../src/platform/assets/assets')
  await buildAssets()
  const coach = await makeCoach('Sam', `Count${uid()}`)
  const schedules = []
  for (let i = 0; i < 5; i++)
    schedules.push((await makePublicSchedule(coach, { title: `Counting workshop ${i} ${uid()}`, price: 5000, maxSeats: 500 })).schedule.id)
  small = await clientWith(10, schedules, coach.tenant.id)
  large = await clientWith(100, schedules, coach.tenant.id)
}, 180_000)

describe('client area pages', () => {
  for (const path of ['/b', '/b/bookings', '/b/payments', '/b/groups', '/b/workshops']) {
    test(`${path}: the same number of SQL statements and as much HTML (60 KB at most) for 10 and 100 bookings`, async () => {
      const a = await minStatements(() => page(path, small.cookie))
      const b = await minStatements(() => page(path, large.cookie))
      expect(a.result.status).toBe(200)
      expect(b.result.status).toBe(200)
      console.log(`${path}: ${a.statements} statements (10 bookings), ${b.statements} (100 bookings)`)
      expect(b.statements).toBe(a.statements)
      expect(a.statements).toBeLessThanOrEqual(12)
      // The HTML shows a screenful whatever the history: at most 60 KB with ten times the bookings.
      const [sa, sb] = [Buffer.byteLength(a.result.body), Buffer.byteLength(b.result.body)]
      expect(sb).toBeLessThanOrEqual(60 * 1024)
      expect(sa).toBeLessThanOrEqual(60 * 1024)
    }, 60_000)
  }

  test("a booking detail (and its tabs) has a fixed statement count; another client's booking is the area 404", async () => {
    const [mine] = await em().getConnection().execute(`select id from bookings where user_id = ? limit 1`, [large.user.id])
    const [other] = await em().getConnection().execute(`select id from bookings where user_id = ? limit 1`, [small.user.id])
    for (const tab of ['', '/seats', '/payments']) {
      const r = await minStatements(() => page(`/b/bookings/${mine.id}${tab}`, large.cookie))
      expect(r.result.status).toBe(200)
      expect(r.statements).toBeLessThanOrEqual(12)
    }
    const denied = await page(`/b/bookings/${other.id}`, large.cookie)
    expect(denied.status).toBe(404)
    expect(denied.body).toContain(`Page Not Found: /b/bookings/${other.id}`)
    expect(denied.body).toContain('Client navigation')
    // The bookings page lists this client's rows only: a first page of 10 of their 10, served by the server.
    const list = await page('/b/bookings', small.cookie)
    expect((list.body.match(/aria-label="Select row"/g) ?? []).length).toBe(10)
    expect(list.body).toContain('data-total="10"')
    expect((await page('/b/bookings', large.cookie)).body).toContain('data-total="100"')
  }, 60_000)

  test("a workshop's History tab with no ended session says so, rather than asking to book a first workshop", async () => {
    // Every booking of this client is of a session still to come.
    const [row] = await em()
      .getConnection()
      .execute(`select s.workshop_id from bookings b join workshop_schedules s on s.id = b.workshop_schedule_id where b.user_id = ? limit 1`, [small.user.id])
    const history = await page(`/b/workshops/${row.workshop_id}/history`, small.cookie)
    expect(history.status).toBe(200)
    expect(history.body).toContain('No past session of this workshop yet')
    expect(history.body).not.toContain('No bookings here yet')
  }, 60_000)
})
