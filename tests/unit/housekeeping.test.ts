import { expect, test } from 'bun:test'
import { Session } from '../../src/modules/auth/auth.entity'
import { sweepExpired } from '../../src/platform/housekeeping'
import { em } from '../client'

test('the sweep removes expired sessions, finished rate windows and old codes, and keeps live ones', async () => {
  const m = em()
  const past = new Date(Date.now() - 86_400_000 * 3)
  const future = new Date(Date.now() + 86_400_000)
  const conn = m.getConnection()
  await conn.execute(
    `insert into sessions (id, created_at, csrf_token, data, last_seen_at, expires_at) values ('dead-${Date.now()}', now(), 'x', '{}', now(), ?), ('live-${Date.now()}', now(), 'x', '{}', now(), ?)`,
    [past, future],
  )
  await conn.execute(`insert into rate_limits (key, hits, reset_at) values ('old-${Date.now()}', 3, ?)`, [past])
  await conn.execute(
    `insert into one_time_codes (id, created_at, updated_at, email, purpose, code_hash, attempts, expires_at) values (?, now(), now(), 'x@y.z', 'login', 'h', 0, ?)`,
    [Bun.randomUUIDv7(), past],
  )
  const removed = await sweepExpired(m)
  expect(removed.sessions).toBeGreaterThanOrEqual(1)
  expect(removed.rateLimits).toBeGreaterThanOrEqual(1)
  expect(removed.codes).toBeGreaterThanOrEqual(1)
  expect(await m.count(Session, { expiresAt: { $lt: new Date() } })).toBe(0)
  expect(await m.count(Session, { id: { $like: 'live-%' } })).toBeGreaterThanOrEqual(1)
})
