/**
 * Public pages a shared cache can serve (platform/http/shared-cache.ts has the HTTP side): for a
 * visitor without a session, the marketplace (`/`, `/workshops` with its query, `/workshops/{id}`,
 * `/consultants`, `/{username}`), the job board (`/jobs` and its pages) and the sign-in pages
 * answer the same bytes and headers to everyone:
 *
 * - rendered whole (no streaming reveal scripts), without a nonce: the Content-Security-Policy
 *   allows each inline script by its SHA-256 instead (the islands' props are data, not scripts;
 *   their bootstrap and start calls, and any script React writes, are hashed);
 * - from nothing but the address: cookies are not read. The colour-mode cookie is applied in the
 *   browser by a small inline script before the body paints (`cookieColorModeScript`), so a
 *   visitor who chose dark still sees dark; these pages read no other cookie (the time zone
 *   cookie is only for the signed-in areas' tables);
 * - `Cache-Control: public, s-maxage=N, stale-while-revalidate=M`, a strong ETag and 304.
 *
 * A visitor with a session keeps the private page (`private, no-cache`, a nonce); so does an
 * address whose query carries something of one visitor (the job application's outcome, a
 * sign-in link's token), and any answer but a whole 200.
 */
import { scriptHash } from '../platform/http/security'
import { isAnonymousRequest, sharedAnswer } from '../platform/http/shared-cache'
import type { RouteDef } from './routes'

/** Route paths whose pages are shared, and the query parameters that make one visitor's page private. */
const SHARED_PAGES: Record<string, { privateParams?: readonly string[] }> = {
  '/': {},
  '/workshops': {},
  '/workshops/{id}': {},
  '/consultants': {},
  '/{username}': {},
  '/jobs': {},
  // The no-JavaScript application form comes back here with its outcome and the applicant's name.
  '/jobs/{id}': { privateParams: ['applied', 'error', 'errors', 'name'] },
  // Guest pages: the same sign-in form for everyone (the CSRF cookie is asked for by the form itself).
  '/login': { privateParams: ['token'] },
  '/register': {},
}

/** This request gets the shared page of `route`: an anonymous visitor, an address that names no one. */
export function isSharedPage(route: RouteDef, request: Request, url: URL): boolean {
  const rule = SHARED_PAGES[route.path]
  if (!rule || request.method !== 'GET' || !isAnonymousRequest(request)) return false
  return !rule.privateParams?.some((k) => url.searchParams.has(k))
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi
const TYPE = /\btype\s*=\s*["']?([^"'\s>]+)/i
const JS_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript'])

/** The SHA-256 of every inline script of `html` the browser would run (not `src`, not data blocks such as JSON or JSON-LD). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const m of html.matchAll(SCRIPT)) {
    const attrs = m[1] ?? ''
    if (/\bsrc\s*=/i.test(attrs)) continue
    if (!JS_TYPES.has((TYPE.exec(attrs)?.[1] ?? '').toLowerCase())) continue
    hashes.add(scriptHash(m[2] ?? ''))
  }
  return [...hashes].sort()
}

/**
 * The shared answer of a rendered page: the whole HTML, its inline scripts allowed by hash
 * (`csp(hashes)`), a strong ETag and the public Cache-Control (or a 304). `failed`: part of the
 * render failed, so the page is answered privately and no cache keeps it.
 */
export async function sharedPageResponse(
  request: Request,
  body: ReadableStream<Uint8Array>,
  opts: { status: number; headers: Record<string, string>; csp: (hashes: string[]) => string; failed: () => boolean },
): Promise<Response> {
  const html = await new Response(body).text()
  const headers = new Headers(opts.headers)
  headers.set('content-security-policy', opts.csp(inlineScriptHashes(html)))
  if (opts.status !== 200 || opts.failed()) return new Response(html, { status: opts.status, headers })
  return sharedAnswer(request, new TextEncoder().encode(html), { headers })
}
