/** A coach with a workshop, schedules and bookings in the database, and a cookie session for pages. */

import { Session } from '../../src/modules/auth/auth.entity'
import type { User } from '../../src/modules/users/user.entity'
import { WorkshopSchedule } from '../../src/modules/workshops/schedule.entity'
import { randomToken, sha256 } from '../../src/platform/crypto'
import { Client, em, uid } from '../client'
import { book } from './catalogue.bookings'
import { DAY, iso, makeSchedule, makeWorkshop, team } from './catalogue.fixtures'

/** A browser-like client signed in with a cookie session (pages take cookies, not bearer tokens). */
export async function pageClient(user: User) {
  const m = em()
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
  const c = new Client()
  c.cookies.set('summit_session', secret)
  return c
}

export async function moveToPast(id: string, daysAgo = 2) {
  await em().nativeUpdate(
    WorkshopSchedule,
    { id },
    { startDate: new Date(iso(-daysAgo * DAY)), endDate: new Date(iso(-daysAgo * DAY + 3 * 3600e3)) },
    { filters: false },
  )
}

/** A coach with one workshop, a coming and a past schedule, `n` bookings spread over them. */
export async function coachBusiness(n = 3) {
  const t = await team('pro')
  const w = await makeWorkshop(t.coach, { title: `Negotiation lab ${uid()}`, price: 50, minSeats: 2, maxSeats: 500 })
  const coming = await makeSchedule(t.coach, w.id)
  const past = await makeSchedule(t.coach, w.id, { mode: 'IN-PERSON', meetingUrl: '', addressLine1: '1 High St', city: 'London' })
  const bookings = []
  for (let i = 0; i < n; i++) {
    const status = ['CONFIRMED', 'PENDING', 'CANCELLED', 'COMPLETED', 'NO_SHOW'][i % 5]
    bookings.push(
      await book({
        tenantId: t.tenant.id,
        scheduleId: i % 2 ? past.id : coming.id,
        userId: t.client.user.id,
        seats: 1 + (i % 2),
        status,
        amountPaid: status === 'PENDING' ? 0 : 5000,
        guests: i % 2 ? [{ email: `guest${i}@test.example`, status: 'PENDING' }] : [],
      }),
    )
  }
  await moveToPast(past.id)
  return { ...t, workshop: w, coming, past, bookings }
}
