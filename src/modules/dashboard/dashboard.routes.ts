import { Elysia } from 'elysia'
import * as v from 'valibot'
import { now } from '../../platform/clock'
import { platform } from '../../platform/http/context'
import { type ErrorBag, forbidden, validationError } from '../../platform/http/errors'
import { dataOf, ok } from '../../platform/openapi/responses'
import { DateTime } from '../../shared/view'
import { adminMetrics, clientMetrics, coachMetrics } from './dashboard.service'

const DAY = 24 * 3600e3

export const MetricsQuerySchema = v.looseObject({
  from: v.optional(v.pipe(v.string(), v.description('Start of the range (ISO date or date-time); default 30 days ago'))),
  to: v.optional(v.pipe(v.string(), v.description('End of the range (a date covers the whole day); default now'))),
  view: v.optional(v.pipe(v.string(), v.description('client, coach or admin; default the highest role the user has'))),
})

function parseRange(q: { from?: string; to?: string }) {
  const errors: ErrorBag = {}
  const read = (k: 'from' | 'to', fallback: Date, endOfDay: boolean) => {
    const raw = q[k]?.trim()
    if (!raw) return fallback
    if (!/^\d{4}-\d{2}-\d{2}/.test(raw) || Number.isNaN(Date.parse(raw))) {
      errors[k] = [`The ${k} must be a date like 2026-01-31.`]
      return fallback
    }
    const d = new Date(raw)
    if (endOfDay && /^\d{4}-\d{2}-\d{2}$/.test(raw)) d.setUTCHours(23, 59, 59, 999)
    return d
  }
  const to = read('to', now(), true)
  const from = read('from', new Date(to.getTime() - 30 * DAY), false)
  if (!errors.from && !errors.to && to < from) errors.to = ['The end of the range must be after its start.']
  if (Object.keys(errors).length) throw validationError(errors)
  return { from, to }
}

/** Dashboard figures for the signed-in user's role (or `view`), for a date range. */
/** The figures differ per view (client, coach, admin); the keys every view has are spelled out. */
const MetricsView = v.looseObject({
  view: v.picklist(['client', 'coach', 'admin']),
  from: DateTime,
  to: DateTime,
  currency: v.string(),
})

export const dashboardRoutes = new Elysia({ name: 'dashboard' }).use(platform).get(
  '/dashboard/metrics',
  async ({ ctx, query }) => {
    const me = ctx.requireUser()
    const range = parseRange(query)
    const coach = await ctx.can('workshops.manage')
    const view = query.view ?? (ctx.isSuperAdmin ? 'admin' : coach ? 'coach' : 'client')
    if (!['client', 'coach', 'admin'].includes(view)) throw validationError({ view: ['The view must be client, coach or admin.'] })
    if (view === 'admin' && !ctx.isSuperAdmin) throw forbidden()
    if (view === 'coach' && !coach) throw forbidden()
    const metrics =
      view === 'admin'
        ? await adminMetrics(ctx.em, range)
        : view === 'coach'
          ? await coachMetrics(ctx.em, me.id, range)
          : await clientMetrics(ctx.em, me.id, range)
    return { data: { view, from: range.from, to: range.to, ...metrics } }
  },
  {
    auth: true,
    query: MetricsQuerySchema,
    detail: {
      responses: ok(dataOf(MetricsView), 'The metrics of the view'),
      tags: ['Dashboard'],
      summary: 'Dashboard metrics for a date range',
      description:
        'client: upcoming bookings and seats, bookings, seats and amount spent in the range. coach: upcoming schedules; for schedules starting in the range seats sold, capacity and fill rate (%); revenue, fees and net of bookings made in the range; rating. admin: bookings, revenue and platform fees in the range, users and tenants (total and new). Amounts are decimals.',
    },
  },
)
