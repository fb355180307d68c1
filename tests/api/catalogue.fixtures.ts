/** Shared fixtures of the catalogue tests: tenants with coaches, workshops and schedules. */

import type { Tenant } from '../../src/modules/tenants/tenant.entity'
import { type Actor, actor, superAdmin, tenant, uid } from '../client'

export const DAY = 24 * 3600 * 1000
export const iso = (ms: number) => new Date(Date.now() + ms).toISOString()

export async function team(plan: 'free' | 'pro' | 'enterprise' = 'pro') {
  const t = await tenant({ plan })
  const coach = await actor({ roles: ['coach'], tenant: t })
  const other = await actor({ roles: ['coach'], tenant: t })
  const client = await actor({ tenant: t })
  for (const a of [coach, other, client]) a.client.withTeam(t.slug)
  return { tenant: t, coach, other, client }
}

export async function makeWorkshop(coach: Actor, body: Record<string, unknown> = {}) {
  const r = await coach.client.post('/v1/workshops', { title: `Workshop ${uid()}`, price: 49.99, minSeats: 2, maxSeats: 5, ...body })
  if (r.status !== 201) throw new Error(`workshop: ${r.status} ${JSON.stringify(r.body)}`)
  return r.body.data
}

export function scheduleBody(coachId: string, workshopId: string, extra: Record<string, unknown> = {}) {
  return {
    coachId,
    workshopId,
    startDate: iso(7 * DAY),
    endDate: iso(7 * DAY + 3 * 3600 * 1000),
    level: 'BEGINNER',
    status: 'PUBLISHED',
    visibility: 'PUBLIC',
    mode: 'ONLINE',
    meetingUrl: 'https://meet.example.com/abc',
    timezone: 'Europe/London',
    country: 'GB',
    ...extra,
  }
}

export async function makeSchedule(coach: Actor, workshopId: string, extra: Record<string, unknown> = {}) {
  const r = await coach.client.post('/v1/workshop-schedules', scheduleBody(coach.user.id, workshopId, extra))
  if (r.status !== 201) throw new Error(`schedule: ${r.status} ${JSON.stringify(r.body)}`)
  return r.body.data
}

export type { Tenant }
export { actor, superAdmin, uid }
