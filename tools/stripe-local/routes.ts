/**
 * The routes of the local Stripe-compatible server: each call of Stripe's API it implements,
 * with the handler that answers it (resources in customers.ts, intents.ts, connect.ts). The HTTP
 * side (auth, idempotency, faults, webhooks) is server.ts.
 */
import * as N from './connect'
import * as C from './customers'
import * as I from './intents'
import { PARAMS } from './params'
import { invalid, type Obj, type Params, type Store, StripeError } from './store'
import * as M from './transfers'
import type { WebhookSender } from './webhooks'

/** The API version the local server answers as (the SDK's own). */
export const LOCAL_API_VERSION = '2026-10-28.endive'

export type Auth = 'secret' | 'publishable'
export type Ctx = {
  s: Store
  params: Params
  url: string
  auth: Auth
  req: { id: string; idempotency_key: string | null }
  hooks: WebhookSender
  /** The connected account of a `Stripe-Account` header (null: the platform). */
  account: string | null
  /** Where browsers reach this server (hosted onboarding and dashboard links). */
  base: string
}
type Handler = (ctx: Ctx, ...ids: string[]) => Obj
export interface Route {
  method: string
  path: string
  re: RegExp
  handler: Handler
  publishable?: boolean
  /** May act on a connected account (`Stripe-Account` header). */
  connected?: boolean
  params?: Set<string>
}

export const routes: Route[] = []
const route = (method: string, path: string, handler: Handler, publishable = false, connected = false) =>
  routes.push({ method, path, re: new RegExp(`^${path.replace(/:\w+/g, '([^/]+)')}$`), handler, publishable, connected, params: PARAMS[`${method} ${path}`] })

/** With a publishable key (Stripe.js), an intent is reachable only with its client secret. */
function checkClientSecret(ctx: Ctx, pi: Obj) {
  if (ctx.auth === 'secret') return
  if (ctx.params.client_secret !== pi.client_secret) {
    throw new StripeError(400, 'invalid_request_error', 'The client_secret provided does not match the client_secret associated with the PaymentIntent.', {
      code: 'payment_intent_invalid_parameter',
      param: 'client_secret',
    })
  }
}

route('POST', '/v1/customers', ({ s, params }) => C.createCustomer(s, params))
route('GET', '/v1/customers', ({ s, params, url }) =>
  s.list(
    url,
    s.all('customer').filter((c) => typeof params.email !== 'string' || c.email === params.email),
    params,
  ),
)
route('GET', '/v1/customers/:id', ({ s }, id) => s.get('customer', id))
route('POST', '/v1/customers/:id', ({ s, params }, id) => C.updateCustomer(s, id, params))
route('DELETE', '/v1/customers/:id', ({ s }, id) => C.deleteCustomer(s, id))
route('GET', '/v1/customers/:id/payment_methods', ({ s, params, url }, id) => C.listPaymentMethods(s, url, id, params))
route('GET', '/v1/customers/:id/payment_methods/:pm', ({ s }, id, pm) => {
  const row = s.get('payment_method', pm)
  if (row.customer !== id)
    throw new StripeError(404, 'invalid_request_error', `No such PaymentMethod: '${pm}'`, { code: 'resource_missing', param: 'payment_method' })
  return row
})

route('POST', '/v1/payment_methods', ({ s, params }) => C.createPaymentMethod(s, params), true)
route('GET', '/v1/payment_methods', ({ s, params, url }) =>
  C.listPaymentMethods(s, url, typeof params.customer === 'string' ? params.customer : undefined, params),
)
route('GET', '/v1/payment_methods/:id', ({ s }, id) => s.get('payment_method', id))
route('POST', '/v1/payment_methods/:id', ({ s, params }, id) => C.updatePaymentMethod(s, id, params))
route('POST', '/v1/payment_methods/:id/attach', ({ s, params }, id) => C.attachPaymentMethod(s, id, params.customer))
route('POST', '/v1/payment_methods/:id/detach', ({ s }, id) => C.detachPaymentMethod(s, id))

route('POST', '/v1/payment_intents', ({ s, params, req }) => I.createPaymentIntent(s, params, req))
route('GET', '/v1/payment_intents', ({ s, params, url }) => I.listPaymentIntents(s, url, params))
route(
  'GET',
  '/v1/payment_intents/:id',
  (ctx, id) => {
    const pi = ctx.s.get('payment_intent', id, 'intent')
    checkClientSecret(ctx, pi)
    return pi
  },
  true,
)
route('POST', '/v1/payment_intents/:id', ({ s, params }, id) => I.updatePaymentIntent(s, id, params))
route(
  'POST',
  '/v1/payment_intents/:id/confirm',
  (ctx, id) => {
    checkClientSecret(ctx, ctx.s.get('payment_intent', id, 'intent'))
    return I.confirmPaymentIntent(ctx.s, id, ctx.params, ctx.req)
  },
  true,
)
// The 3-D Secure step (the local stand-in for the bank's authentication page): the Stripe.js stand-in's test modal calls it.
route(
  'POST',
  '/v1/payment_intents/:id/local_3ds',
  (ctx, id) => {
    checkClientSecret(ctx, ctx.s.get('payment_intent', id, 'intent'))
    return I.authenticatePaymentIntent(ctx.s, id, ctx.params, ctx.req)
  },
  true,
)
route('POST', '/v1/payment_intents/:id/cancel', ({ s, params, req }, id) => I.cancelPaymentIntent(s, id, params, req))

route('GET', '/v1/charges', ({ s, params, url }) =>
  s.list(
    url,
    s.all('charge').filter((c) => typeof params.payment_intent !== 'string' || c.payment_intent === params.payment_intent),
    params,
  ),
)
route('GET', '/v1/charges/:id', ({ s }, id) => s.get('charge', id))

route('POST', '/v1/refunds', ({ s, params, req }) => I.createRefund(s, params, req))
route('GET', '/v1/refunds', ({ s, params, url }) => I.listRefunds(s, url, params))
route('GET', '/v1/refunds/:id', ({ s }, id) => s.get('refund', id))

route('GET', '/v1/events', ({ s, params, url }) =>
  s.list(
    url,
    s.events.filter((e) => typeof params.type !== 'string' || e.type === params.type),
    params,
  ),
)
route('GET', '/v1/events/:id', ({ s }, id) => s.get('event', id))

// Connect: accounts, onboarding and login links, transfers, reversals, balances, payouts.
route('POST', '/v1/accounts', ({ s, params }) => N.createAccount(s, params))
route('GET', '/v1/accounts', ({ s, params, url }) => s.list(url, s.all('account'), params))
route('GET', '/v1/accounts/:id', ({ s }, id) => s.get('account', id, 'account'))
route('POST', '/v1/accounts/:id', ({ s, params, req }, id) => N.updateAccount(s, id, params, req))
route('DELETE', '/v1/accounts/:id', ({ s }, id) => N.deleteAccount(s, id))
route('POST', '/v1/accounts/:id/login_links', ({ s, base }, id) => N.createLoginLink(s, id, base))
route(
  'GET',
  '/v1/account',
  ({ s, account }) =>
    account
      ? s.get('account', account, 'account')
      : {
          id: 'acct_local_platform',
          object: 'account',
          charges_enabled: true,
          payouts_enabled: true,
          country: 'US',
          default_currency: 'usd',
          details_submitted: true,
          type: 'standard',
        },
  false,
  true,
)
route('POST', '/v1/account_links', ({ s, params, base }) => N.createAccountLink(s, params, base))
route('POST', '/v1/transfers', ({ s, params, req }) => M.createTransfer(s, params, req))
route('GET', '/v1/transfers', ({ s, params, url }) => M.listTransfers(s, url, params))
route('GET', '/v1/transfers/:id', ({ s }, id) => s.get('transfer', id))
route('POST', '/v1/transfers/:id', ({ s, params }, id) => M.updateTransfer(s, id, params))
route('POST', '/v1/transfers/:id/reversals', ({ s, params, req }, id) => M.createReversal(s, id, params, req))
route('GET', '/v1/transfers/:id/reversals', ({ s, params, url }, id) => M.listReversals(s, url, id, params))
route('GET', '/v1/transfers/:id/reversals/:rid', ({ s }, id, rid) => M.getReversal(s, id, rid))
route('GET', '/v1/balance', ({ s, account }) => M.balanceOf(s, account), false, true)
route('POST', '/v1/payouts', ({ s, params, req, account }) => M.createPayout(s, account, params, req), false, true)
route('GET', '/v1/payouts', ({ s, params, url, account }) => M.listPayouts(s, url, account, params), false, true)
route('GET', '/v1/payouts/:id', ({ s, account }, id) => M.getPayout(s, account, id), false, true)

const serializeEndpoint = (e: { id: string; url: string; secret?: string; enabledEvents: string[]; connect?: boolean }, withSecret = false) => ({
  id: e.id,
  object: 'webhook_endpoint',
  api_version: LOCAL_API_VERSION,
  application: null,
  connect: Boolean(e.connect),
  enabled_events: e.enabledEvents,
  livemode: false,
  status: 'enabled',
  url: e.url,
  ...(withSecret ? { secret: e.secret } : {}),
})
route('POST', '/v1/webhook_endpoints', ({ params, hooks }) => {
  if (typeof params.url !== 'string') throw invalid('Missing required param: url.', 'url', 'parameter_missing')
  const events = Array.isArray(params.enabled_events) ? params.enabled_events.filter((x): x is string => typeof x === 'string') : ['*']
  return serializeEndpoint(hooks.addEndpoint(params.url, undefined, events, params.connect === 'true'), true)
})
route('GET', '/v1/webhook_endpoints', ({ hooks, url }) => ({ object: 'list', data: hooks.endpoints.map((e) => serializeEndpoint(e)), has_more: false, url }))
route('DELETE', '/v1/webhook_endpoints/:id', ({ hooks }, id) => {
  hooks.removeEndpoint(id)
  return { id, object: 'webhook_endpoint', deleted: true }
})
