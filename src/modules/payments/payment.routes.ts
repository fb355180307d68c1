import type { EntityManager } from '@mikro-orm/postgresql'
import { Elysia, t } from 'elysia'
import type Stripe from 'stripe'
import * as v from 'valibot'
import { lockRow } from '../../platform/db/after-commit'
import { allTenants } from '../../platform/db/tenant-scope'
import { platform, type RequestContext } from '../../platform/http/context'
import { notFound, parseOrThrow } from '../../platform/http/errors'
import { isId } from '../../platform/http/ids'
import { listResponse, parseIncludes, parseListQuery, readPaging } from '../../platform/http/list-query'
import { created, dataOf, file, noContent, ok, pageOf } from '../../platform/openapi/responses'
import { toMajor } from '../../shared/money'
import type { ViewOf } from '../../shared/view'
import { Booking, bookingScope } from '../bookings'
import { addCard, listCards, removeCard, setDefaultCard } from './customers'
import { renderInvoicePdf } from './invoice.pdf'
import { documentNumber, documentUrl, issueDocument } from './invoice.service'
import { Invoice, Payment } from './payment.entity'
import {
  AddPaymentMethodSchema,
  BookingIntentSchema,
  CardView,
  DefaultPaymentMethodSchema,
  FinalizeSchema,
  IntentView,
  InvoiceQuerySchema,
  InvoiceView,
  PaymentView,
  PublicIntentSchema,
} from './payment.schema'
import { createBookingIntent, finalizeBooking } from './payment.service'
import { LOCAL_PROXY_PATH, localStripeUrl, paymentsSettings } from './stripe'
import { teamDocumentRoutes } from './team-documents.routes'
import { handleWebhook } from './webhook'

const tags = ['Payments']
const idParams = t.Object({ id: t.String() })

export const serializePayment = (p: Payment): ViewOf<typeof PaymentView> => ({
  id: p.id,
  bookingId: p.booking.id,
  kind: p.kind,
  status: p.status,
  amount: toMajor(p.amount, p.currency),
  amountRefunded: toMajor(p.amountRefunded, p.currency),
  currency: p.currency,
  provider: p.provider,
  paymentIntentId: p.paymentIntentId ?? null,
  chargeId: p.chargeId ?? null,
  refundId: p.refundId ?? null,
  cardBrand: p.cardBrand ?? null,
  cardLast4: p.cardLast4 ?? null,
  failureCode: p.failureCode ?? null,
  failureMessage: p.failureMessage ?? null,
  reason: p.reason ?? null,
  createdAt: p.createdAt,
  updatedAt: p.updatedAt,
})

export const serializeInvoice = (inv: Invoice): ViewOf<typeof InvoiceView> => ({
  id: inv.id,
  number: documentNumber(inv),
  kind: inv.kind,
  bookingId: inv.booking.id,
  issuedAt: inv.issuedAt,
  total: toMajor(inv.total, inv.currency),
  net: toMajor(inv.net, inv.currency),
  tax: toMajor(inv.tax, inv.currency),
  taxRate: Number(inv.taxRate),
  taxKind: inv.taxKind as ViewOf<typeof InvoiceView>['taxKind'],
  taxCountry: inv.taxCountry ?? null,
  currency: inv.currency,
  clientName: inv.lines.clientName,
  company: inv.lines.buyer?.company ?? null,
  workshopTitle: inv.lines.workshopTitle,
  seats: inv.lines.seats,
  url: documentUrl(inv.booking.id, inv.kind, inv.id),
})

function serializeIntent(r: { pi: Stripe.PaymentIntent; payment: Payment | null; booking: Booking | null }): ViewOf<typeof IntentView> {
  return {
    paymentId: r.payment?.id ?? null,
    paymentIntentId: r.pi.id,
    clientSecret: r.pi.client_secret,
    status: r.pi.status,
    amount: toMajor(r.pi.amount, r.pi.currency),
    currency: r.pi.currency,
    publishableKey: paymentsSettings().publishableKey,
    bookingId: r.booking?.id ?? r.pi.metadata?.bookingId ?? null,
    bookingStatus: r.booking?.status ?? null,
  }
}

/** A booking the viewer may see (booker, its coach, super-admin), else 404. */
async function visibleBooking(ctx: RequestContext, id: string) {
  if (!isId(id)) throw notFound('Booking')
  const scope = await bookingScope(ctx)
  const b = await ctx.em.findOne(Booking, { $and: [scope, { id }] })
  if (!b) throw notFound('Booking')
  return b
}

const LOCAL_PREFIX = LOCAL_PROXY_PATH.replace(/^\/v1/, '')

/** Forwards a browser call to the local Stripe server (only in local mode; else 404). */
async function proxyLocal(request: Request, path: string) {
  const base = localStripeUrl()
  if (!base || !/^\/(js|v1)\/[\w/.]+$/.test(path)) throw notFound()
  const headers = new Headers()
  for (const h of ['content-type', 'idempotency-key']) {
    const v = request.headers.get(h)
    if (v) headers.set(h, v)
  }
  const res = await fetch(`${base}${path}${new URL(request.url).search}`, {
    method: request.method,
    headers,
    body: request.method === 'GET' ? undefined : await request.text(),
  })
  return new Response(await res.arrayBuffer(), { status: res.status, headers: { 'content-type': res.headers.get('content-type') ?? 'application/json' } })
}

/**
 * Paying and finalizing act on the caller's own booking (super-admins may finalize any): 404
 * otherwise, checked before the body is read. The services check it again.
 */
const ownBooking =
  (opts: { superAdminToo?: boolean } = {}) =>
  async (ctx: RequestContext, params: Record<string, string | undefined>) => {
    const me = ctx.requireUser()
    const id = params.id ?? ''
    const where = opts.superAdminToo && ctx.isSuperAdmin ? { id } : { id, user: me.id }
    if (!isId(id) || !(await allTenants(ctx.em).count(Booking, where))) throw notFound('Booking')
  }

async function payIntent(ctx: RequestContext, bookingId: string, body: { paymentMethodId?: string | null; savePaymentMethod?: boolean }) {
  if (!isId(bookingId)) throw notFound('Booking')
  const r = await createBookingIntent(ctx.em as EntityManager, ctx.requireUser(), bookingId, body)
  return { data: serializeIntent(r) }
}

export const paymentRoutes = new Elysia({ name: 'payments' })
  .use(platform)
  .use(teamDocumentRoutes)
  .get(
    '/public/payments/stripe-key',
    () => {
      const s = paymentsSettings()
      return { data: { key: s.publishableKey, publishableKey: s.publishableKey, stripeJsUrl: s.stripeJsUrl, mode: s.mode } }
    },
    {
      detail: {
        responses: ok(dataOf(v.object({ key: v.string(), publishableKey: v.string(), stripeJsUrl: v.string(), mode: v.string() })), 'The key'),
        tags,
        summary: "The card provider's publishable key (and where Stripe.js loads from)",
      },
    },
  )
  .post(
    '/public/payments/payment-intent',
    async ({ ctx, body }) => {
      const data = parseOrThrow(PublicIntentSchema, body)
      return payIntent(ctx, data.bookingId, data)
    },
    {
      auth: true,
      body: PublicIntentSchema,
      detail: {
        responses: ok(dataOf(IntentView), 'The payment intent'),
        tags,
        summary: 'Payment intent for a booking (checkout)',
        description:
          'Body `{ bookingId, paymentMethodId?, savePaymentMethod? }`; the signed-in booker only. Answers `{ data: { clientSecret, paymentIntentId, amount, currency, status, publishableKey } }`. The amount is what the booking owes, computed on the server.',
      },
    },
  )
  .post('/payments/bookings/:id/payment-intent', async ({ ctx, params, body }) => payIntent(ctx, params.id, parseOrThrow(BookingIntentSchema, body ?? {})), {
    access: { auth: true, check: ownBooking() },
    params: idParams,
    detail: {
      responses: ok(dataOf(IntentView), 'The payment intent'),
      tags,
      summary: "Payment intent for the booking's amount due",
      description: 'Optional body `{ paymentMethodId, savePaymentMethod }`: with a saved card the payment is confirmed at once.',
    },
  })
  .post(
    '/payments/bookings/:id/finalize',
    async ({ ctx, params, body }) => {
      const data = parseOrThrow(FinalizeSchema, body)
      if (!isId(params.id)) throw notFound('Booking')
      const r = await finalizeBooking(ctx.em as EntityManager, ctx.requireUser(), params.id, data.paymentIntentId)
      return { data: { ...serializeIntent(r), clientSecret: undefined, payment: r.payment ? serializePayment(r.payment) : null } }
    },
    {
      access: { auth: true, check: ownBooking({ superAdminToo: true }) },
      params: idParams,
      body: FinalizeSchema,
      detail: {
        responses: ok(dataOf(v.object({ ...IntentView.entries, payment: v.nullable(PaymentView) })), 'The payment and the booking status'),
        tags,
        summary: 'Confirm the booking once its payment intent succeeded',
      },
    },
  )
  .get(
    '/payments/bookings/:id/invoice',
    async ({ ctx, params, query }) => {
      const q = parseOrThrow(InvoiceQuerySchema, query)
      const booking = await visibleBooking(ctx, params.id)
      const kind = q.document === 'credit-note' ? 'credit_note' : 'invoice'
      const em = (ctx.em as EntityManager).fork()
      let doc = q.id
        ? await em.findOne(Invoice, { id: q.id, booking: booking.id })
        : kind === 'invoice'
          ? await em.findOne(Invoice, { booking: booking.id, kind })
          : null
      // Under the booking's lock, like every other issuer: two requests never number it twice.
      // A credit note asked for without its id: the ones owed are issued, the latest is answered.
      if (!doc && !q.id)
        doc = await em.transactional(async (tem) => {
          await lockRow(tem as EntityManager, 'bookings', booking.id)
          return issueDocument(tem as EntityManager, booking.id, kind)
        })
      if (!doc) throw notFound(q.id ? 'Document' : kind === 'invoice' ? 'Invoice (the booking has no payment)' : 'Credit note (the booking has no refund)')
      const invoice = doc.kind === 'credit_note' ? await em.findOne(Invoice, { booking: booking.id, kind: 'invoice' }) : null
      const pdf = await renderInvoicePdf(doc, invoice ? documentNumber(invoice) : undefined)
      return new Response(pdf as unknown as BodyInit, {
        headers: { 'content-type': 'application/pdf', 'content-disposition': `inline; filename="${documentNumber(doc)}.pdf"` },
      })
    },
    {
      auth: true,
      params: idParams,
      detail: {
        responses: file('The PDF', ['application/pdf']),
        tags,
        summary: 'Invoice PDF (`?document=credit-note` for the latest credit note, `?id=` for one document of the booking)',
        description:
          'The invoice or credit note with the seller’s legal name, address and tax ID, the buyer’s billing details, per line the net amount, rate and tax, totals per rate, the gross and the currency, and the reverse-charge sentence where it applies. A document owed but not issued yet is issued (numbered) on the first download.',
      },
    },
  )
  .get(
    '/bookings/:id/payments',
    async ({ ctx, params, request }) => {
      const booking = await visibleBooking(ctx, params.id)
      const p = parseListQuery(new URL(request.url), { sortable: ['createdAt'], filterable: [], includes: [], defaultSort: 'createdAt' })
      const [rows, total] = await ctx.em.findAndCount(
        Payment,
        { booking: booking.id },
        { orderBy: { createdAt: 'asc', id: 'asc' }, limit: p.perPage, offset: p.offset },
      )
      return listResponse(rows.map(serializePayment), total, p)
    },
    {
      auth: true,
      params: idParams,
      detail: { responses: ok(pageOf(PaymentView), 'A page of payments'), tags: ['Bookings', ...tags], summary: 'Payments and refunds of a booking' },
    },
  )
  .get(
    '/payments',
    async ({ ctx, request }) => {
      const scope = await bookingScope(ctx)
      const p = parseListQuery(new URL(request.url), {
        sortable: ['createdAt', 'amount', 'status'],
        filterable: ['status', 'kind', 'bookingId'],
        includes: [],
        defaultSort: '-createdAt',
      })
      const where: Record<string, unknown> = { booking: scope }
      if (p.filter.status) where.status = { $in: p.filter.status.split(',') }
      if (p.filter.kind) where.kind = p.filter.kind
      if (p.filter.bookingId) where.booking = { $and: [scope, { id: isId(p.filter.bookingId) ? p.filter.bookingId : '00000000-0000-0000-0000-000000000000' }] }
      const [rows, total] = await ctx.em.findAndCount(Payment, where, {
        orderBy: [...p.sort.map((x) => ({ [x.field]: x.dir })), { id: 'desc' }],
        limit: p.perPage,
        offset: p.offset,
      })
      return listResponse(rows.map(serializePayment), total, p)
    },
    {
      auth: true,
      detail: {
        responses: ok(pageOf(PaymentView), 'A page of payments'),
        tags,
        summary: "Payments and refunds the viewer may see (own bookings; a coach: their schedules' bookings)",
        description: 'filter[status], filter[kind] (payment|refund), filter[bookingId]; sort createdAt, amount, status.',
      },
    },
  )
  .get(
    '/payments/invoices',
    async ({ ctx, request }) => {
      const scope = await bookingScope(ctx)
      const p = parseListQuery(new URL(request.url), {
        sortable: ['issuedAt', 'number', 'total'],
        filterable: ['kind', 'bookingId', 'workshopScheduleId', 'workshopId'],
        includes: [],
        defaultSort: '-issuedAt',
      })
      const conds: unknown[] = [scope]
      if (p.filter.bookingId) conds.push({ id: isId(p.filter.bookingId) ? p.filter.bookingId : '00000000-0000-0000-0000-000000000000' })
      if (p.filter.workshopScheduleId && isId(p.filter.workshopScheduleId)) conds.push({ workshopSchedule: p.filter.workshopScheduleId })
      if (p.filter.workshopId && isId(p.filter.workshopId)) conds.push({ workshopSchedule: { workshop: p.filter.workshopId } })
      const where: Record<string, unknown> = { booking: { $and: conds } }
      if (p.filter.kind) where.kind = p.filter.kind === 'credit-note' ? 'credit_note' : p.filter.kind
      const [rows, total] = await ctx.em.findAndCount(Invoice, where, {
        orderBy: [...p.sort.map((x) => ({ [x.field]: x.dir })), { id: 'desc' }],
        limit: p.perPage,
        offset: p.offset,
      })
      return listResponse(rows.map(serializeInvoice), total, p)
    },
    {
      auth: true,
      detail: {
        responses: ok(pageOf(InvoiceView), 'A page of invoices and credit notes'),
        tags,
        summary: 'Invoices and credit notes the viewer may see (coach: of their schedules)',
        description: 'filter[kind] (invoice|credit-note), filter[bookingId], filter[workshopScheduleId], filter[workshopId].',
      },
    },
  )
  .get(
    '/payments/payment-methods',
    async ({ ctx, request }) => {
      const sp = new URL(request.url).searchParams
      parseIncludes(sp.get('include'), [])
      // One page holds every card; page and perPage are still checked like every list's.
      readPaging(sp)
      const cards = await listCards(ctx.requireUser())
      return { data: cards, meta: { page: 1, perPage: Math.max(cards.length, 10), total: cards.length, lastPage: 1 } }
    },
    { auth: true, detail: { responses: ok(pageOf(CardView), 'My saved cards'), tags, summary: 'Saved cards' } },
  )
  .post(
    '/payments/payment-methods',
    async ({ ctx, body, set }) => {
      const data = parseOrThrow(AddPaymentMethodSchema, body)
      const card = await addCard(ctx.em as EntityManager, ctx.requireUser(), data.paymentMethodId, data.default)
      set.status = 201
      return { data: card }
    },
    {
      auth: true,
      body: AddPaymentMethodSchema,
      detail: { responses: created(dataOf(CardView), 'The saved card'), tags, summary: 'Save a card (a payment method made by Stripe.js createPaymentMethod)' },
    },
  )
  .put(
    '/payments/payment-methods/default',
    async ({ ctx, body }) => {
      const data = parseOrThrow(DefaultPaymentMethodSchema, body)
      return { data: await setDefaultCard(ctx.requireUser(), data.paymentMethodId) }
    },
    {
      auth: true,
      body: DefaultPaymentMethodSchema,
      detail: {
        responses: ok(dataOf(CardView), 'The default card'),
        tags,
        summary: 'Make a saved card the default',
        description: 'Body `{ paymentMethodId }`.',
      },
    },
  )
  .delete(
    '/payments/payment-methods/:id',
    async ({ ctx, params, set }) => {
      await removeCard(ctx.requireUser(), params.id)
      set.status = 204
      return null
    },
    { auth: true, params: idParams, detail: { responses: noContent('Removed'), tags, summary: 'Remove a saved card' } },
  )
  .post(
    '/payments/webhook',
    async ({ ctx, request }) => {
      const raw = await request.text()
      return handleWebhook(ctx.em as EntityManager, raw, request.headers.get('stripe-signature'))
    },
    {
      parse: 'none',
      detail: {
        responses: ok(v.object({ received: v.boolean(), duplicate: v.boolean() }), 'Received (a duplicate event is acknowledged once more)'),
        tags,
        summary: 'Stripe webhook (signed; raw body)',
      },
    },
  )
  // The local Stripe server, same origin for the browser: the Stripe.js stand-in and the calls it makes.
  .get(`${LOCAL_PREFIX}/js/stripe.js`, ({ request }) => proxyLocal(request, '/js/stripe.js'), { detail: { hide: true } })
  .post(`${LOCAL_PREFIX}/v1/payment_methods`, ({ request }) => proxyLocal(request, '/v1/payment_methods'), { parse: 'none', detail: { hide: true } })
  .get(`${LOCAL_PREFIX}/v1/payment_intents/:pi`, ({ request, params }) => proxyLocal(request, `/v1/payment_intents/${params.pi}`), { detail: { hide: true } })
  .post(`${LOCAL_PREFIX}/v1/payment_intents/:pi/confirm`, ({ request, params }) => proxyLocal(request, `/v1/payment_intents/${params.pi}/confirm`), {
    parse: 'none',
    detail: { hide: true },
  })
  .post(`${LOCAL_PREFIX}/v1/payment_intents/:pi/local_3ds`, ({ request, params }) => proxyLocal(request, `/v1/payment_intents/${params.pi}/local_3ds`), {
    parse: 'none',
    detail: { hide: true },
  })
