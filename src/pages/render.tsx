/**
 * Server rendering: a matched route runs its guard, loads its data through the services
 * (same process, request-scoped EntityManager) and streams with renderToReadableStream.
 * A page that `defer`s sends its head and area layout first and its data-bound part through
 * a Suspense boundary (deferred.tsx), so the first byte waits for the session and the layout only.
 * 404/403/500 render the error page; crawlers get a bare status response instead.
 */

import type { EntityManager } from '@mikro-orm/postgresql'
import { type ReactNode, Suspense } from 'react'
import { renderToReadableStream } from 'react-dom/server'
import { colorModeFromCookieHeader } from '../../design-system/color-mode'
import { config } from '../config'
import { clientPageScopes } from '../modules/bookings'
import type { User } from '../modules/users'
import { buildAssets, islandScript } from '../platform/assets/assets'
import { isDatabaseUnavailable } from '../platform/db/health'
import { unavailablePage } from '../platform/http/error-handler'
import { contentSecurityPolicy, newNonce } from '../platform/http/security'
import { type Logger, log as rootLog } from '../platform/log'
import { setRoute } from '../platform/metrics'
import { Deferred, settle, statusOf } from './deferred'
import { Document } from './document'
import { guard, isCoachArea } from './guards'
import { IslandContext, type IslandState } from './island'
import { areaLayoutFor, Layout, prefetchLayout } from './layouts'
import { PageSkeleton } from './layouts/skeleton'
import { type KeepSlot, keepPage, keptPage } from './page-memo'
import { isSharedPage, sharedPageResponse } from './public-cache'
import { parseCookies, RequestInfoContext } from './request'
import { type LayoutName, matchRoute, type PageContext, type PageMeta, type PageModule, type RouteDef } from './routes'
import { ErrorScreen, STATUS_TEXT } from './screens/error'
import { pageTeam } from './team'

const BOT =
  /bot|crawl|spider|slurp|bingpreview|facebookexternalhit|embedly|quora link preview|whatsapp|telegram|discord|linkedin|pinterest|headless(?!chrome)|curl|wget|python-requests|httpclient/i
export const isBot = (ua: string | null) => !!ua && BOT.test(ua)

const HTML_HEADERS = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'private, no-cache', vary: 'cookie' }

export interface PageRequest {
  request: Request
  em: EntityManager
  user: User | null
  log?: Logger
}

export function colorModeOf(request: Request): string {
  return colorModeFromCookieHeader(request.headers.get('cookie'))
}

const redirect = (to: string) => new Response(null, { status: 302, headers: { location: to, 'cache-control': 'no-store' } })

/** A Stripe-compatible server named by STRIPE_API_URL serves Stripe.js from its own origin. */
const stripeScriptOrigins = (): string[] => (config.STRIPE_API_URL ? [new URL(config.STRIPE_API_URL).origin] : [])

function htmlResponse(body: BodyInit, status: number, nonce: string, stripe: boolean) {
  const csp = contentSecurityPolicy({ nonce, stripe, extraScriptOrigins: stripe ? stripeScriptOrigins() : [] })
  return new Response(body, { status, headers: { ...HTML_HEADERS, 'content-security-policy': csp } })
}

async function stream(
  request: Request,
  colorMode: string,
  node: ReactNode,
  status: number,
  log: Logger,
  state: IslandState,
  progressive = false,
  keep: KeepSlot | null = null,
  /** The page every anonymous visitor shares (public-cache.ts): no nonce, no cookies, whole. */
  shared = false,
) {
  // A fresh nonce per response: React's streaming scripts and the islands' inline scripts carry it.
  const nonce = shared ? undefined : newNonce()
  state.nonce = nonce
  const info = { cookies: shared ? {} : parseCookies(request.headers.get('cookie')), colorMode, nonce }
  // Crawlers, script-free and shared pages get the whole document at once (no reveal scripts).
  const whole = shared || !progressive || isBot(request.headers.get('user-agent'))
  let failed = false
  const body = await renderToReadableStream(
    <RequestInfoContext.Provider value={info}>
      <IslandContext.Provider value={state}>{node}</IslandContext.Provider>
    </RequestInfoContext.Provider>,
    {
      nonce,
      // React outlines a finished Suspense boundary behind a reveal script once the page passes
      // its chunk size (12.8 KB by default): a whole document never does.
      ...(whole ? { progressiveChunkSize: Number.MAX_SAFE_INTEGER } : {}),
      onError(error) {
        // A reader that leaves while the page streams (navigated away) is no render error.
        // (Bun cancels the stream when the connection closes: React reports "aborted by the server";
        // a part still reading the database when it left fails with the request's client-gone cut.)
        if (keep) keep.failed = true
        failed = true
        const e = error as { name?: unknown; message?: unknown; code?: unknown } | null
        if (
          e?.name === 'AbortError' ||
          e?.code === 'CLIENT_GONE' ||
          (typeof e?.message === 'string' && e.message.startsWith('The render was aborted by the server'))
        )
          return log.debug({ err: error }, 'page stream closed by the client')
        log.error({ err: error }, 'page render error')
      },
    },
  )
  if (whole) await body.allReady
  // The shell is rendered: its islands are known. Stripe's origins only where a card form loads
  // (the checkout, a booking's move to a dearer date, the saved cards).
  const stripe = ['checkout', 'client-booking', 'client-cards'].some((name) => state.scripts.has(islandScript(name)))
  if (shared) {
    const extraScriptOrigins = stripe ? stripeScriptOrigins() : []
    return sharedPageResponse(request, body, {
      status,
      headers: HTML_HEADERS,
      csp: (hashes) => contentSecurityPolicy({ hashes, stripe, extraScriptOrigins }),
      failed: () => failed,
    })
  }
  if (!keep || status !== 200) return htmlResponse(body, status, nonce!, stripe)
  // A page that may be kept: the visitor gets the stream as it comes, and the text is kept once
  // the render has ended, before the visitor sees the end of the response (a visitor who leaves
  // before the end keeps nothing).
  const decoder = new TextDecoder()
  let html = ''
  const capture = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, out) {
      html += decoder.decode(chunk, { stream: true })
      out.enqueue(chunk)
    },
    flush() {
      keepPage(keep, { html: html + decoder.decode(), nonce: nonce!, stripe })
    },
  })
  return htmlResponse(body.pipeThrough(capture), status, nonce!, stripe)
}

export const newIslandState = (): IslandState => ({ count: 0, bootstrapped: false, scripts: new Set() })

/** The error page (status message, 'Something went wrong.', Return to Home); bots get the bare status. */
export async function renderError(req: PageRequest, status: number, message?: string) {
  const log = req.log ?? rootLog
  if (isBot(req.request.headers.get('user-agent'))) {
    return new Response(`${status} ${STATUS_TEXT[status] ?? 'Error'}`, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } })
  }
  await buildAssets()
  const path = new URL(req.request.url).pathname
  const title = STATUS_TEXT[status] ?? 'Error'
  const colorMode = colorModeOf(req.request)
  return stream(
    req.request,
    colorMode,
    <Document title={title} colorMode={colorMode} path={path}>
      <Layout
        name={(status !== 403 && areaLayoutFor(path, req.user, !!req.user && isCoachArea(req.user))) || 'default'}
        user={req.user}
        path={path}
        em={req.em}
      >
        <ErrorScreen status={status} message={message} />
      </Layout>
    </Document>,
    status,
    log,
    newIslandState(),
  )
}

/**
 * The page's search and sharing tags: its own `meta`, and for public pages a canonical address
 * (this site's address, the path without a trailing slash, plus the query parameters the page
 * keeps) unless the page gives one or asks to stay out of search results.
 */
function metaOf(route: RouteDef, mod: PageModule, data: unknown, ctx: PageContext): PageMeta {
  const meta = mod.meta && data !== undefined ? mod.meta(data, ctx) : {}
  if (meta.canonical || meta.noindex || (route.access !== 'public' && route.access !== 'guest')) return meta
  const path = ctx.path.length > 1 ? ctx.path.replace(/\/+$/, '') : ctx.path
  const kept = new URLSearchParams()
  for (const k of mod.canonicalParams ?? []) {
    const v = ctx.url.searchParams.get(k)?.trim()
    if (v && !(k === 'page' && v === '1')) kept.set(k, v)
  }
  const qs = kept.toString()
  return { ...meta, canonical: `${config.APP_URL}${path}${qs ? `?${qs}` : ''}` }
}

/**
 * The kept page of a visit, or a slot for its render (page-memo.ts). In the coach area the team is
 * resolved first, on every request (membership and role are never answered from the kept page),
 * and a visitor without a team in force keeps nothing.
 */
async function keptPageOf(route: RouteDef, ctx: PageContext, req: PageRequest) {
  const user = req.user!
  let team: string | null = null
  if (route.layout === 'coach') {
    team = (await pageTeam(ctx)).tenant?.id ?? null
    if (!team) return null
  }
  return keptPage(req.em, {
    userId: user.id,
    team,
    address: ctx.path + ctx.url.search,
    cookie: req.request.headers.get('cookie'),
    bot: isBot(req.request.headers.get('user-agent')),
  })
}

/** What a kept page shows, as page-change scopes: everything global, the visitor, and the teams whose rows it shows. */
async function pageScopes(route: RouteDef, ctx: PageContext): Promise<string[]> {
  const user = ctx.user!
  const own = ['g', `u:${user.id}`, `e:${user.email.toLowerCase()}`]
  if (route.layout === 'coach') {
    const team = (await pageTeam(ctx)).tenant?.id
    return team ? [...own, `t:${team}`] : own
  }
  return [...own, ...(await clientPageScopes(ctx.em, user))]
}

export async function renderPage(req: PageRequest): Promise<Response> {
  const log = req.log ?? rootLog
  const url = new URL(req.request.url)
  const path = url.pathname
  const matched = matchRoute(path)
  if (!matched) return renderError(req, 404, `Page Not Found: ${path}`)
  const { route, params } = matched
  setRoute(route.path)

  const decision = guard(route, path.replace(/(.)\/$/, '$1'), url.search, req.user)
  if (decision && 'redirect' in decision) return redirect(decision.redirect)
  if (decision && 'status' in decision) return renderError(req, decision.status)
  if (route.redirect) return redirect(route.redirect)
  if (!route.page) return renderError(req, 404, `Page Not Found: ${path}`)

  // For a visitor without a session, the page every such visitor shares (public-cache.ts).
  const shared = isSharedPage(route, req.request, url)
  try {
    await buildAssets()
    const mod: PageModule = (await route.page()).default
    const ctx: PageContext = { path, url, params, user: req.user, em: req.em }
    // A page kept whole (page-memo.ts): sent again, with a nonce of its own, while nothing it shows changed.
    const kept = mod.keep && req.user ? await keptPageOf(route, ctx, req) : null
    if (kept && 'hit' in kept) {
      const nonce = newNonce()
      return htmlResponse(kept.hit.html.replaceAll(kept.hit.nonce, nonce), 200, nonce, kept.hit.stripe)
    }
    const keep = kept?.slot ?? null
    if (keep) keep.scopes = await pageScopes(route, ctx)
    const Page = mod.Page
    let title: string
    let page: ReactNode
    let meta: PageMeta = {}
    if (mod.defer) {
      // Everything starts now and runs side by side: the page's data, the layout's summary and
      // the cheap `head`; only the last two come before the first byte.
      const load = mod.load
      // A load that finds nothing or fails renders the error screen: never kept.
      const spoil = () => {
        if (keep) keep.failed = true
      }
      const loaded = load
        ? async () => {
            try {
              const d = await load(ctx)
              if (d === null) spoil()
              return d
            } catch (err) {
              spoil()
              throw err
            }
          }
        : async () => undefined
      const outcome = settle(loaded, path, log)
      prefetchLayout(route.layout as LayoutName, req.user, req.em)
      const head = mod.head ? await mod.head(ctx) : undefined
      if (mod.head && head === null) return renderError(req, 404, `Page Not Found: ${path}`)
      title = typeof mod.title === 'function' ? mod.title(head, ctx) : mod.title
      meta = metaOf(route, mod, undefined, ctx)
      const Fallback = mod.Fallback
      page = (
        <Suspense fallback={Fallback ? <Fallback ctx={ctx} head={head} /> : <PageSkeleton title={title} />}>
          <Deferred outcome={outcome} render={(data) => <Page data={data} ctx={ctx} />} />
        </Suspense>
      )
    } else {
      const data = mod.load ? await mod.load(ctx) : undefined
      if (mod.load && data === null) return renderError(req, 404, `Page Not Found: ${path}`)
      title = typeof mod.title === 'function' ? mod.title(data, ctx) : mod.title
      meta = metaOf(route, mod, data, ctx)
      page = <Page data={data} ctx={ctx} />
    }
    // A shared page reads no cookie: the visitor's colour mode is applied in the browser (Document).
    const colorMode = route.colorMode ?? (shared ? 'auto' : colorModeOf(req.request))
    return await stream(
      req.request,
      colorMode,
      <Document title={title} description={mod.description} colorMode={colorMode} path={path} meta={meta} cookieColorMode={shared}>
        <Layout name={route.layout as LayoutName} user={req.user} path={path} em={req.em}>
          {page}
        </Layout>
      </Document>,
      200,
      log,
      newIslandState(),
      mod.stream || mod.defer,
      keep,
      shared,
    )
  } catch (err) {
    if (isDatabaseUnavailable(err)) return unavailablePage()
    log.error({ err }, 'page failed')
    const status = statusOf(err)
    return renderError(req, status >= 400 && status < 600 ? status : 500)
  }
}
