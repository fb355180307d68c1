/**
 * A local Stripe-compatible HTTP server: the subset of Stripe's REST API Summit uses,
 * reached by the official `stripe` SDK through `new Stripe(key, { host, port, protocol: 'http' })`.
 * Form-encoded requests, Stripe-shaped objects and errors, Idempotency-Key replay, signed
 * webhook delivery, test cards. It also serves a stand-in for Stripe.js at `/js/stripe.js`.
 *
 * A development tool, not product code: state is in memory and lost on restart.
 * Run alone: `bun tools/stripe-local/server.ts [--port 12111] [--webhook http://localhost:3000/v1/payments/webhook]`.
 */

import * as C from './customers'
import { expandList, parseForm } from './form'
import * as I from './intents'
import { invalid, type Obj, type Params, randomId, Store, StripeError } from './store'
import { WebhookSender } from './webhooks'

export const LOCAL_API_VERSION = '2026-10-28.endive'
export const LOCAL_SECRET_KEY = 'sk_test_local_summit'
export const LOCAL_PUBLISHABLE_KEY = 'pk_test_local_summit'
export const LOCAL_WEBHOOK_SECRET = 'whsec_local_summit_webhook_secret'

export interface StripeLocalOptions {
  port?: number
  hostname?: string
  /** Where events are POSTed (more endpoints: `POST /v1/webhook_endpoints`). */
  webhookUrl?: string
  webhookSecret?: string
  /** Webhook retry delays; tests shorten them. */
  retryDelaysMs?: number[]
}

export interface StripeLocal {
  url: string
  port: number
  hostname: string
  store: Store
  webhooks: WebhookSender
  /** Waits until every webhook delivery started so far has been answered. */
  settle(): Promise<void>
  /**
   * Fault injection for tests: the next `times` calls of `method path` (e.g. `POST /v1/refunds`)
   * answer `status` (default 500, an `api_error`) without doing anything.
   */
  failNext(method: string, path: string, times?: number, status?: number): void
  stop(): Promise<void>
}

type Auth = 'secret' | 'publishable'
type Ctx = { s: Store; params: Params; url: string; auth: Auth; req: { id: string; idempotency_key: string | null }; hooks: WebhookSender }
type Handler = (ctx: Ctx, ...ids: string[]) => Obj
interface Route {
  method: string
  re: RegExp
  handler: Handler
  publishable?: boolean
  params?: Set<string>
}

const routes: Route[] = []
const route = (method: string, path: string, handler: Handler, publishable = false) =>
  routes.push({ method, re: new RegExp(`^${path.replace(/:\w+/g, '([^/]+)')}$`), handler, publishable, params: PARAMS[`${method} ${path}`] })

/**
 * Parameters each call accepts. Like Stripe, anything else is a 400 `parameter_unknown`, so a
 * call that would fail against Stripe fails here too. (`expand` is always allowed.)
 */
const LIST = ['limit', 'starting_after', 'ending_before', 'created']
const CUSTOMER = ['address', 'description', 'email', 'invoice_settings', 'metadata', 'name', 'phone', 'preferred_locales', 'shipping', 'tax_exempt']
const INTENT = [
  'amount',
  'currency',
  'customer',
  'description',
  'metadata',
  'payment_method',
  'payment_method_data',
  'payment_method_options',
  'receipt_email',
  'setup_future_usage',
  'shipping',
  'statement_descriptor',
  'statement_descriptor_suffix',
  'transfer_group',
]
const CONFIRM = [
  'client_secret',
  'error_on_requires_action',
  'mandate_data',
  'off_session',
  'payment_method',
  'payment_method_data',
  'payment_method_options',
  'receipt_email',
  'return_url',
  'setup_future_usage',
  'shipping',
  'use_stripe_sdk',
]
const PARAMS: Record<string, Set<string>> = Object.fromEntries(
  Object.entries({
    'POST /v1/customers': [...CUSTOMER, 'payment_method'],
    'GET /v1/customers': [...LIST, 'email'],
    'POST /v1/customers/:id': CUSTOMER,
    'GET /v1/customers/:id/payment_methods': [...LIST, 'type', 'allow_redisplay'],
    'POST /v1/payment_methods': ['type', 'card', 'billing_details', 'metadata', 'allow_redisplay'],
    'GET /v1/payment_methods': [...LIST, 'customer', 'type'],
    'POST /v1/payment_methods/:id': ['billing_details', 'card', 'metadata', 'allow_redisplay'],
    'POST /v1/payment_methods/:id/attach': ['customer'],
    'POST /v1/payment_methods/:id/detach': [],
    'POST /v1/payment_intents': [
      ...INTENT,
      'allowed_payment_method_types',
      'application_fee_amount',
      'automatic_payment_methods',
      'capture_method',
      'confirm',
      'confirmation_method',
      'error_on_requires_action',
      'excluded_payment_method_types',
      'mandate_data',
      'off_session',
      'on_behalf_of',
      'payment_method_types',
      'return_url',
      'transfer_data',
      'use_stripe_sdk',
    ],
    'GET /v1/payment_intents': [...LIST, 'customer'],
    'GET /v1/payment_intents/:id': ['client_secret'],
    'POST /v1/payment_intents/:id': INTENT,
    'POST /v1/payment_intents/:id/confirm': CONFIRM,
    'POST /v1/payment_intents/:id/cancel': ['cancellation_reason'],
    'POST /v1/payment_intents/:id/local_3ds': ['client_secret', 'outcome'],
    'GET /v1/charges': [...LIST, 'customer', 'payment_intent'],
    'POST /v1/refunds': ['amount', 'charge', 'instructions_email', 'metadata', 'payment_intent', 'reason', 'refund_application_fee', 'reverse_transfer'],
    'GET /v1/refunds': [...LIST, 'charge', 'payment_intent'],
    'GET /v1/events': [...LIST, 'type', 'types', 'delivery_success'],
    'POST /v1/webhook_endpoints': ['url', 'enabled_events', 'description', 'metadata', 'api_version', 'connect'],
  }).map(([k, v]) => [k, new Set([...v, 'expand'])]),
)

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

const serializeEndpoint = (e: { id: string; url: string; secret?: string; enabledEvents: string[] }, withSecret = false) => ({
  id: e.id,
  object: 'webhook_endpoint',
  api_version: LOCAL_API_VERSION,
  enabled_events: e.enabledEvents,
  livemode: false,
  status: 'enabled',
  url: e.url,
  ...(withSecret ? { secret: e.secret } : {}),
})
route('POST', '/v1/webhook_endpoints', ({ params, hooks }) => {
  if (typeof params.url !== 'string') throw invalid('Missing required param: url.', 'url', 'parameter_missing')
  const events = Array.isArray(params.enabled_events) ? params.enabled_events.filter((x): x is string => typeof x === 'string') : ['*']
  return serializeEndpoint(hooks.addEndpoint(params.url, undefined, events), true)
})
route('GET', '/v1/webhook_endpoints', ({ hooks, url }) => ({ object: 'list', data: hooks.endpoints.map((e) => serializeEndpoint(e)), has_more: false, url }))
route('DELETE', '/v1/webhook_endpoints/:id', ({ hooks }, id) => {
  hooks.removeEndpoint(id)
  return { id, object: 'webhook_endpoint', deleted: true }
})

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
  'access-control-allow-headers': 'authorization, content-type, idempotency-key, stripe-version, stripe-account, x-xsrf-token',
  'access-control-max-age': '600',
}

let stripeJsSource: string | null = null
async function stripeJs() {
  if (stripeJsSource) return stripeJsSource
  const ts = await Bun.file(new URL('./stripe-js.ts', import.meta.url)).text()
  stripeJsSource = new Bun.Transpiler({ loader: 'ts', target: 'browser' }).transformSync(ts)
  return stripeJsSource
}

function json(status: number, body: unknown, requestId: string, extra: Record<string, string> = {}) {
  return new Response(JSON.stringify(body, null, 2), {
    status,
    headers: { 'content-type': 'application/json', 'request-id': requestId, 'stripe-version': LOCAL_API_VERSION, ...CORS, ...extra },
  })
}

/** The API key: `Authorization: Bearer` (the SDKs), Basic, or a `key` param (Stripe.js sends its publishable key so). */
function authOf(request: Request, params: Params): { key: string; auth: Auth } | null {
  const h = request.headers.get('authorization') ?? ''
  let key = ''
  if (h.startsWith('Bearer ')) key = h.slice(7).trim()
  else if (h.startsWith('Basic ')) key = atob(h.slice(6)).split(':')[0]
  else if (typeof params.key === 'string' && params.key.startsWith('pk_')) key = params.key
  delete params.key
  if (/^(sk|rk)_(test|live)_\w+$/.test(key)) return { key, auth: 'secret' }
  if (/^pk_(test|live)_\w+$/.test(key)) return { key, auth: 'publishable' }
  return null
}

export async function startStripeLocal(opts: StripeLocalOptions = {}): Promise<StripeLocal> {
  const store = new Store(LOCAL_API_VERSION)
  const hooks = new WebhookSender(opts.retryDelaysMs)
  if (opts.webhookUrl) hooks.addEndpoint(opts.webhookUrl, opts.webhookSecret ?? LOCAL_WEBHOOK_SECRET)
  store.onEvent((e) => hooks.send(e))
  // Idempotency: the first answer to a key is the answer to every retry with the same request.
  const replays = new Map<string, { fingerprint: string; status: number; body: unknown }>()
  const faults = new Map<string, { left: number; status: number }>()

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url)
    const requestId = randomId('req', 14)
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS })
    if (request.method === 'GET' && url.pathname === '/js/stripe.js') {
      return new Response(await stripeJs(), { headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache', ...CORS } })
    }
    if (url.pathname === '/health') return json(200, { status: 'ok' }, requestId)

    const match = routes.map((r) => ({ r, m: r.method === request.method ? r.re.exec(url.pathname) : null })).find((x) => x.m)
    if (!match) {
      return json(
        404,
        new StripeError(
          404,
          'invalid_request_error',
          `Unrecognized request URL (${request.method}: ${url.pathname}). The local Stripe server implements only part of the API.`,
        ).toJSON(),
        requestId,
      )
    }
    const raw = request.method === 'GET' || request.method === 'DELETE' ? url.search.slice(1) : await request.text()
    let params: Params
    try {
      params = parseForm(raw)
    } catch {
      params = {}
    }
    const who = authOf(request, params)
    if (!who) {
      return json(
        401,
        new StripeError(
          401,
          'invalid_request_error',
          'Invalid API Key provided: a secret (sk_test_...) or publishable (pk_test_...) key is required.',
        ).toJSON(),
        requestId,
      )
    }
    if (who.auth === 'publishable' && !match.r.publishable) {
      return json(
        401,
        new StripeError(401, 'invalid_request_error', 'This API call cannot be made with a publishable API key. Please use a secret API key.').toJSON(),
        requestId,
      )
    }
    const fault = faults.get(`${request.method} ${url.pathname}`)
    if (fault && fault.left > 0) {
      fault.left--
      return json(fault.status, new StripeError(fault.status, 'api_error', 'Injected failure (local Stripe fault injection).').toJSON(), requestId)
    }
    const idemKey = request.method === 'POST' ? request.headers.get('idempotency-key') : null
    const replayKey = idemKey ? `${who.key}|${idemKey}` : null
    const fingerprint = `${request.method} ${url.pathname} ${raw}`
    if (replayKey) {
      const prior = replays.get(replayKey)
      if (prior && prior.fingerprint !== fingerprint) {
        return json(
          400,
          new StripeError(
            400,
            'idempotency_error',
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idemKey}' if you meant to execute a different request.`,
          ).toJSON(),
          requestId,
        )
      }
      if (prior) return json(prior.status, prior.body, requestId, { 'idempotent-replayed': 'true', 'idempotency-key': idemKey! })
    }
    let status = 200
    let body: unknown
    try {
      const unknown = match.r.params ? Object.keys(params).find((k) => !match.r.params!.has(k)) : undefined
      if (unknown) throw new StripeError(400, 'invalid_request_error', `Received unknown parameter: ${unknown}`, { code: 'parameter_unknown', param: unknown })
      const ctx: Ctx = { s: store, params, url: url.pathname, auth: who.auth, req: { id: requestId, idempotency_key: idemKey }, hooks }
      const result = match.r.handler(ctx, ...match.m!.slice(1).map(decodeURIComponent))
      body = store.expand(result, expandList(params))
    } catch (err) {
      const e = err instanceof StripeError ? err : new StripeError(500, 'api_error', err instanceof Error ? err.message : String(err))
      status = e.status
      body = e.toJSON()
    }
    // Like Stripe: server errors are not saved, so a retry runs again.
    if (replayKey && status < 500) replays.set(replayKey, { fingerprint, status, body })
    return json(status, body, requestId, idemKey ? { 'idempotency-key': idemKey } : {})
  }

  const server = Bun.serve({ port: opts.port ?? 12111, hostname: opts.hostname ?? '127.0.0.1', fetch: handle, development: false })
  const hostname = opts.hostname ?? '127.0.0.1'
  return {
    url: `http://${hostname}:${server.port}`,
    port: server.port!,
    hostname,
    store,
    webhooks: hooks,
    settle: () => hooks.settle(),
    failNext(method, path, times = 1, status = 500) {
      faults.set(`${method.toUpperCase()} ${path}`, { left: times, status })
    },
    async stop() {
      await server.stop(true)
    },
  }
}

if (import.meta.main) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`)
    return i === -1 ? undefined : process.argv[i + 1]
  }
  const local = await startStripeLocal({
    port: Number(arg('port') ?? process.env.STRIPE_LOCAL_PORT ?? 12111),
    hostname: arg('host') ?? '127.0.0.1',
    webhookUrl: arg('webhook') ?? process.env.STRIPE_LOCAL_WEBHOOK_URL,
    webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? LOCAL_WEBHOOK_SECRET,
  })
  console.log(`Local Stripe-compatible server at ${local.url}`)
  console.log(`  secret key: ${LOCAL_SECRET_KEY} (any sk_test_... works), publishable key: ${LOCAL_PUBLISHABLE_KEY}`)
  console.log(`  Stripe.js stand-in: ${local.url}/js/stripe.js`)
}
