/** Which schedules a user may book: the catalogue's visibility rules, shared by bookings and vouchers. */
import { allTenants } from '../../platform/db/tenant-scope'
import type { RequestContext } from '../../platform/http/context'
import { fieldError } from '../../platform/http/errors'
import { Membership } from '../tenants'
import type { User } from '../users'
import { WorkshopSchedule } from './schedule.entity'

export const isCoachOf = (user: User | null, schedule: WorkshopSchedule) => !!user && schedule.coach.id === user.id

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
