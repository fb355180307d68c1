/**
 * Answers a shared HTTP cache (a CDN, the nginx of deploy/) may keep: the public pages and the
 * public API, for a visitor without a session. Such an answer is the same bytes and the same
 * headers for every anonymous visitor of its address, so it says
 * `Cache-Control: public, s-maxage=N, stale-while-revalidate=M`, carries a strong `ETag` (the
 * SHA-256 of its bytes) and answers `304 Not Modified` to an `If-None-Match` that names it.
 * It sets no cookie and does not vary by cookie.
 *
 * Anonymous means: no session cookie and no `Authorization` header. A request carrying either
 * may get a page or list of its own, so its answer stays `private`; a shared cache in front
 * must pass such requests through and keep nothing of them (deploy/nginx/summit-cache.conf).
 *
 * N is small so a change (a date that sells out, a new workshop) reaches every visitor within N
 * seconds of steady traffic. The checkout re-checks seats anyway. M lets the cache answer with
 * the copy it holds while it fetches a fresh one, once, after a quiet spell.
 */
import { createHash } from 'node:crypto'
import { SESSION_COOKIE } from './session'

/** Seconds a shared cache may serve a public answer as fresh (N). */
export const SHARED_MAX_AGE = 5
/** Seconds past that a shared cache may serve it while it revalidates (M). */
export const STALE_WHILE_REVALIDATE = 25
export const PUBLIC_CACHE_CONTROL = `public, s-maxage=${SHARED_MAX_AGE}, stale-while-revalidate=${STALE_WHILE_REVALIDATE}`
/** What a visitor with a session gets on the same addresses. */
export const PRIVATE_CACHE_CONTROL = 'private, no-cache'

/** The visitor's time zone (the `tz` cookie the areas' shell sets): pages then show their own hours beside the venue's. */
export const ZONE_COOKIE = 'tz'
const SESSION_IN_COOKIE = new RegExp(`(?:^|;)\\s*(?:${SESSION_COOKIE}|${ZONE_COOKIE})=`)

/**
 * No session cookie, no zone cookie and no Authorization header: the answer may be the one every
 * such visitor gets. (A visitor with a zone gets pages with their own hours: answered for them alone.)
 */
export function isAnonymousRequest(request: Request): boolean {
  if (request.headers.has('authorization')) return false
  const cookie = request.headers.get('cookie')
  return !cookie || !SESSION_IN_COOKIE.test(cookie)
}

/** The public API's addresses a shared cache may keep: `/v1/public/*` and the global tags. */
const SHARED_API = /^\/v1\/(public\/|tags(\/|$))/

export const isSharedApiPath = (path: string) => SHARED_API.test(path)

/** A strong validator: the SHA-256 of the exact bytes, base64url. */
export const strongEtag = (bytes: Uint8Array | string) => `"${createHash('sha256').update(bytes).digest('base64url')}"`

/** `If-None-Match` names this ETag (or is `*`): the visitor's copy is current. */
export function matchesIfNoneMatch(request: Request, etag: string): boolean {
  const header = request.headers.get('if-none-match')
  if (!header) return false
  return header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === '*' || t === etag)
}

/** The body as one chunk (send-whole.ts: one socket write instead of one per header). */
function oneChunk(bytes: Uint8Array) {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      if (bytes.byteLength) controller.enqueue(bytes)
      controller.close()
    },
  })
}

/**
 * The shared form of a 200 answer: its bytes with a strong ETag and the public Cache-Control,
 * or a 304 with the same headers when the visitor's copy is current. `headers` are the answer's
 * own (content type, Content-Security-Policy); any cookie or `Vary: cookie` is a mistake here,
 * so such an answer stays private instead.
 */
export function sharedAnswer(request: Request, bytes: Uint8Array, init: { headers: Headers }): Response {
  const headers = new Headers(init.headers)
  if (headers.has('set-cookie')) {
    headers.set('cache-control', PRIVATE_CACHE_CONTROL)
    return new Response(oneChunk(bytes), { status: 200, headers })
  }
  headers.delete('vary')
  headers.delete('content-length')
  headers.delete('expires')
  headers.delete('pragma')
  const etag = strongEtag(bytes)
  headers.set('etag', etag)
  headers.set('cache-control', PUBLIC_CACHE_CONTROL)
  if (matchesIfNoneMatch(request, etag)) {
    headers.delete('content-type')
    return new Response(null, { status: 304, headers })
  }
  return new Response(request.method === 'HEAD' ? null : oneChunk(bytes), { status: 200, headers })
}

/**
 * The public API's answers (`/v1/public/*`, `/v1/tags`): shared for an anonymous GET answered
 * 200, `private, no-cache` for a visitor with a session. Anything else passes as it is.
 */
export async function shareApiAnswer(request: Request, res: Response): Promise<Response> {
  if ((request.method !== 'GET' && request.method !== 'HEAD') || !isSharedApiPath(new URL(request.url).pathname)) return res
  if (!isAnonymousRequest(request)) {
    if (res.headers.has('cache-control')) return res
    const copy = new Response(res.body, res)
    copy.headers.set('cache-control', PRIVATE_CACHE_CONTROL)
    return copy
  }
  if (res.status !== 200 || !res.body || res.headers.has('content-range')) return res
  return sharedAnswer(request, await res.bytes(), { headers: res.headers })
}
