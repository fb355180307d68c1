import { describe, expect, test } from 'bun:test'
import { calendar, escapeText, offsetMinutes, vtimezone } from './ics'

describe('ics', () => {
  test('offsets follow the zone rules', () => {
    expect(offsetMinutes('America/New_York', new Date('2026-01-15T12:00:00Z'))).toBe(-300)
    expect(offsetMinutes('America/New_York', new Date('2026-07-15T12:00:00Z'))).toBe(-240)
    expect(offsetMinutes('Asia/Kolkata', new Date('2026-07-15T12:00:00Z'))).toBe(330)
    expect(offsetMinutes('UTC', new Date())).toBe(0)
  })

  test('VTIMEZONE lists the changes of the years around the event, in local time before the change', () => {
    const lines = vtimezone('Europe/London', new Date('2026-06-01T09:00:00Z'), new Date('2026-06-01T12:00:00Z'))
    const text = lines.join('\n')
    expect(text).toContain('BEGIN:DAYLIGHT\nDTSTART:20260329T010000\nTZOFFSETFROM:+0000\nTZOFFSETTO:+0100\nEND:DAYLIGHT')
    expect(text).toContain('BEGIN:STANDARD\nDTSTART:20261025T020000\nTZOFFSETFROM:+0100\nTZOFFSETTO:+0000\nEND:STANDARD')
    const fixed = vtimezone('Asia/Tokyo', new Date('2026-06-01T09:00:00Z'), new Date('2026-06-01T12:00:00Z'))
    expect(fixed).toContain('TZOFFSETTO:+0900')
  })

  test('an event in its own time zone, escaped and folded at 75 octets with CRLF', () => {
    const out = calendar(
      {
        uid: 'x@summit.test',
        start: new Date('2026-12-01T15:00:00Z'),
        end: new Date('2026-12-01T17:00:00Z'),
        timezone: 'America/New_York',
        summary: 'Plan, build; ship',
        description: `Line one\n${'é'.repeat(60)}`,
        updatedAt: new Date('2026-11-01T00:00:00Z'),
      },
      { productName: 'Summit' },
    )
    expect(out).toContain('DTSTART;TZID=America/New_York:20261201T100000\r\n')
    expect(out).toContain('DTEND;TZID=America/New_York:20261201T120000\r\n')
    expect(out).toContain('SUMMARY:Plan\\, build\\; ship\r\n')
    expect(out).toContain('DTSTAMP:20261101T000000Z')
    for (const line of out.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75)
    expect(out.endsWith('END:VCALENDAR\r\n')).toBe(true)
    expect(escapeText('a\\b')).toBe('a\\\\b')
  })
})
