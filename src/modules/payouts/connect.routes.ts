/**
 * Coaches' payouts through Stripe Connect: the connected account and its onboarding link, the
 * balance per currency, the transfers (one per paid booking), and the Connect webhook endpoint.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { Elysia, t } from 'elysia'
import * as v from 'valibot'
import { platform, type RequestContext } from '../../platform/http/context'
import { forbidden, notFound, validationError } from '../../platform/http/errors'
import { isId } from '../../platform/http/ids'
import { listResponse, parseIncludes, parseListQuery } from '../../platform/http/list-query'
import { dataOf, ok, pageOf } from '../../platform/openapi/responses'
import { Tenant } from '../tenants'
import { accountLink, accountOf, serializeAccount } from './account.service'
import { handleConnectWebhook } from './connect.webhook'
import { coachBalance, serializeTransfer, TRANSFER_STATUSES, transfersPage } from './ledger.view'
import { AccountView, BalanceView, LinkView, TransferView } from './payout.schema'

const tags = ['Payouts']

/** Payout accounts and balances belong to coaches: a member of the team without the coach role is refused. */
function coachOnly(ctx: RequestContext) {
  if (!ctx.roleNames().includes('coach')) throw forbidden('Only coaches of this team have a payout account.')
}

/** A super-admin's filter[tenant]: a slug or an id (an unknown one matches nothing). */
async function tenantFilter(ctx: RequestContext, value: string | undefined) {
  if (!value) return null
  const slug = String(value).toLowerCase()
  const tenant = await (ctx.em as EntityManager).findOne(Tenant, isId(value) ? { id: value } : { slug }, { filters: false })
  return tenant?.id ?? '00000000-0000-0000-0000-000000000000'
}

const TRANSFERS_DOC = `One row per paid booking: \`gross\` (paid), \`refunded\` (refunds recorded), \`fee\` (the platform's share of what is left), \`net\` (the coach's share), all in minor units of \`currency\`; \`status\` pending (waiting on the platform: the session is not over, its refund window is open, or the coach's account cannot receive transfers yet), transferred, reversed or partially_reversed (refunds after the transfer were taken back). Coaches see their own; super-admins every coach's, \`filter[tenant]\` (slug or id) narrows it. Filters: \`filter[status]\`, \`filter[workshop]\`, \`filter[schedule]\`; sort \`startDate\`, \`transferredAt\`, \`net\`, \`gross\`, \`status\`.`

export const connectRoutes = new Elysia({ name: 'payouts-connect' })
  .use(platform)
  .get(
    '/payouts/account',
    async ({ ctx }) => {
      const user = ctx.requireUser()
      return { data: serializeAccount(await accountOf(ctx.em as EntityManager, user.id)) }
    },
    {
      access: { tenant: true, can: 'payouts.view', check: coachOnly },
      detail: {
        responses: ok(dataOf(AccountView), "The coach's payout account"),
        tags,
        summary: 'My Stripe Connect account: status, requirements, country, currency',
        description:
          '`status`: none (not set up), pending (onboarding not finished), enabled (transfers and payouts on), restricted (details sent, but Stripe needs more: see `requirements`).',
      },
    },
  )
  .post(
    '/payouts/account/link',
    async ({ ctx }) => {
      const user = ctx.requireUser()
      const tenant = (await ctx.tenant()) as Tenant
      const link = await accountLink(ctx.em as EntityManager, user, tenant.id)
      return { data: { url: link.url } }
    },
    {
      access: { tenant: true, can: 'payouts.view', check: coachOnly, fresh: true },
      detail: {
        responses: ok(dataOf(LinkView), 'Where to send the coach'),
        tags,
        summary: "Link to Stripe's hosted onboarding (an Express account is made on the first call), or to the Express dashboard once enabled",
        description:
          'The onboarding returns to `/c/account/payouts?onboarding=return` (or `?onboarding=refresh` when the link expired). Only coaches of the team (403 otherwise). Linking or changing a payout account is a sensitive action: without a second check of this session or token in the last 10 minutes (`POST /v1/auth/reauthenticate`) it is a 403 `{ code: "reauthentication_required" }`.',
      },
    },
  )
  .get(
    '/payouts/balance',
    async ({ ctx, request }) => {
      const user = ctx.requireUser()
      // Nothing to embed: an include is refused, never ignored.
      parseIncludes(new URL(request.url).searchParams.get('include'), [])
      const rows = await coachBalance(ctx.em as EntityManager, user.id)
      return { data: rows.map(({ currency, pending, available, transferred, paidOut }) => ({ currency, pending, available, transferred, paidOut })) }
    },
    {
      access: { tenant: true, can: 'payouts.view', check: coachOnly },
      detail: {
        responses: ok(dataOf(v.array(BalanceView)), 'One entry per currency, minor units'),
        tags,
        summary: 'My payout balance per currency',
        description:
          '`pending`: net of paid bookings whose session is not over or still in its refund window (PAYOUT_REFUND_WINDOW_HOURS); `available`: due and waiting to be transferred (or for the account to be enabled); `transferred`: sent to the connected account, less reversals; `paidOut`: paid from the Stripe balance to the bank.',
      },
    },
  )
  .get(
    '/payouts/transfers',
    async ({ ctx, request }) => {
      const user = ctx.requireUser()
      const p = parseListQuery(new URL(request.url), {
        sortable: ['startDate', 'transferredAt', 'net', 'gross', 'status'],
        filterable: ['status', 'workshop', 'schedule', ...(ctx.isSuperAdmin ? ['tenant'] : [])],
        includes: [],
        defaultSort: '-startDate',
      })
      if (p.filter.status && !TRANSFER_STATUSES.includes(p.filter.status as never)) {
        throw validationError({ 'filter.status': [`Unknown status. Allowed: ${TRANSFER_STATUSES.join(', ')}.`] })
      }
      const page = await transfersPage(
        ctx.em as EntityManager,
        {
          coachId: ctx.isSuperAdmin ? null : user.id,
          tenantId: ctx.isSuperAdmin ? await tenantFilter(ctx, p.filter.tenant) : null,
          workshopId: p.filter.workshop ?? null,
          scheduleId: p.filter.schedule ?? null,
          status: p.filter.status ?? null,
        },
        { page: p.page - 1, pageSize: p.perPage, sort: p.sort.map((s) => ({ id: s.field, desc: s.dir === 'desc' })) },
      )
      return listResponse(page.rows.map(serializeTransfer), page.total, p)
    },
    {
      access: { tenant: true, can: 'payouts.view' },
      detail: {
        responses: ok(pageOf(TransferView), 'A page of transfers'),
        tags,
        summary: 'Transfers to coaches, one per paid booking',
        description: TRANSFERS_DOC,
      },
    },
  )
  .get(
    '/payouts/transfers/:id',
    async ({ ctx, params }) => {
      const user = ctx.requireUser()
      if (!isId(params.id)) throw notFound('Transfer')
      const page = await transfersPage(
        ctx.em as EntityManager,
        { coachId: ctx.isSuperAdmin ? null : user.id, id: params.id },
        { page: 0, pageSize: 1, sort: [] },
      )
      if (!page.rows[0]) throw notFound('Transfer')
      return { data: serializeTransfer(page.rows[0]) }
    },
    {
      access: { tenant: true, can: 'payouts.view' },
      params: t.Object({ id: t.String() }),
      detail: { responses: ok(dataOf(TransferView), 'The transfer'), tags, summary: 'One transfer (own, or any for super-admins)' },
    },
  )
  .post(
    '/payouts/webhook',
    async ({ ctx, request }) => handleConnectWebhook(ctx.em as EntityManager, await request.text(), request.headers.get('stripe-signature')),
    {
      parse: 'none',
      detail: {
        responses: ok(v.object({ received: v.boolean(), duplicate: v.boolean() }), 'Received (a duplicate event is acknowledged once more)'),
        tags,
        summary: 'Stripe Connect webhook (signed with STRIPE_CONNECT_WEBHOOK_SECRET; raw body)',
        description: 'Events of connected accounts: `account.updated`, `payout.paid`, `payout.failed` (and `transfer.reversed` when sent here).',
      },
    },
  )
