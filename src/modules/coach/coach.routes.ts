/** Coach-only downloads: the payout ledger as CSV and a workshop's schedules as one calendar feed. */

import type { EntityManager } from '@mikro-orm/postgresql'
import { Elysia, t } from 'elysia'
import { config } from '../../config'
import { platform, type RequestContext } from '../../platform/http/context'
import { forbidden, notFound } from '../../platform/http/errors'
import { calendarFeed } from '../calendar'
import { payoutLedgerCsv } from './business.view'
import { isUuid, personName } from './sql'

function requireCoach(ctx: RequestContext) {
  const user = ctx.requireUser()
  if (!ctx.isSuperAdmin && !user.roles.includes('coach')) throw forbidden('Only coaches have payouts and workshop calendars.')
  return user
}

export const coachRoutes = new Elysia({ name: 'coach-area' })
  .use(platform)
  .get(
    '/coach/payouts.csv',
    async ({ ctx, query }) => {
      const user = requireCoach(ctx)
      const q = query as Record<string, string | undefined>
      const csv = await payoutLedgerCsv(ctx.em as EntityManager, user.id, { status: q['filter[status]'] ?? null, workshop: q['filter[workshop]'] ?? null })
      return new Response(csv, {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="payouts-${new Date().toISOString().slice(0, 10)}.csv"`,
          'cache-control': 'private, no-store',
        },
      })
    },
    {
      auth: true,
      detail: {
        tags: ['Payouts'],
        summary: 'Your payout ledger as CSV (filter[status]=pending|paid, filter[workshop]=id)',
        description: 'One row per schedule with paid bookings: gross, platform fee, net, status.',
      },
    },
  )
  .get(
    '/workshops/:id/calendar.ics',
    async ({ ctx, params }) => {
      const user = requireCoach(ctx)
      if (!isUuid(params.id)) throw notFound('Workshop')
      const em = ctx.em as EntityManager
      const rows = await em.execute<any[]>(
        `select s.id, s.start_date, s.end_date, s.timezone, s.mode, s.status, s.updated_at, s.meeting_url, s.venue_name, s.address_line1, s.city, s.country,
              w.title, w.slug, w.description, u.username, u.email, u.profile->>'firstName' as first_name, u.profile->>'lastName' as last_name
         from workshops w join users u on u.id = w.coach_id left join workshop_schedules s on s.workshop_id = w.id and s.deleted_at is null
        where w.id = ? and w.deleted_at is null and (? or w.coach_id = ?) order by s.start_date`,
        [params.id, ctx.isSuperAdmin, user.id],
      )
      if (!rows.length) throw notFound('Workshop')
      const host = new URL(config.APP_URL).host
      const events = rows
        .filter((r) => r.id)
        .map((r) => ({
          uid: `schedule-${r.id}@${host}`,
          start: new Date(r.start_date),
          end: new Date(r.end_date),
          timezone: r.timezone || 'UTC',
          summary: r.title,
          description: [r.description, r.meeting_url ? `Join: ${r.meeting_url}` : null].filter(Boolean).join('\n\n') || undefined,
          location: r.mode === 'ONLINE' ? (r.meeting_url ?? 'Online') : [r.venue_name, r.address_line1, r.city, r.country].filter(Boolean).join(', '),
          url: `${config.APP_URL}/c/workshops/${params.id}`,
          organizer: { name: personName(r) },
          status: (r.status === 'ARCHIVED' ? 'CANCELLED' : r.status === 'DRAFT' ? 'TENTATIVE' : 'CONFIRMED') as 'CANCELLED' | 'TENTATIVE' | 'CONFIRMED',
          updatedAt: new Date(r.updated_at),
        }))
      return new Response(calendarFeed(events, { productName: config.SITE_NAME, name: rows[0].title }), {
        headers: {
          'content-type': 'text/calendar; charset=utf-8',
          'content-disposition': `attachment; filename="${rows[0].slug}.ics"`,
          'cache-control': 'private, no-store',
        },
      })
    },
    {
      auth: true,
      params: t.Object({ id: t.String() }),
      detail: { tags: ['Calendar'], summary: "Every schedule of one of your workshops as an iCalendar feed (the coach's own calendar, with meeting links)" },
    },
  )
