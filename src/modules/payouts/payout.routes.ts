import { wrap } from '@mikro-orm/core'
import type { EntityManager } from '@mikro-orm/postgresql'
import { Elysia, t } from 'elysia'
import { config } from '../../config'
import { now } from '../../platform/clock'
import { platform } from '../../platform/http/context'
import { crud } from '../../platform/http/crud'
import { notFound } from '../../platform/http/errors'
import { oneOfOrNone } from '../../platform/http/filters'
import { isId } from '../../platform/http/ids'
import { dataOf, ok } from '../../platform/openapi/responses'
import { toMajor } from '../../shared/money'
import { PAYOUT_STATUSES, WorkshopSchedule } from '../workshops'
import { connectRoutes } from './connect.routes'
import { loadScheduleMoney, type ScheduleMoney } from './ledger.view'
import { PayoutView } from './payout.schema'
import { markSchedulePaid } from './payout.service'

const NONE = '00000000-0000-0000-0000-000000000000'
const uuid = (s: string) => (isId(s) ? s : NONE)

export function serializePayout(s: WorkshopSchedule, money?: Map<string, ScheduleMoney>) {
  const e = money?.get(s.id)
  const w = wrap(s.workshop, true).__initialized ? s.workshop : null
  const revenue = (e?.gross ?? 0) - (e?.refunded ?? 0)
  const currency = w?.currency ?? 'usd'
  return {
    id: s.id,
    workshopScheduleId: s.id,
    workshopId: s.workshop.id,
    workshopTitle: w?.title ?? null,
    coachId: s.coach.id,
    startDate: s.startDate,
    endDate: s.endDate,
    ended: s.endDate <= now(),
    bookings: e?.bookings ?? 0,
    seats: e?.seats ?? 0,
    currency,
    revenue: toMajor(revenue, currency),
    fee: toMajor(e?.fee ?? 0, currency),
    feePercent: e?.feePercent || config.PLATFORM_FEE_PERCENT,
    net: toMajor(e?.net ?? 0, currency),
    transferred: toMajor(e?.transferred ?? 0, currency),
    status: s.payoutStatus,
    paidAt: s.paidOutAt ?? null,
  }
}

/**
 * Payouts per schedule: the revenue of its paid bookings after refunds, the platform fee and
 * the coach's net, from the same transfer rows the transfers and balance read. A schedule is
 * `paid` once every booking's money went to the coach (by Stripe transfer, or outside Stripe
 * when a super-admin marked it paid). Coaches see their own; super-admins every coach's.
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
    loadScheduleMoney(
      ctx.em as EntityManager,
      rows.map((r) => r.id),
    ),
  view: PayoutView,
  serialize: (row, _include, _ctx, money) => serializePayout(row, money),
  description: `Per schedule: revenue of its paid bookings after refunds, the platform fee (PLATFORM_FEE_PERCENT, or the tenant plan's) and the coach's net (major units), what was transferred so far; status pending, or paid once every booking's money went to the coach. The transfers themselves: GET /v1/payouts/transfers.`,
})

export const payoutRoutes = new Elysia({ name: 'payouts' })
  .use(platform)
  .use(connectRoutes)
  .use(payoutCrud)
  .post(
    '/payouts/:id/mark-paid',
    async ({ ctx, params }) => {
      const schedule = isId(params.id) ? await ctx.em.findOne(WorkshopSchedule, { id: params.id }, { populate: ['workshop'] }) : null
      if (!schedule) throw notFound('Payout')
      await markSchedulePaid(ctx.em as EntityManager, schedule.id)
      await ctx.em.refresh(schedule)
      return { data: serializePayout(schedule, await loadScheduleMoney(ctx.em as EntityManager, [schedule.id])) }
    },
    {
      can: 'payouts.manage',
      tenant: true,
      params: t.Object({ id: t.String() }),
      detail: {
        responses: ok(dataOf(PayoutView), 'The paid payout'),
        tags: ['Payouts'],
        summary: 'Mark a payout paid outside Stripe (super-admins)',
        description:
          'For money paid to the coach another way (a bank transfer by hand): every booking of the schedule still waiting is settled as paid outside Stripe, so no Stripe transfer follows. 409 before the schedule ends, when it is already paid, or while a transfer of it is being made.',
      },
    },
  )
