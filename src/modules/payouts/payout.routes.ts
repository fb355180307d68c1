import { wrap } from '@mikro-orm/core'
import { Elysia, t } from 'elysia'
import { now } from '../../platform/clock'
import { platform } from '../../platform/http/context'
import { crud } from '../../platform/http/crud'
import { conflict, notFound } from '../../platform/http/errors'
import { oneOfOrNone } from '../../platform/http/filters'
import { isId } from '../../platform/http/ids'
import { dataOf, ok } from '../../platform/openapi/responses'
import { PAYOUT_STATUSES, toAmount, WorkshopSchedule } from '../workshops'
import { PayoutView } from './payout.schema'
import { type Earnings, loadEarnings, split } from './payout.service'

const NONE = '00000000-0000-0000-0000-000000000000'
const uuid = (s: string) => (isId(s) ? s : NONE)

export function serializePayout(s: WorkshopSchedule, earnings?: Map<string, Earnings>) {
  const e = earnings?.get(s.id) ?? { bookings: 0, seats: 0, revenue: 0 }
  const money = split(e.revenue)
  const w = wrap(s.workshop, true).__initialized ? s.workshop : null
  return {
    id: s.id,
    workshopScheduleId: s.id,
    workshopId: s.workshop.id,
    workshopTitle: w?.title ?? null,
    coachId: s.coach.id,
    startDate: s.startDate,
    endDate: s.endDate,
    ended: s.endDate <= now(),
    bookings: e.bookings,
    seats: e.seats,
    currency: w?.currency ?? 'usd',
    revenue: toAmount(money.revenue),
    fee: toAmount(money.fee),
    feePercent: money.feePercent,
    net: toAmount(money.net),
    status: s.payoutStatus,
    paidAt: s.paidOutAt ?? null,
  }
}

/**
 * Payouts: one per schedule, the revenue of its paid bookings minus the platform fee. Coaches
 * see their own; super-admins every coach's and mark them paid.
 */
const payoutCrud = crud({
  path: '/payouts',
  tag: 'Payouts',
  name: 'Payout',
  entity: WorkshopSchedule,
  tenantScoped: true,
  actions: ['list', 'show'],
  access: { list: 'payouts.view', show: 'payouts.view' },
  sortable: ['startDate', 'endDate', 'payoutStatus'],
  defaultSort: '-startDate',
  populate: ['workshop'],
  scope: (ctx) => (ctx.isSuperAdmin ? {} : { coach: ctx.requireUser().id }),
  filters: {
    status: (value) => ({ payoutStatus: oneOfOrNone(PAYOUT_STATUSES, value) }),
    workshop: (value) => ({ workshop: uuid(value) }),
    coach: (value, ctx) => ({ coach: value === 'me' ? (ctx.user?.id ?? NONE) : uuid(value) }),
    ended: (value) => (['1', 'true'].includes(value) ? { endDate: { $lte: now() } } : { endDate: { $gt: now() } }),
  },
  prepare: (ctx, rows) =>
    loadEarnings(
      ctx.em,
      rows.map((r) => r.id),
    ),
  view: PayoutView,
  serialize: (row, _include, _ctx, earnings) => serializePayout(row, earnings),
  description: `Per schedule: revenue of paid bookings (CONFIRMED, COMPLETED, NO_SHOW, and what a refund policy kept of a cancelled one), the platform fee (PLATFORM_FEE_PERCENT) and the coach's net; status pending or paid. \`bookings\` and \`seats\` count the bookings that take place.`,
})

export const payoutRoutes = new Elysia({ name: 'payouts' })
  .use(platform)
  .use(payoutCrud)
  .post(
    '/payouts/:id/mark-paid',
    async ({ ctx, params }) => {
      const schedule = isId(params.id) ? await ctx.em.findOne(WorkshopSchedule, { id: params.id }, { populate: ['workshop'] }) : null
      if (!schedule) throw notFound('Payout')
      if (schedule.endDate > now()) throw conflict('A payout is made once its schedule has ended.')
      if (schedule.payoutStatus === 'paid') throw conflict('This payout is already marked paid.')
      schedule.payoutStatus = 'paid'
      schedule.paidOutAt = now()
      await ctx.em.flush()
      const earnings = await loadEarnings(ctx.em, [schedule.id])
      return { data: serializePayout(schedule, earnings) }
    },
    {
      can: 'payouts.manage',
      tenant: true,
      params: t.Object({ id: t.String() }),
      detail: { responses: ok(dataOf(PayoutView), 'The paid payout'), tags: ['Payouts'], summary: 'Mark a payout paid (super-admins)' },
    },
  )
