/**
 * A local Stripe-compatible HTTP server: the subset of Stripe's REST API Summit uses,
 * reached by the official `stripe` SDK through `new Stripe(key, { host, port, protocol: 'http' })`.
 * Form-encoded requests, Stripe-shaped objects and errors, Idempotency-Key replay, signed
 * webhook delivery, test cards. It also serves a stand-in for Stripe.js at `/js/stripe.js`.
 *
 * A development tool, not product code: state is in memory and lost on restart.
 * Run alone: `bun tools/stripe-local/server.ts [--port 12111] [--webhook http://localhost:3000/v1/payments/webhook]
 * [--connect-webhook http://localhost:3000/v1/payouts/webhook]`.
 */

import { connectPage } from './connect-pages'
import { expandList, parseForm } from './form'
import { type Auth, type Ctx, LOCAL_API_VERSION, routes } from './routes'
import { type Params, randomId, Store, StripeError } from './store'
import * as M from './transfers'
import { WebhookSender } from './webhooks'

export { LOCAL_API_VERSION }

export const LOCAL_SECRET_KEY = 'sk_test_local_summit'
export const LOCAL_PUBLISHABLE_KEY = 'pk_test_local_summit'
export const LOCAL_WEBHOOK_SECRET = 'whsec_local_summit_webhook_secret'
export const LOCAL_CONNECT_WEBHOOK_SECRET = 'whsec_local_summit_connect_secret'

export interface StripeLocalOptions {
  port?: number
  hostname?: string
  /** Where events are POSTed (more endpoints: `POST /v1/webhook_endpoints`). */
  webhookUrl?: string
  webhookSecret?: string
  /** The address browsers use for this server's pages (default: its own http://host:port). */
  publicUrl?: string
  /** Where events of connected accounts are POSTed (a Connect endpoint), signed with `connectWebhookSecret`. */
  connectWebhookUrl?: string
  connectWebhookSecret?: string
  /** Webhook retry delays; tests shorten them. */
  retryDelaysMs?: number[]
}

/** How an injected fault behaves: `after` does the call first and loses the answer (optionally once `wait` settles). */
export interface FaultOptions {
  after?: boolean
  wait?: Promise<unknown>
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
   * answer `status` (default 500, an `api_error`) without doing anything. With `{ after: true }`
   * the call is carried out (and its answer kept for an idempotent retry) but the caller gets
   * the error instead, as when a connection drops after Stripe acted; with `wait` the answer is
   * held until that promise settles (a test kills the caller meanwhile).
   */
  failNext(method: string, path: string, times?: number, status?: number, opts?: FaultOptions): void
  stop(): Promise<void>
}

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
  if (opts.connectWebhookUrl) hooks.addEndpoint(opts.connectWebhookUrl, opts.connectWebhookSecret ?? LOCAL_CONNECT_WEBHOOK_SECRET, ['*'], true)
  let base = ''
  store.onEvent((e) => hooks.send(e))
  // Idempotency: the first answer to a key is the answer to every retry with the same request.
  const replays = new Map<string, { fingerprint: string; status: number; body: unknown }>()
  const faults = new Map<string, { left: number; status: number; opts: FaultOptions }>()

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url)
    const requestId = randomId('req', 14)
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS })
    if (request.method === 'GET' && url.pathname === '/js/stripe.js') {
      return new Response(await stripeJs(), { headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache', ...CORS } })
    }
    if (url.pathname === '/health') return json(200, { status: 'ok' }, requestId)
    if (url.pathname === '/favicon.ico') return new Response(null, { status: 204 })
    if (url.pathname.startsWith('/connect/')) {
      const page = await connectPage(store, request, url)
      if (page) return page
    }

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
    const account = request.headers.get('stripe-account')
    if (account && who.auth === 'secret') {
      if (!match.r.connected) return json(400, M.notOnConnectedAccount(request.method, match.r.path).toJSON(), requestId)
      const a = store.objects.get(account)
      if (a?.object !== 'account' || a.deleted) {
        return json(
          403,
          new StripeError(
            403,
            'invalid_request_error',
            `The provided key '${who.key.slice(0, 8)}***' does not have access to account '${account}' (or that account does not exist). Application access may have been revoked.`,
            { code: 'account_invalid' },
          ).toJSON(),
          requestId,
        )
      }
    }
    const fault = faults.get(`${request.method} ${url.pathname}`)
    let lostAnswer: { status: number; wait?: Promise<unknown> } | null = null
    if (fault && fault.left > 0) {
      fault.left--
      if (fault.opts.after) lostAnswer = { status: fault.status, wait: fault.opts.wait }
      else return json(fault.status, new StripeError(fault.status, 'api_error', 'Injected failure (local Stripe fault injection).').toJSON(), requestId)
    }
    const idemKey = request.method === 'POST' ? request.headers.get('idempotency-key') : null
    const replayKey = idemKey ? `${who.key}|${account ?? ''}|${idemKey}` : null
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
      if (prior && lostAnswer) {
        await lostAnswer.wait
        return json(lostAnswer.status, new StripeError(lostAnswer.status, 'api_error', 'Injected failure (local Stripe fault injection).').toJSON(), requestId)
      }
      if (prior) return json(prior.status, prior.body, requestId, { 'idempotent-replayed': 'true', 'idempotency-key': idemKey! })
    }
    let status = 200
    let body: unknown
    try {
      const unknown = match.r.params ? Object.keys(params).find((k) => !match.r.params!.has(k)) : undefined
      if (unknown) throw new StripeError(400, 'invalid_request_error', `Received unknown parameter: ${unknown}`, { code: 'parameter_unknown', param: unknown })
      const ctx: Ctx = {
        s: store,
        params,
        url: url.pathname,
        auth: who.auth,
        req: { id: requestId, idempotency_key: idemKey },
        hooks,
        account: who.auth === 'secret' ? account : null,
        base: opts.publicUrl ?? base,
      }
      const result = match.r.handler(ctx, ...match.m!.slice(1).map(decodeURIComponent))
      body = store.expand(result, expandList(params))
    } catch (err) {
      const e = err instanceof StripeError ? err : new StripeError(500, 'api_error', err instanceof Error ? err.message : String(err))
      status = e.status
      body = e.toJSON()
    }
    // Like Stripe: server errors are not saved, so a retry runs again.
    if (replayKey && status < 500) replays.set(replayKey, { fingerprint, status, body })
    if (lostAnswer) {
      await lostAnswer.wait
      return json(
        lostAnswer.status,
        new StripeError(lostAnswer.status, 'api_error', 'Injected failure after the call was carried out (local Stripe fault injection).').toJSON(),
        requestId,
      )
    }
    return json(status, body, requestId, idemKey ? { 'idempotency-key': idemKey } : {})
  }

  const server = Bun.serve({ port: opts.port ?? 12111, hostname: opts.hostname ?? '127.0.0.1', fetch: handle, development: false })
  const hostname = opts.hostname ?? '127.0.0.1'
  base = `http://${hostname}:${server.port}`
  return {
    url: `http://${hostname}:${server.port}`,
    port: server.port!,
    hostname,
    store,
    webhooks: hooks,
    settle: () => hooks.settle(),
    failNext(method, path, times = 1, status = 500, opts = {}) {
      faults.set(`${method.toUpperCase()} ${path}`, { left: times, status, opts })
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
    connectWebhookUrl: arg('connect-webhook') ?? process.env.STRIPE_LOCAL_CONNECT_WEBHOOK_URL,
    connectWebhookSecret: process.env.STRIPE_CONNECT_WEBHOOK_SECRET ?? LOCAL_CONNECT_WEBHOOK_SECRET,
  })
  console.log(`Local Stripe-compatible server at ${local.url}`)
  console.log(`  secret key: ${LOCAL_SECRET_KEY} (any sk_test_... works), publishable key: ${LOCAL_PUBLISHABLE_KEY}`)
  console.log(`  Stripe.js stand-in: ${local.url}/js/stripe.js`)
}
