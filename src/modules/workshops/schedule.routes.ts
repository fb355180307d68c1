import type { EntityManager } from '@mikro-orm/postgresql'
import { now } from '../../platform/clock'
import type { RequestContext } from '../../platform/http/context'
import { crud } from '../../platform/http/crud'
import { conflict, fieldError, forbidden } from '../../platform/http/errors'
import { count } from '../../shared/words'
import { assertOwner, isUuid } from './access'
import { ScheduleView } from './catalogue.views'
import { CONTENT_STATUSES, DELIVERY_MODES, SKILL_LEVELS, VISIBILITIES } from './enums'
import { WorkshopSchedule } from './schedule.entity'
import { ScheduleCreateSchema, ScheduleUpdateSchema } from './schedule.schema'
import { assertCanPublish, assertPlaceFits, placeFields } from './schedule.service'
import { loadAttendedSchedules, loadScheduleStats } from './schedule.stats'
import { serializeSchedule } from './serialize'
import { checkScheduleTime } from './time.hooks'
import { Workshop } from './workshop.entity'

const NONE = '00000000-0000-0000-0000-000000000000'
const oneOf = (list: readonly string[], field: string) => (value: string) => ({
  [field]: list.includes(value.toUpperCase()) ? value.toUpperCase() : '__none__',
})
const date = (value: string) => {
  const d = new Date(value)
  if (Number.isNaN(d.getTime())) throw fieldError('filter', `Not a date: ${value}`)
  return d
}

/**
 * Members of the tenant read published schedules (PUBLIC in lists, also UNLISTED by id);
 * coaches also see all of their own; super-admins everything.
 */
function scheduleScope(ctx: RequestContext, params: Record<string, string>) {
  if (ctx.isSuperAdmin) return {}
  const me = ctx.user?.id ?? NONE
  const visible = params?.id ? { $in: ['PUBLIC', 'UNLISTED'] } : 'PUBLIC'
  return { $or: [{ coach: me }, { status: 'PUBLISHED', visibility: visible }] } as any
}

/** Which of these schedules' meeting links the caller may read: coach, tenant managers, confirmed seat holders. */
async function meetingUrlReaders(ctx: RequestContext, rows: WorkshopSchedule[]): Promise<Set<string>> {
  const me = ctx.user
  if (!me) return new Set()
  if (ctx.isSuperAdmin || (await ctx.can('bookings.manage'))) return new Set(rows.map((r) => r.id))
  const allowed = await loadAttendedSchedules(
    ctx.em,
    rows.map((r) => r.id),
    me.id,
  )
  for (const r of rows) if (r.coach.id === me.id) allowed.add(r.id)
  return allowed
}

async function inTransaction<T>(em: EntityManager, fn: (em: EntityManager) => Promise<T>) {
  return em.transactional((tx) => fn(tx as EntityManager))
}

export const scheduleRoutes = crud({
  path: '/workshop-schedules',
  tag: 'Workshop schedules',
  name: 'Workshop schedule',
  entity: WorkshopSchedule,
  softDelete: true,
  tenantScoped: true,
  access: { list: 'auth', show: 'auth', create: 'workshops.manage', update: 'workshops.manage', delete: 'workshops.manage', restore: 'workshops.manage' },
  createSchema: ScheduleCreateSchema,
  updateSchema: ScheduleUpdateSchema,
  sortable: ['startDate', 'endDate', 'createdAt', 'updatedAt', 'status'],
  defaultSort: 'startDate',
  populate: ['workshop'],
  includes: { workshop: 'workshop.tags', coach: 'coach' },
  scope: scheduleScope,
  filters: {
    coach: (value, ctx) => ({ coach: value === 'me' ? (ctx.user?.id ?? NONE) : isUuid(value) ? value : NONE }),
    workshop: (value) => ({ workshop: isUuid(value) ? value : NONE }),
    status: oneOf(CONTENT_STATUSES, 'status'),
    level: oneOf(SKILL_LEVELS, 'level'),
    mode: oneOf(DELIVERY_MODES, 'mode'),
    visibility: oneOf(VISIBILITIES, 'visibility'),
    from: (value) => ({ startDate: { $gte: date(value) } }),
    to: (value) => ({ startDate: { $lte: date(value) } }),
    upcoming: (value) => (['1', 'true'].includes(value) ? { endDate: { $gt: now() } } : { endDate: { $lte: now() } }),
  },
  prepare: async (ctx, rows) => {
    const stats = await loadScheduleStats(
      ctx.em,
      rows.map((r) => r.id),
      { ratings: true },
    )
    stats.meetingUrlFor = await meetingUrlReaders(ctx, rows)
    return stats
  },
  view: ScheduleView,
  serialize: (row, include, _ctx, stats) => serializeSchedule(row, include, stats),
  description:
    "One run of a workshop. `seatsLeft` = maxSeats - seats of PENDING and CONFIRMED bookings; `runs` once confirmed seats reach minSeats. `meetingUrl` is present only for the schedule's coach, tenant managers (`bookings.manage`) and holders of a confirmed seat.",
  async authorizeChange(ctx, row, action) {
    assertOwner(ctx, row.coach.id, 'schedule')
    // Seats held by bookings keep a coming schedule in place: cancel the bookings first.
    if (action === 'delete' && row.seatsTaken > 0 && row.endDate > now())
      throw conflict(`This schedule has ${count(row.seatsTaken, 'booked seat')}. Cancel its bookings before deleting it.`)
    if (action === 'restore' && row.status === 'PUBLISHED' && row.endDate > now())
      await inTransaction(ctx.em, (em) => assertCanPublish(em, row.tenant.id, row.id))
    // A restored schedule takes its time back: not over a session booked meanwhile.
    if (action === 'restore' && row.status !== 'ARCHIVED' && row.endDate > now())
      await inTransaction(ctx.em, (em) => checkScheduleTime(em, { coachId: row.coach.id, start: row.startDate, end: row.endDate, scheduleId: row.id }))
  },
  async create(ctx, data) {
    const tenant = await ctx.tenant()
    const me = ctx.requireUser()
    if (data.coachId !== me.id && !ctx.isSuperAdmin) throw forbidden('Coaches schedule their own workshops only.')
    const workshop = await ctx.em.findOne(Workshop, { id: data.workshopId })
    if (!workshop) throw fieldError('workshopId', 'The selected workshop does not exist.')
    if (workshop.coach.id !== data.coachId) {
      if (!ctx.isSuperAdmin) throw forbidden('Coaches schedule their own workshops only.')
      throw fieldError('coachId', 'The coach must be the coach of the workshop.')
    }
    const place = placeFields(data)
    assertPlaceFits({ mode: data.mode, ...place })
    return inTransaction(ctx.em, async (em) => {
      if (data.status === 'PUBLISHED') await assertCanPublish(em, tenant.id)
      if (data.status !== 'ARCHIVED') await checkScheduleTime(em, { coachId: data.coachId, start: new Date(data.startDate), end: new Date(data.endDate) })
      const row = em.create(WorkshopSchedule, {
        tenant: tenant.id,
        coach: data.coachId,
        workshop,
        startDate: new Date(data.startDate),
        endDate: new Date(data.endDate),
        level: data.level,
        status: data.status,
        visibility: data.visibility,
        mode: data.mode,
        ...place,
      })
      await em.flush()
      return row
    })
  },
  async update(ctx, row, data) {
    const next = { ...row, ...placeFields(data), mode: data.mode ?? row.mode }
    const start = data.startDate ? new Date(data.startDate) : row.startDate
    const end = data.endDate ? new Date(data.endDate) : row.endDate
    if (end <= start) throw fieldError('endDate', 'End date must be after start date')
    assertPlaceFits(next)
    await inTransaction(ctx.em, async (em) => {
      const publishing = data.status === 'PUBLISHED' && row.status !== 'PUBLISHED'
      if (publishing && end > now()) await assertCanPublish(em, row.tenant.id, row.id)
      const status = data.status ?? row.status
      const moved = start.getTime() !== row.startDate.getTime() || end.getTime() !== row.endDate.getTime()
      if (status !== 'ARCHIVED' && (moved || row.status === 'ARCHIVED')) await checkScheduleTime(em, { coachId: row.coach.id, start, end, scheduleId: row.id })
      em.assign(row, { ...placeFields(data), startDate: start, endDate: end, ...pick(data, ['level', 'status', 'visibility', 'mode']) })
      await em.flush()
    })
  },
})

function pick(o: Record<string, any>, keys: string[]) {
  return Object.fromEntries(keys.filter((k) => o[k] !== undefined).map((k) => [k, o[k]]))
}
