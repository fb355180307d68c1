/**
 * Pages without islands are sent whole, with no script at all, however big they grow: React
 * would otherwise outline a finished Suspense part behind an inline reveal script once the page
 * passes its progressive chunk size (12.8 KB).
 */
import { describe, expect, test } from 'bun:test'
import { homeMemo } from '../../src/pages/screens/home-data'
import { actor, app, em, tenant as makeTenant } from '../client'
import { scriptsOf } from '../html'
import { makeSchedule } from './bookings.fixtures'

describe('pages without islands', () => {
  test('a home page past 13 KB still carries no script and no deferred part', async () => {
    const t = await makeTenant()
    const coach = await actor({ roles: ['coach'], tenant: t })
    const m = em()
    const long = 'Alexandra-Konstantina '.repeat(6)
    await m.execute(`update users set profile = profile || jsonb_build_object('firstName', ?::text, 'lastName', ?::text) where id = ?`, [
      long,
      long,
      coach.user.id,
    ])
    // The six workshops starting first, whatever other tests made: each with a long title.
    for (let i = 0; i < 6; i++) {
      const { workshop, schedule } = await makeSchedule({ tenant: t, coach })
      await m.execute('update workshops set title = ? where id = ?', [
        `Workshop ${i} ${'with a long and descriptive title '.repeat(8)}`.slice(0, 255),
        workshop.id,
      ])
      await m.execute(`update workshop_schedules set start_date = now() + interval '1 minute' * ?, end_date = now() + interval '1 hour' where id = ?`, [
        i + 1,
        schedule.id,
      ])
    }
    const ttl = homeMemo.ttlMs
    homeMemo.ttlMs = 0
    const res = await fetch(`${app().url}/`).finally(() => (homeMemo.ttlMs = ttl))
    const html = await res.text()
    expect(res.status).toBe(200)
    expect(html.length).toBeGreaterThan(13_000)
    expect(html).toContain('with a long and descriptive title')
    expect(scriptsOf(html)).toEqual([])
    expect(html).not.toContain('<template')
  })
})
