/**
 * The browser API client every island uses (docs/product-rules.md sections 7, 8, 9): CSRF cookie
 * fetched once, `Accept: application/json`, `X-XSRF-TOKEN` on unsafe methods, retries on
 * transient statuses, and the error catalogue: 401 clears identity and goes to the login
 * page; 419 only logged; 422 hands the errors bag to the form; 404 silent; a 403
 * `reauthentication_required` (a sensitive action: README "A second check before sensitive
 * actions") opens the "Confirm it's you" dialog and, once confirmed, sends the request again, so
 * every island gets the second check without code of its own; anything else a 'Something went
 * wrong!' toast with the server's message.
 */
import { REAUTH_CODE } from '../../src/modules/auth/reauth.schema'
import { notify } from './toast'

export type ErrorBag = Record<string, string[]>

export class ApiError extends Error {
  constructor(
    public status: number,
    message: string,
    public errors?: ErrorBag,
    public body?: unknown,
  ) {
    super(message)
  }
}

export const RETRY_STATUSES = [408, 409, 425, 429, 500, 502, 503, 504]
/** Section 9: idempotent requests are retried 0 times, other methods once. */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE'])
export const retriesFor = (method: string) => (IDEMPOTENT.has(method.toUpperCase()) ? 0 : 1)
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
export const ERROR_TOAST_TITLE = 'Something went wrong!'

let csrf: Promise<unknown> | null = null
/** GET /api/sanctum/csrf-cookie, once per page. */
export function ensureCsrfCookie() {
  csrf ??= fetch('/api/sanctum/csrf-cookie', { credentials: 'same-origin', headers: { Accept: 'application/json' } }).catch(() => (csrf = null))
  return csrf
}

export function readCookie(name: string) {
  for (const part of document.cookie.split(';')) {
    const i = part.indexOf('=')
    if (i > 0 && part.slice(0, i).trim() === name) return decodeURIComponent(part.slice(i + 1).trim())
  }
  return null
}

const identityListeners = new Set<() => void>()
/** Islands holding the current user subscribe; a 401 clears them. */
export const onIdentityCleared = (fn: () => void) => {
  identityListeners.add(fn)
  return () => {
    identityListeners.delete(fn)
  }
}

export function goToLogin() {
  const here = location.pathname + location.search
  location.assign(`/login?redirect=${encodeURIComponent(here)}`)
}

export interface RequestOptions {
  body?: unknown
  query?: Record<string, string | number | undefined>
  /** Leave 4xx/5xx toasts to the caller. */
  silent?: boolean
  /** Answer a 403 `reauthentication_required` as it is (no confirmation dialog, no retry). */
  noReauth?: boolean
  signal?: AbortSignal
  /**
   * Needs no session (the passkey sign-in's options): no CSRF cookie is fetched first, so a visitor
   * who only opens /login gets no session cookie, and the public pages a shared cache keeps stay
   * theirs too. A session that exists still sends its token.
   */
  sessionless?: boolean
}

let confirming: Promise<boolean> | null = null
/** The second check's dialog (one at a time, however many requests ask): true once confirmed. */
export function confirmIdentity(): Promise<boolean> {
  confirming ??= import('./confirm-identity')
    .then((m) => m.askToConfirm())
    .catch(() => false)
    .finally(() => {
      confirming = null
    })
  return confirming
}

export async function api<T = any>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  method = method.toUpperCase()
  const url = new URL(path.startsWith('/') ? path : `/v1/${path}`, location.origin)
  for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v))
  if (UNSAFE.has(method) && !opts.sessionless) await ensureCsrfCookie()

  let attempts = retriesFor(method)
  let confirmed = false
  for (;;) {
    const headers: Record<string, string> = { Accept: 'application/json' }
    let body: BodyInit | undefined
    if (opts.body instanceof FormData) body = opts.body
    else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body)
      headers['Content-Type'] = 'application/json'
    }
    if (UNSAFE.has(method)) {
      const token = readCookie('XSRF-TOKEN')
      if (token) headers['X-XSRF-TOKEN'] = token
    }
    let res: Response
    try {
      res = await fetch(url, { method, headers, body, credentials: 'same-origin', signal: opts.signal })
    } catch (err) {
      if ((err as Error).name === 'AbortError') throw err
      if (!opts.silent) notify({ type: 'error', title: ERROR_TOAST_TITLE, description: 'Check your connection and try again.' })
      throw new ApiError(0, 'Network error')
    }
    if (!res.ok && RETRY_STATUSES.includes(res.status) && attempts-- > 0) continue
    const text = await res.text()
    let data: any = null
    try {
      data = text ? JSON.parse(text) : null
    } catch {
      data = null
    }
    if (res.ok) return data as T
    const message = typeof data?.message === 'string' ? data.message : ''
    const error = new ApiError(res.status, message || res.statusText, data?.errors, data)
    if (res.status === 403 && data?.code === REAUTH_CODE && !opts.noReauth) {
      // Confirmed: the same request again (once). Dismissed: the action simply does not happen.
      if (!confirmed && (await confirmIdentity())) {
        confirmed = true
        continue
      }
      throw error
    }
    switch (res.status) {
      case 401:
        for (const fn of identityListeners) fn()
        goToLogin()
        break
      case 419:
        console.warn('CSRF token mismatch', path)
        break
      case 422:
      case 404:
        break
      default:
        if (!opts.silent) notify({ type: 'error', title: ERROR_TOAST_TITLE, description: message || undefined })
    }
    throw error
  }
}

export const get = <T = any>(path: string, opts?: RequestOptions) => api<T>('GET', path, opts)
export const post = <T = any>(path: string, body?: unknown, opts?: RequestOptions) => api<T>('POST', path, { ...opts, body })
export const patch = <T = any>(path: string, body?: unknown, opts?: RequestOptions) => api<T>('PATCH', path, { ...opts, body })
export const del = <T = any>(path: string, opts?: RequestOptions) => api<T>('DELETE', path, opts)
