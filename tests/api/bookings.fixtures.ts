/** Fixtures for booking, seat, voucher and invitation tests: rows made directly in the database. */

import type { Tenant } from '../../src/modules/tenants/tenant.entity'
import { WorkshopSchedule } from '../../src/modules/workshops/schedule.entity'
import { Workshop } from '../../src/modules/workshops/workshop.entity'
import { type Actor, actor, em, tenant as makeTenant, uid } from '../client'

const DAY = 86_400_000

export interface ScheduleOpts {
  tenant: Tenant
  coach: Actor
  price?: number // minor units
  maxSeats?: number
  minSeats?: number
  seatsTaken?: number
  startInDays?: number
  hours?: number
  status?: 'DRAFT' | 'PUBLISHED' | 'ARCHIVED'
  visibility?: 'PUBLIC' | 'PRIVATE' | 'UNLISTED'
}

export async function makeSchedule(o: ScheduleOpts) {
  const m = em()
  const id = uid()
  const workshop = m.create(Workshop, {
    tenant: o.tenant.id,
    coach: o.coach.user.id,
    title: `Workshop ${id}`,
    slug: `workshop-${id}`,
    price: o.price ?? 5000,
    currency: 'usd',
    minSeats: o.minSeats ?? 1,
    maxSeats: o.maxSeats ?? 10,
  } as any)
  const start = new Date(Date.now() + (o.startInDays ?? 7) * DAY)
  const schedule = m.create(WorkshopSchedule, {
    tenant: o.tenant.id,
    coach: o.coach.user.id,
    workshop,
    startDate: start,
    endDate: new Date(start.getTime() + (o.hours ?? 3) * 3_600_000),
    timezone: 'Europe/London',
    level: 'BEGINNER',
    status: o.status ?? 'PUBLISHED',
    visibility: o.visibility ?? 'PUBLIC',
    mode: 'ONLINE',
    meetingUrl: 'https://meet.example/x',
    seatsTaken: o.seatsTaken ?? 0,
  } as any)
  await m.flush()
  return { workshop, schedule }
}

export async function seatsTaken(scheduleId: string) {
  const [r] = await em().execute('select seats_taken from workshop_schedules where id = ?', [scheduleId])
  return Number(r.seats_taken)
}

/** A tenant with a coach, and a client who is not a member of it. */
export async function world(opts: Partial<ScheduleOpts> = {}) {
  const t = await makeTenant()
  const coach = await actor({ roles: ['coach'], tenant: t })
  const client = await actor()
  const { workshop, schedule } = await makeSchedule({ tenant: t, coach, ...opts })
  return { tenant: t, coach, client, workshop, schedule }
}

export const book = (a: Actor, scheduleId: string, extra: Record<string, unknown> = {}) =>
  a.client.post('/v1/bookings', { userId: a.user.id, workshopScheduleId: scheduleId, ...extra })

/** Many signed-in clients at once (one flush): for the races. */
export async function manyClients(n: number): Promise<Actor[]> {
  const { User } = await import('../../src/modules/users/user.entity')
  const { AccessToken } = await import('../../src/modules/auth/auth.entity')
  const { randomToken, sha256 } = await import('../../src/platform/crypto')
  const { Client } = await import('../client')
  const m = em()
  const out: Actor[] = []
  for (let i = 0; i < n; i++) {
    const id = uid()
    const user = m.create(User, {
      email: `r-${id}@test.example`,
      username: `r${id}`,
      roles: [],
      status: 'active',
      emailVerifiedAt: new Date(),
      profile: { firstName: 'Racer', lastName: id },
    } as any)
    const secret = randomToken()
    m.create(AccessToken, { user, name: 'test', tokenHash: sha256(secret) } as any)
    const client = new Client()
    client.bearer = secret
    out.push({ user, client })
  }
  await m.flush()
  return out
}

/**
 * A POST on a connection of its own that is closed afterwards: the races open dozens of
 * connections at once, and idle keep-alive ones would hold up the server's shutdown.
 */
/**
 * postOnce, sent again after the pause when the product sheds load (503 with Retry-After, a lock
 * wait given up on a saturated machine), at most `tries` times, as a client would.
 */
export async function postRetrying(a: Actor, path: string, body: unknown = {}, tries = 3) {
  for (let attempt = 1; ; attempt++) {
    const r = await postOnce(a, path, body)
    if (r.status !== 503 || attempt >= tries) return r
    await Bun.sleep(1000)
  }
}

export async function postOnce(a: Actor, path: string, body: unknown = {}) {
  const { app } = await import('../client')
  const res = await fetch(app().url + path, {
    method: 'POST',
    keepalive: false,
    headers: { accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${a.client.bearer}`, connection: 'close' },
    body: JSON.stringify(body),
  })
  const text = await res.text()
  return { status: res.status, body: text ? JSON.parse(text) : null }
}
