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
import { allTenants, isAllTenants } from '../../platform/db/tenant-scope'
import type { RequestContext } from '../../platform/http/context'
import { notFound } from '../../platform/http/errors'
import { Tenant } from '../tenants'
import type { User } from '../users'
import type { Booking, BookingSeat } from './booking.entity'

export { idFilter } from '../../platform/http/id-filter'
export { findBookableSchedule, isCoachOf } from '../workshops'

export { allTenants }

/**
 * For services called from elsewhere (payments, jobs): the caller's EntityManager when booking
 * routes already unscoped it or when it is inside a transaction (a fork would open a second
 * transaction and wait on the caller's row locks), else a fork without the tenant filter.
 */
export function bookingEm(em: EntityManager) {
  if (isAllTenants(em) || em.isInTransaction()) return allTenants(em)
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
  const mine = { $or: [{ user: me.id }, { workshopSchedule: { coach: me.id } }, { sessionCoach: me.id }] }
  return (team.tenant ? { $and: [team, mine] } : mine) as FilterQuery<Booking>
}

export async function seatScope(ctx: RequestContext): Promise<FilterQuery<BookingSeat>> {
  const me = ctx.requireUser()
  allTenants(ctx.em)
  const team = await teamFilter(ctx)
  if (ctx.isSuperAdmin) return team as FilterQuery<BookingSeat>
  const mine = {
    $or: [{ user: me.id }, { booking: { user: me.id } }, { booking: { workshopSchedule: { coach: me.id } } }, { booking: { sessionCoach: me.id } }],
  }
  return (team.tenant ? { $and: [team, mine] } : mine) as FilterQuery<BookingSeat>
}

export const isBookerOf = (user: User | null, booking: Booking) => !!user && booking.user.id === user.id
