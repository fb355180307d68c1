/** Fixtures for one-to-one session tests: a coach with hours and session types, made through the API. */
import { expect } from 'bun:test'
import { type Actor, actor, tenant as makeTenant } from '../client'

export const MINUTE = 60_000
export const HOUR = 60 * MINUTE
export const DAY = 24 * HOUR

export const WEEKDAYS_9_TO_17 = [1, 2, 3, 4, 5].map((day) => ({ day, start: '09:00', end: '17:00' }))
export const EVERY_DAY_9_TO_17 = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: '09:00', end: '17:00' }))

export interface SessionWorld {
  tenant: Awaited<ReturnType<typeof makeTenant>>
  coach: Actor
  client: Actor
}

/** A team with a coach (member, coach role) and a client who is not a member. */
export async function sessionWorld(): Promise<SessionWorld> {
  const t = await makeTenant()
  const coach = await actor({ roles: ['coach'], tenant: t })
  const client = await actor()
  return { tenant: t, coach, client }
}

export async function setHours(coach: Actor, body: { timeZone: string; weekly?: unknown[]; overrides?: unknown[] }) {
  const r = await coach.client.put('/v1/availability', { weekly: [], overrides: [], ...body })
  expect(r.status).toBe(200)
  return r.body.data
}

export async function makeType(coach: Actor, body: Record<string, unknown> = {}) {
  const r = await coach.client.post('/v1/session-types', {
    title: 'Coaching session',
    durationMinutes: 60,
    price: 0,
    minimumNoticeMinutes: 0,
    bookingWindowDays: 60,
    ...body,
  })
  expect(r.status).toBe(201)
  return r.body.data as { id: string; durationMinutes: number; price: number }
}

export async function slots(typeId: string, query: Record<string, string> = {}) {
  const qs = new URLSearchParams(query).toString()
  const { Client } = await import('../client')
  const r = await new Client().get(`/v1/public/session-types/${typeId}/slots${qs ? `?${qs}` : ''}`)
  expect(r.status).toBe(200)
  return r.body.data as { start: string; end: string }[]
}

export const bookSession = (a: Actor, sessionTypeId: string, startsAt: string, extra: Record<string, unknown> = {}) =>
  a.client.post('/v1/bookings', { sessionTypeId, startsAt, ...extra })

/** The next date (YYYY-MM-DD, UTC calendar) at least `days` ahead that falls on ISO weekday `weekday`. */
export function nextWeekday(weekday: number, days = 2, from = Date.now()) {
  for (let i = days; i < days + 8; i++) {
    const d = new Date(from + i * DAY)
    const iso = d.getUTCDay() === 0 ? 7 : d.getUTCDay()
    if (iso === weekday) return d.toISOString().slice(0, 10)
  }
  throw new Error('unreachable')
}
