/**
 * The session pieces of the client's pages that are plain functions: the move dialog's free
 * times by day on the coach's clock, and the confirmation's refund line from the session's policy.
 */
import { describe, expect, test } from 'bun:test'
import { byDay } from '../../islands/lib/session-time-dialog'
import { findSlots, merge, type SlotRules, within } from '../../src/modules/sessions/slots'
import { formatMove } from '../../src/shared/datetime'
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

  test('a time overlapping the current one (30 minutes later for an hour) is offered; only the current start is left out', () => {
    const times = ['2026-05-12T08:00:00.000Z', '2026-05-12T08:30:00.000Z', '2026-05-12T09:00:00.000Z'].map(slot)
    expect(byDay(times, 'Europe/London', '2026-05-12T08:00:00.000Z')).toEqual([['2026-05-12', [times[1]!, times[2]!]]])
  })

  // The move's times are the type's slots with the booking's own blocked range left out of the busy time.
  const rules: SlotRules = {
    durationMinutes: 60,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 15,
    minimumNoticeMinutes: 0,
    bookingWindowDays: 60,
    maxPerDay: null,
  }
  const availability = { timeZone: 'Europe/London', weekly: [{ day: 2, start: '09:00', end: '12:00' }], overrides: [] }
  const own = { start: Date.parse('2026-05-12T08:00:00Z'), end: Date.parse('2026-05-12T09:15:00Z') }
  const other = { start: Date.parse('2026-05-12T10:00:00Z'), end: Date.parse('2026-05-12T11:15:00Z') }
  const starts = (busy: { start: number; end: number }[]) =>
    findSlots({
      rules,
      availability,
      busy,
      bookedPerDay: new Map(),
      now: Date.parse('2026-05-01T00:00:00Z'),
      from: Date.parse('2026-05-12T00:00:00Z'),
      to: Date.parse('2026-05-13T00:00:00Z'),
    }).map((s) => new Date(s.start).toISOString().slice(11, 16))
  test("with the booking's own range busy nothing near it is free; without it, 30 minutes later is", () => {
    // London is UTC+1 in May: the hours are 08:00-11:00 UTC; another session 10:00-11:15 with its buffer.
    expect(starts([own, other])).toEqual([])
    expect(starts([other])).toEqual(['08:00', '08:30'])
  })
})

describe('a move in the booking history', () => {
  test('one zone named once; the day again only when the move changes it', () => {
    expect(formatMove('2026-05-12T08:00:00Z', '2026-05-12T08:30:00Z', 'Europe/London')).toBe('Tue, May 12, 2026, 9:00 AM → 9:30 AM London time')
    expect(formatMove('2026-05-12T08:00:00Z', '2026-05-13T08:00:00Z', 'America/New_York')).toBe(
      'Tue, May 12, 2026, 4:00 AM → Wed, May 13, 2026, 4:00 AM New York time',
    )
    // On the session's clock, the reader's beside where it differs (with the day where theirs differs).
    expect(formatMove('2026-05-12T08:00:00Z', '2026-05-12T08:30:00Z', 'Europe/London', 'America/New_York')).toBe(
      'Tue, May 12, 2026, 9:00 AM → 9:30 AM London time (4:00 AM → 4:30 AM your time)',
    )
    expect(formatMove('2026-05-12T08:00:00Z', '2026-05-12T08:30:00Z', 'Europe/London', 'Europe/Lisbon')).toBe(
      'Tue, May 12, 2026, 9:00 AM → 9:30 AM London time',
    )
    expect(formatMove('2026-05-12T13:00:00Z', '2026-05-12T16:00:00Z', 'Europe/London', 'Asia/Tokyo')).toBe(
      'Tue, May 12, 2026, 2:00 PM → 5:00 PM London time (10:00 PM → Wed, May 13, 1:00 AM your time)',
    )
    expect(formatMove('2026-05-12T16:00:00Z', '2026-05-12T16:30:00Z', 'Europe/London', 'Asia/Tokyo')).toBe(
      'Tue, May 12, 2026, 5:00 PM → 5:30 PM London time (Wed, May 13, 1:00 AM → 1:30 AM your time)',
    )
    // Midnight in Tokyo lies between 14:30 and 15:30 UTC.
    expect(formatMove('2026-05-12T14:30:00Z', '2026-05-12T15:30:00Z', 'Asia/Tokyo')).toBe(
      'Tue, May 12, 2026, 11:30 PM → Wed, May 13, 2026, 12:30 AM Tokyo time',
    )
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

describe("a busy feed's ranges in a window", () => {
  test('merged once, then the ranges that overlap the window, touching ends left out', () => {
    const feed = merge([
      { start: 50, end: 70 },
      { start: 0, end: 10 },
      { start: 20, end: 30 },
      { start: 25, end: 40 },
      { start: 90, end: 100 },
    ])
    expect(feed).toEqual([
      { start: 0, end: 10 },
      { start: 20, end: 40 },
      { start: 50, end: 70 },
      { start: 90, end: 100 },
    ])
    expect(within(feed, 10, 50)).toEqual([{ start: 20, end: 40 }])
    expect(within(feed, 35, 51)).toEqual([
      { start: 20, end: 40 },
      { start: 50, end: 70 },
    ])
    expect(within(feed, 100, 200)).toEqual([])
    expect(within(feed, -5, 1)).toEqual([{ start: 0, end: 10 }])
    expect(within([], 0, 10)).toEqual([])
  })
})
