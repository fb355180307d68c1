/**
 * The coach pages with a time-to-first-byte budget (/c, /c/bookings, /c/workshops/{id}) send a
 * fixed number of SQL statements whatever the number of bookings (10 vs 100), and their
 * streamed part still carries the coach's data.
 */
import { beforeAll, describe, expect, test } from 'bun:test'
import { coachBusiness, pageClient } from './coach.fixtures'
import { minStatements } from './sql-counter'

let small: Awaited<ReturnType<typeof coachBusiness>>
let large: Awaited<ReturnType<typeof coachBusiness>>

beforeAll(async () => {
  const { buildAssets } = await import('../../src/platform/assets/assets')
  await buildAssets()
  small = await coachBusiness(10)
  large = await coachBusiness(100)
}, 180_000)

describe('coach area pages', () => {
  for (const [name, path] of [
    ['/c', () => '/c'],
    ['/c/bookings', () => '/c/bookings'],
    ['/c/workshops/{id}', (w: string) => `/c/workshops/${w}`],
  ] as const) {
    test(`${name}: the same number of SQL statements for 10 and 100 bookings`, async () => {
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
    }, 60_000)
  }
})
