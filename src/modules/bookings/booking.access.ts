/**
 * Who sees which bookings and seats. A booking belongs to its schedule's tenant (tenant_id),
 * but its booker reads it from anywhere: client lists span tenants. So booking routes switch
 * the automatic tenant filter off for their EntityManager and scope every query here:
 *   - super-admin: every booking (only the X-Team tenant's when the header is sent);
 *   - a coach: bookings of the schedules they run;
 *   - anyone: the bookings they made; for seats, also the seats they hold.
 * `X-Team`, when sent, narrows any of these lists to that tenant.
 */

import type { FilterQuery } from '@mikro-orm/core'
import type { EntityManager } from '@mikro-orm/postgresql'
import { TENANT } from '../../platform/db/schemas'
import type { RequestContext } from '../../platform/http/context'
import { fieldError, notFound } from '../../platform/http/errors'
import { isId } from '../../platform/http/ids'
import { Membership, Tenant } from '../tenants/tenant.entity'
import type { User } from '../users/user.entity'
import { WorkshopSchedule } from '../workshops/schedule.entity'
import type { Booking, BookingSeat } from './booking.entity'

const unscoped = new WeakSet<EntityManager>()

/** Turns the automatic tenant filter off for this EntityManager (explicit scoping instead). */
export function allTenants(em: EntityManager) {
  if (!unscoped.has(em)) {
    em.addFilter({ name: TENANT, cond: {}, default: true })
    unscoped.add(em)
  }
  return em
}

/**
 * For services called from elsewhere (payments, jobs): the caller's EntityManager when booking
 * routes already unscoped it or when it is inside a transaction (a fork would open a second
 * transaction and wait on the caller's row locks), else a fork without the tenant filter.
 */
export function bookingEm(em: EntityManager) {
  if (unscoped.has(em) || em.isInTransaction()) return allTenants(em)
  return allTenants(em.fork() as EntityManager)
}

async function teamFilter(ctx: RequestContext): Promise<{ tenant?: string }> {
  if (!ctx.teamHeader) return {}
  const t = await ctx.em.findOne(Tenant, { slug: ctx.teamHeader.toLowerCase() })
  if (!t) throw notFound('Team')
  return { tenant: t.id }
}

export async function bookingScope(ctx: RequestContext): Promise<FilterQuery<Booking>> {
  const me = ctx.requireUser()
  allTenants(ctx.em)
  const team = await teamFilter(ctx)
  if (ctx.isSuperAdmin) return team as FilterQuery<Booking>
  const mine = { $or: [{ user: me.id }, { workshopSchedule: { coach: me.id } }] }
  return (team.tenant ? { $and: [team, mine] } : mine) as FilterQuery<Booking>
}

export async function seatScope(ctx: RequestContext): Promise<FilterQuery<BookingSeat>> {
  const me = ctx.requireUser()
  allTenants(ctx.em)
  const team = await teamFilter(ctx)
  if (ctx.isSuperAdmin) return team as FilterQuery<BookingSeat>
  const mine = { $or: [{ user: me.id }, { booking: { user: me.id } }, { booking: { workshopSchedule: { coach: me.id } } }] }
  return (team.tenant ? { $and: [team, mine] } : mine) as FilterQuery<BookingSeat>
}

export const isCoachOf = (user: User | null, schedule: WorkshopSchedule) => !!user && schedule.coach.id === user.id
export const isBookerOf = (user: User | null, booking: Booking) => !!user && booking.user.id === user.id

/**
 * A schedule a user may book: PUBLISHED, not deleted, and PUBLIC or UNLISTED (PRIVATE ones
 * only for members of its tenant). Anything else reads as "not available" (422 on the field).
 */
export async function findBookableSchedule(ctx: RequestContext, id: string, field = 'workshopScheduleId') {
  allTenants(ctx.em)
  const schedule = await ctx.em.findOne(WorkshopSchedule, { id }, { populate: ['workshop'] })
  const unavailable = () => fieldError(field, 'The selected workshop schedule is not available for booking.')
  if (!schedule || schedule.workshop.deletedAt) throw unavailable()
  if (ctx.isSuperAdmin) return schedule
  if (schedule.status !== 'PUBLISHED') throw unavailable()
  if (schedule.visibility === 'PRIVATE') {
    const member = ctx.user ? await ctx.em.count(Membership, { tenant: schedule.tenant.id, user: ctx.user.id, status: 'ACTIVE' }) : 0
    if (!member && !isCoachOf(ctx.user, schedule)) throw unavailable()
  }
  return schedule
}

/** A list filter on an id: a malformed one is a 422, not a database error. */
export function idFilter(name: string, value: string) {
  if (!isId(value)) throw fieldError(`filter.${name}`, `The ${name} filter must be a valid id.`)
  return value
}
