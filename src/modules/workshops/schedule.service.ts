import { LockMode } from '@mikro-orm/core'
import type { EntityManager } from '@mikro-orm/postgresql'
import { now } from '../../platform/clock'
import { conflict, type ErrorBag, validationError } from '../../platform/http/errors'
import { count } from '../../shared/words'
import { PLAN_LIMITS, Tenant, type TenantPlan } from '../tenants'
import { CATALOGUE_MESSAGES as M } from './catalogue.rules'
import type { DeliveryMode } from './enums'
import { WorkshopSchedule } from './schedule.entity'

type Place = Partial<Pick<WorkshopSchedule, 'mode' | 'addressLine1' | 'city' | 'meetingUrl'>>

/** Venue for IN-PERSON and HYBRID, meeting link for ONLINE and HYBRID (checked on the merged row). */
export function assertPlaceFits(s: Place) {
  const errors: ErrorBag = {}
  const mode = s.mode as DeliveryMode
  if (mode === 'IN-PERSON' || mode === 'HYBRID') {
    if (!s.addressLine1) errors.addressLine1 = [M.venue]
    if (!s.city) errors.city = [M.venue]
  }
  if ((mode === 'ONLINE' || mode === 'HYBRID') && !s.meetingUrl) errors.meetingUrl = [M.meetingUrl]
  if (Object.keys(errors).length) throw validationError(errors)
}

/**
 * The plan's limit on published schedules that have not ended yet. Runs inside the caller's
 * transaction with the tenant row locked, so two publishes at once cannot both take the last slot.
 */
export async function assertCanPublish(em: EntityManager, tenantId: string, exceptId?: string) {
  const tenant = await em.findOneOrFail(Tenant, { id: tenantId }, { lockMode: LockMode.PESSIMISTIC_WRITE })
  const max = PLAN_LIMITS[tenant.plan as TenantPlan].publishedSchedules
  if (max === null) return
  const published = await countPublishedSchedules(em, tenantId, exceptId)
  if (published >= max)
    throw conflict(`The ${tenant.plan} plan allows ${count(max, 'published schedule')} at a time. Archive or unpublish one, or upgrade the plan.`)
}

/** What counts against the plan's published-schedule limit: PUBLISHED schedules that have not ended (the limit check and the team's settings page). */
export function countPublishedSchedules(em: EntityManager, tenantId: string, exceptId?: string) {
  return em.count(
    WorkshopSchedule,
    {
      tenant: tenantId,
      status: 'PUBLISHED',
      endDate: { $gt: now() },
      ...(exceptId ? { id: { $ne: exceptId } } : {}),
    },
    { filters: { tenant: false } },
  )
}

/** Copies the API's place fields onto a schedule; '' clears. */
export function placeFields(data: Record<string, any>) {
  const out: Record<string, any> = {}
  for (const k of ['timezone', 'country', 'venueName', 'addressLine1', 'addressLine2', 'city', 'state', 'zip', 'meetingUrl'])
    if (data[k] !== undefined) out[k] = data[k] === '' ? null : data[k]
  return out
}
