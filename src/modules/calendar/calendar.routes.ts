import type { EntityManager } from '@mikro-orm/postgresql'
import { Elysia, t } from 'elysia'
import { config } from '../../config'
import { platform, type RequestContext } from '../../platform/http/context'
import { notFound } from '../../platform/http/errors'
import { isId } from '../../platform/http/ids'
import { loadSessionOccasion, loadSessionOccasions } from '../sessions'
import type { User } from '../users'
import { isConfirmedAttendee, WorkshopSchedule } from '../workshops'
import { BOOKING_STATUS, scheduleEvent } from './events'
import { calendarFeed } from './feed'
import { calendar, type IcsEvent } from './ics'

function ics(body: string, filename: string) {
  return new Response(body, {
    headers: {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'private, no-store',
    },
  })
}

const host = () => new URL(config.APP_URL).host

async function loadSchedule(em: EntityManager, where: object, unscoped = false) {
  return em.findOne(WorkshopSchedule, where, { populate: ['workshop', 'coach'], ...(unscoped ? { filters: { tenant: false } } : {}) })
}

/** Same visibility as the schedule itself: own schedules, else PUBLISHED and PUBLIC or UNLISTED. */
async function visibleSchedule(ctx: RequestContext, id: string) {
  if (!isId(id)) return null
  const s = await loadSchedule(ctx.em, { id })
  if (!s) return null
  const mine = ctx.isSuperAdmin || s.coach.id === ctx.user?.id
  if (!mine && (s.status !== 'PUBLISHED' || s.visibility === 'PRIVATE')) return null
  return s
}

export const calendarRoutes = new Elysia({ name: 'calendar' })
  .use(platform)
  .get(
    '/workshop-schedules/:id/calendar.ics',
    async ({ ctx, params }) => {
      const s = await visibleSchedule(ctx, params.id)
      if (!s) throw notFound('Workshop schedule')
      const withLink = ctx.isSuperAdmin || s.coach.id === ctx.user!.id || (await isConfirmedAttendee(ctx.em, s.workshop.id, ctx.user!.id))
      return ics(calendar(scheduleEvent(s, { uid: `schedule-${s.id}@${host()}`, withLink }), { productName: config.SITE_NAME }), `${s.workshop.slug}.ics`)
    },
    {
      auth: true,
      tenant: true,
      params: t.Object({ id: t.String() }),
      detail: { tags: ['Calendar'], summary: 'A schedule as an iCalendar file (in its own time zone)' },
    },
  )
  .get(
    '/public/workshop-schedules/:id/calendar.ics',
    async ({ ctx, params }) => {
      const s = isId(params.id)
        ? await loadSchedule(ctx.em, { id: params.id, status: 'PUBLISHED', visibility: { $in: ['PUBLIC', 'UNLISTED'] }, workshop: { deletedAt: null } }, true)
        : null
      if (!s) throw notFound('Workshop schedule')
      return ics(
        calendar(scheduleEvent(s, { uid: `schedule-${s.id}@${host()}`, withLink: false }), { productName: config.SITE_NAME }),
        `${s.workshop.slug}.ics`,
      )
    },
    {
      params: t.Object({ id: t.String() }),
      detail: { tags: ['Calendar'], summary: 'A public schedule as an iCalendar file (no meeting link)' },
    },
  )
  .get(
    '/bookings/:id/calendar.ics',
    async ({ ctx, params }) => {
      const me = ctx.requireUser()
      if (!isId(params.id)) throw notFound('Booking')
      // The booker, a guest holding an accepted seat, the coach (of the schedule or the session), or a super-admin.
      const [row] = await ctx.em.execute<{ schedule_id: string | null; status: string }[]>(
        `select b.workshop_schedule_id as schedule_id, b.status from bookings b left join workshop_schedules s on s.id = b.workshop_schedule_id
        where b.id = ? and b.deleted_at is null
          and (? or b.user_id = ? or s.coach_id = ? or b.session_coach_id = ?
               or exists (select 1 from booking_seats bs where bs.booking_id = b.id and bs.user_id = ? and bs.status = 'ACCEPTED' and bs.deleted_at is null))`,
        [params.id, ctx.isSuperAdmin, me.id, me.id, me.id, me.id],
      )
      if (!row) throw notFound('Booking')
      const s = row.schedule_id ? await loadSchedule(ctx.em, { id: row.schedule_id }, true) : await loadSessionOccasion(ctx.em as EntityManager, params.id)
      if (!s) throw notFound('Booking')
      const withLink = ['CONFIRMED', 'COMPLETED'].includes(row.status)
      const event = scheduleEvent(s, { uid: `booking-${params.id}@${host()}`, withLink, status: BOOKING_STATUS[row.status] })
      return ics(calendar(event, { productName: config.SITE_NAME }), `booking-${s.workshop.slug}.ics`)
    },
    {
      auth: true,
      params: t.Object({ id: t.String() }),
      detail: { tags: ['Calendar'], summary: 'A booking as an iCalendar file (schedule time zone; meeting link once confirmed)' },
    },
  )
  .get(
    '/calendar/bookings.ics',
    async ({ ctx, query }) => {
      const me = ctx.requireUser()
      const workshopId = query.workshopId ?? null
      if (workshopId !== null && !isId(workshopId)) throw notFound('Workshop')
      // The sessions I go to: my bookings and the seats I accepted in others', not cancelled.
      // One-to-one sessions too (no schedule: their own times), unless one workshop is asked for.
      const rows = await ctx.em.execute<{ id: string; status: string; schedule_id: string | null }[]>(
        `select b.id, b.status, b.workshop_schedule_id as schedule_id from bookings b left join workshop_schedules s on s.id = b.workshop_schedule_id
        where b.deleted_at is null and (s.id is null or s.deleted_at is null) and b.status <> 'CANCELLED'
          and (b.user_id = ? or exists (select 1 from booking_seats bs where bs.booking_id = b.id and bs.user_id = ? and bs.status = 'ACCEPTED' and bs.deleted_at is null))
          and (?::uuid is null or s.workshop_id = ?::uuid)
        order by coalesce(s.start_date, b.starts_at), b.id`,
        [me.id, me.id, workshopId, workshopId],
      )
      const sessions = await loadSessionOccasions(
        ctx.em as EntityManager,
        rows.filter((r) => !r.schedule_id).map((r) => r.id),
      )
      const scheduleIds = [...new Set(rows.flatMap((r) => (r.schedule_id ? [r.schedule_id] : [])))]
      const schedules = scheduleIds.length
        ? await ctx.em.find(
            WorkshopSchedule,
            { id: { $in: scheduleIds } },
            {
              populate: ['workshop', 'coach'],
              filters: { tenant: false },
            },
          )
        : []
      const byId = new Map(schedules.map((s) => [s.id, s]))
      const events = rows.flatMap((r) => {
        const s = r.schedule_id ? byId.get(r.schedule_id) : sessions.get(r.id)
        if (!s) return []
        const withLink = ['CONFIRMED', 'COMPLETED'].includes(r.status)
        return [scheduleEvent(s, { uid: `booking-${r.id}@${host()}`, withLink, status: BOOKING_STATUS[r.status] })]
      })
      const title = workshopId ? (schedules[0]?.workshop.title ?? 'My sessions') : 'My sessions'
      const file = workshopId && schedules[0] ? `sessions-${schedules[0].workshop.slug}.ics` : 'my-sessions.ics'
      return ics(calendarFeed(events, { productName: config.SITE_NAME, name: title }), file)
    },
    {
      auth: true,
      query: t.Object({ workshopId: t.Optional(t.String({ description: 'Only the sessions of this workshop' })) }),
      detail: {
        tags: ['Calendar'],
        summary: 'The sessions I go to as one iCalendar feed (my bookings and accepted seats, not cancelled)',
      },
    },
  )
