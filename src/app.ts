import { Elysia } from 'elysia'
import * as v from 'valibot'
import { islandNames } from '../islands/names'
import { config } from './config'
import { apiModules } from './modules'
import { identify } from './modules/access'
import { refreshXsrfCookie, startSession } from './modules/auth'
import { applyFormRoute } from './modules/job-postings'
import { unsubscribeFormRoute } from './modules/notifications'
import { pages } from './pages'
import { assetRoutes, provideIslands } from './platform/assets/assets'
import { safeEqual } from './platform/crypto'
import { withDbDeadline } from './platform/db/deadline'
import { migrationsApplied, pingDatabase, RETRY_AFTER_SECONDS } from './platform/db/health'
import './platform/db/pool-metrics'
import { clientIp, rememberSocketIp } from './platform/http/client-ip'
import { type BaseContext, platform, provideIdentity } from './platform/http/context'
import { handleError } from './platform/http/error-handler'
import { checkForm, checkJsonBody } from './platform/http/json'
import { bodyTooLarge, controlCharIn, controlCharResponse, sanitizeQuery, tooLargeResponse } from './platform/http/request-guards'
import { requestIdOf } from './platform/http/request-id'
import { withSecurityHeaders } from './platform/http/security'
import { sentWhole } from './platform/http/send-whole'
import type { CookieJar } from './platform/http/session'
import { shareApiAnswer } from './platform/http/shared-cache'
import { guardRouteSchemas } from './platform/http/validation'
import { log, type RequestScope, runInRequestScope } from './platform/log'
import { METRICS_CONTENT_TYPE, metricsText, observeRequest, setRoute } from './platform/metrics'
import { docs } from './platform/openapi/docs'
import { json, noContent, ok } from './platform/openapi/responses'
import { pingStorage } from './platform/storage'

/** Liveness: the process answers (no dependency checked: a load balancer restarts what fails this). */
const live = () => ({ status: 'ok' as const })

const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer in time')), ms).unref?.())])

/**
 * Readiness: the database answers, the storage answers, and every migration this server ships
 * is applied. 503 with Retry-After otherwise (the proxy sends this server no traffic meanwhile).
 */
async function ready(set: { status?: number | string; headers: Record<string, string | number> }) {
  const [db, storage, migrations] = await Promise.all([
    pingDatabase(2000),
    within(pingStorage(), 2000).then(
      () => true,
      () => false,
    ),
    within(migrationsApplied(), 2000).catch(() => null),
  ])
  const body = {
    status: db.ok && storage && migrations ? ('ok' as const) : ('unavailable' as const),
    database: db.ok ? ('ok' as const) : ('unavailable' as const),
    storage: storage ? ('ok' as const) : ('unavailable' as const),
    migrations: migrations ? ('ok' as const) : migrations === false ? ('pending' as const) : ('unknown' as const),
  }
  if (body.status !== 'ok') {
    set.status = 503
    set.headers['retry-after'] = String(RETRY_AFTER_SECONDS)
  }
  return body
}

/** GET /metrics: the METRICS_TOKEN bearer; without a token, loopback in development only. */
async function metrics(request: Request, set: { status?: number | string; headers: Record<string, string | number> }) {
  const token = config.METRICS_TOKEN
  const bearer = request.headers.get('authorization')?.replace(/^Bearer\s+/i, '')
  const allowed = token ? !!bearer && safeEqual(bearer, token) : config.NODE_ENV === 'development' && isLoopback(clientIp(request))
  if (!allowed) {
    set.status = token ? 401 : 403
    if (token) set.headers['www-authenticate'] = 'Bearer'
    return { message: token ? 'Send the metrics token: Authorization: Bearer <METRICS_TOKEN>.' : 'Metrics are off: set METRICS_TOKEN.' }
  }
  return new Response(await metricsText(), { headers: { 'content-type': METRICS_CONTENT_TYPE, 'cache-control': 'no-store' } })
}

const isLoopback = (ip: string) => ip === '::1' || ip.startsWith('127.') || ip === '::ffff:127.0.0.1'

/** 200 when the database answers a `select 1` within 2 s; else 503 with Retry-After. */
async function health(set: { status?: number | string; headers: Record<string, string | number> }) {
  const db = await pingDatabase(2000)
  if (db.ok) return { status: 'ok', database: 'ok' }
  set.status = 503
  set.headers['retry-after'] = String(RETRY_AFTER_SECONDS)
  return { status: 'unavailable', database: 'unavailable' }
}

const Health = v.object({ status: v.picklist(['ok', 'unavailable']), database: v.picklist(['ok', 'unavailable']) })
const Ready = v.object({
  status: v.picklist(['ok', 'unavailable']),
  database: v.picklist(['ok', 'unavailable']),
  storage: v.picklist(['ok', 'unavailable']),
  migrations: v.picklist(['ok', 'pending', 'unknown']),
})

/** The whole application: platform plugins, the /v1 modules, docs, pages and assets. */
export function createApp() {
  // The composition root plugs the domain into the platform: who asks, and which islands exist.
  provideIdentity(identify)
  provideIslands(islandNames)
  const app = new Elysia()
    // The route template of every request, for the metrics' labels (pages refine it).
    .onTransform({ as: 'global' }, ({ route }) => setRoute(route))
    // `ctx` is missing when the error came before the platform's derive (a malformed body).
    .onError(({ code, error, request, ...rest }) => handleError(code, error, (rest as { ctx?: BaseContext }).ctx?.log ?? log, request))
    .use(docs)
    // Before the platform plugin: the no-JavaScript apply form acts for nobody (see its file).
    .use(applyFormRoute)
    // Also before it: the one-click unsubscribe POST of mail clients and of the unsubscribe page (RFC 8058).
    .use(unsubscribeFormRoute)
    // Operators: liveness, readiness and metrics ask nothing of the session (before the platform plugin).
    .get('/health/live', live, { detail: { hide: true } })
    .get('/health/ready', ({ set }) => ready(set), { detail: { hide: true } })
    .get('/metrics', ({ request, set }) => metrics(request, set), { detail: { hide: true } })
    // Hashed assets and public/ need no session: served before the platform plugin reads one.
    .use(assetRoutes())
    .use(platform)
    .get(
      '/api/sanctum/csrf-cookie',
      async ({ ctx, cookie, set }) => {
        // Bound to the session: a guest gets a session to carry the token.
        if (!ctx.session) await startSession(ctx.em, cookie as unknown as CookieJar, { userId: null })
        else refreshXsrfCookie(cookie as unknown as CookieJar, ctx.session)
        set.status = 204
        return null
      },
      { detail: { responses: noContent('The XSRF-TOKEN cookie is set'), tags: ['Auth'], summary: 'Sets the XSRF-TOKEN cookie (Sanctum style)' } },
    )
    .get('/health', ({ set }) => health(set), { detail: { hide: true } })
    .get('/v1/health/ready', ({ set }) => ready(set), {
      detail: {
        responses: { ...ok(Ready, 'Ready: database and storage answer, migrations applied'), 503: json(Ready, 'Not ready') },
        tags: ['Health'],
        summary: 'Readiness (also at /health/ready): database, storage and migrations; 503 with Retry-After when not ready',
      },
    })
    .get('/v1/health', ({ set }) => health(set), {
      detail: {
        responses: { ...ok(Health, 'Up, database answers'), 503: json(Health, 'The database does not answer') },
        tags: ['Health'],
        summary: 'Liveness and database check: 200, or 503 with Retry-After when the database does not answer',
      },
    })
    .group('/v1', (v1) => {
      for (const m of apiModules) v1.use(m)
      return v1
    })
    // Last: every other GET through the page route table.
    .use(pages())
  // A failing route schema answers the 422 itself: Elysia's ValidationError (which stringifies
  // the whole input) is never built (validation.ts).
  guardRouteSchemas(app as unknown as Parameters<typeof guardRouteSchemas>[0])
  return app
}

export type App = ReturnType<typeof createApp>

/**
 * The fetch handler: a multipart POST may carry `_method=PUT|PATCH|DELETE` (form field or
 * query) and is then routed as that method, as Laravel does.
 */
export function createFetch(app: App) {
  const handle = async (request: Request, server?: unknown) => {
    rememberSocketIp(request, server)
    // Refused before anything reads the body: a clear 413 instead of a dropped connection.
    if (bodyTooLarge(request)) return tooLargeResponse()
    // JSON bodies before anything parses them (json.ts): nesting depth (422) and items (413)
    // bounded by one pass over the text, NUL characters and unpaired surrogates refused naming
    // the field (422), keys that name the prototype chain dropped.
    const checked = await checkJsonBody(request)
    if (checked instanceof Response) return checked
    if (checked !== request) rememberSocketIp((request = checked), server)
    if (request.body && URLENCODED.test(request.headers.get('content-type') ?? '')) {
      const bad = checkForm(new URLSearchParams(await request.clone().text()))
      if (bad) return bad
    }
    // Control characters (a NUL byte) in the query: 422 for the API, dropped for pages.
    const url = new URL(request.url)
    const bad = controlCharIn(url.searchParams)
    if (bad === null && API_PATH.test(url.pathname)) {
      // Query values Elysia would parse as JSON get the limits of a JSON body.
      const refused = checkForm(url.searchParams, { keys: false })
      if (refused) return refused
    }
    if (bad !== null) {
      if (API_PATH.test(url.pathname)) return controlCharResponse(bad)
      request = new Request(sanitizeQuery(url), request)
      rememberSocketIp(request, server)
    }
    if (request.body && request.headers.get('content-type')?.startsWith('multipart/form-data')) {
      // Read once here: fields are checked like JSON (json.ts checkForm), and a POST may carry
      // `_method` (form field or query).
      const url = new URL(request.url)
      const body = await request.formData().catch(() => null)
      if (body) {
        const bad = checkForm(body)
        if (bad) return bad
      }
      let method = request.method
      if (method === 'POST') {
        const field = body?.get('_method')
        const override = (url.searchParams.get('_method') ?? (typeof field === 'string' ? field : '')).toUpperCase()
        if (['PUT', 'PATCH', 'DELETE'].includes(override)) {
          method = override
          body?.delete('_method')
        }
      }
      if (body || method !== request.method) {
        const headers = new Headers(request.headers)
        headers.delete('content-type')
        request = new Request(url, { method, headers, body })
        rememberSocketIp(request, server)
      }
    }
    return app.handle(request)
  }
  // Every answer (API, pages, assets, errors) carries the request id and is counted by route and
  // status. Each request's database work is bounded (DB_REQUEST_TIMEOUT_MS from its first
  // database wait) and ends when its client goes away: its connections are closed, its
  // transaction rolls back (src/platform/db/deadline.ts).
  return (request: Request, server?: unknown) => {
    const t0 = performance.now()
    const scope: RequestScope = { reqId: requestIdOf(request) }
    return runInRequestScope(scope, () =>
      withDbDeadline({ timeoutMs: config.DB_REQUEST_TIMEOUT_MS, signal: request.signal }, async () => {
        // The public API's answers, for a visitor without a session: one a shared cache may keep (shared-cache.ts).
        const answer = await shareApiAnswer(request, await handle(request, server))
        const res = withHeader(withSecurityHeaders(request, answer), 'x-request-id', scope.reqId)
        observeRequest(request.method, res.status, (performance.now() - t0) / 1000)
        // JSON in one send instead of one per header (send-whole.ts)
        return sentWhole(request, res)
      }),
    )
  }
}

const API_PATH = /^\/(v1|api|openapi)(\/|$)/
const URLENCODED = /^application\/x-www-form-urlencoded\b/i

function withHeader(res: Response, name: string, value: string) {
  try {
    res.headers.set(name, value)
    return res
  } catch {
    // Immutable headers (a proxied fetch response): copy once, then set.
    const copy = new Response(res.body, res)
    copy.headers.set(name, value)
    return copy
  }
}
