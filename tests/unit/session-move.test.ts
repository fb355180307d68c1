/**
 * The session pieces of the client's pages that are plain functions: the move dialog's free
 * times by day on the coach's clock, and the confirmation's refund line from the session's policy.
 */
import { describe, expect, test } from 'bun:test'
import { byDay } from '../../islands/client-booking/session-time-dialog'
import { refundDeadlineLine } from '../../src/shared/refund-policy'

const slot = (start: string) => ({ start, end: new Date(Date.parse(start) + 3_600_000).toISOString() })

describe('moving a session', () => {
  test("the free times group by the coach's day (not UTC's), soonest first, the booking's own time left out", () => {
    const slots = ['2026-05-12T08:00:00.000Z', '2026-05-12T21:30:00.000Z', '2026-05-12T22:30:00.000Z', '2026-05-13T07:00:00.000Z'].map(slot)
    // 22:30 UTC is 00:30 the next day in Berlin (UTC+2 in May).
    expect(byDay(slots, 'Europe/Berlin', '2026-05-12T08:00:00.000Z')).toEqual([
      ['2026-05-12', [slot('2026-05-12T21:30:00.000Z')]],
      ['2026-05-13', [slot('2026-05-12T22:30:00.000Z'), slot('2026-05-13T07:00:00.000Z')]],
    ])
    // In New York all three of the 12th stay on the 12th.
    expect(byDay(slots, 'America/New_York', '2026-05-13T07:00:00.000Z').map(([d, l]) => [d, l.length])).toEqual([['2026-05-12', 3]])
  })
})

describe("the session confirmation's refund line", () => {
  const start = '2026-05-13T08:00:00.000Z'
  const policy = { fullRefundHours: 48, partialRefundHours: 24, partialRefundPercent: 50 }
  test('the first deadline still ahead, on the coach clock', () => {
    expect(refundDeadlineLine(policy, start, 'Europe/Berlin', new Date('2026-05-01T09:00:00Z'))).toBe(
      'Full refund if you cancel by May 11, 2026, 10:00 AM Berlin time.',
    )
    expect(refundDeadlineLine(policy, start, 'Europe/Berlin', new Date('2026-05-11T09:00:00Z'))).toBe(
      '50% back if you cancel by May 12, 2026, 10:00 AM Berlin time.',
    )
    expect(refundDeadlineLine(policy, start, 'Europe/Berlin', new Date('2026-05-12T09:00:00Z'))).toBe(
      'This booking is not refunded if you cancel it: the refund deadlines have passed.',
    )
  })
  test('no policy: a full refund whenever it is cancelled before the start', () => {
    expect(refundDeadlineLine(null, start, 'Europe/Berlin')).toBe('Cancel at any time before the start for a full refund.')
  })
})
