/**
 * Demo one-to-one sessions: Maya (Acme) offers a free 20-minute intro call and a paid 60-minute
 * session on weekday hours in London; Leo (Acme) a paid session only, on Tuesday and Thursday
 * afternoons in Lisbon. Both book through their profiles (/maya, /leo).
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { Availability, SessionType } from '../modules/sessions'
import { Tenant } from '../modules/tenants'
import { User } from '../modules/users'

export async function seedSessions(em: EntityManager) {
  const acme = await em.findOne(Tenant, { slug: 'acme' })
  const maya = await em.findOne(User, { username: 'maya' })
  const leo = await em.findOne(User, { username: 'leo' })
  if (!acme || !maya || !leo) return
  const weekdays = (start: string, end: string, days = [1, 2, 3, 4, 5]) => days.map((day) => ({ day, start, end }))
  em.create(Availability, { coach: maya, timeZone: 'Europe/London', weekly: [...weekdays('09:00', '12:30'), ...weekdays('14:00', '17:00')], overrides: [] })
  em.create(Availability, { coach: leo, timeZone: 'Europe/Lisbon', weekly: weekdays('13:00', '18:00', [2, 4]), overrides: [] })
  const type = (coach: User, d: Partial<SessionType> & { title: string; durationMinutes: number }) =>
    em.create(SessionType, { tenant: acme, coach, currency: 'usd', mode: 'ONLINE', minimumNoticeMinutes: 240, bookingWindowDays: 60, status: 'ACTIVE', ...d })
  type(maya, {
    title: 'Intro call',
    description: 'Twenty minutes to talk about where you are as a manager and whether coaching with me fits.',
    durationMinutes: 20,
    price: 0,
    location: 'https://meet.acme.example/maya',
    bufferAfterMinutes: 10,
    maxPerDay: 4,
  })
  type(maya, {
    title: 'One-to-one coaching session',
    description: 'An hour on the situation in front of you: a hard conversation, a hire, a team that is not pulling together.',
    durationMinutes: 60,
    price: 15000,
    location: 'https://meet.acme.example/maya',
    bufferBeforeMinutes: 10,
    bufferAfterMinutes: 15,
  })
  type(leo, {
    title: 'Talk rehearsal',
    description: 'Rehearse your next talk with me and leave with three things to change.',
    durationMinutes: 45,
    price: 9000,
    mode: 'PHONE',
    location: 'I call you on the number in your profile.',
    minimumNoticeMinutes: 1440,
  })
  await em.flush()
}
