/**
 * Security headers on every response (API, pages, assets, docs), set in one place by the
 * fetch handler (src/app.ts). Pages set their own Content-Security-Policy first, with the
 * per-request nonce of their inline scripts (React's streaming scripts, the islands'
 * bootstrap), or, for a page every anonymous visitor shares (src/pages/public-cache.ts), the
 * SHA-256 of each of them: a nonce would make every copy different. Everything else gets the
 * same policy without either.
 */
import { config } from '../../config'

/** Stripe.js and its frames, allowed only on pages that load the card form. */
export const STRIPE_SOURCES = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
} as const

export interface CspOptions {
  /** Nonce of the inline scripts this response carries. */
  nonce?: string
  /** Or the SHA-256 (base64) of each inline script it carries (`'sha256-…'` sources). */
  hashes?: string[]
  /** The page loads Stripe.js (the checkout). */
  stripe?: boolean
  /** Extra script origin (Stripe.js served from STRIPE_API_URL). */
  extraScriptOrigins?: string[]
}

/** The CSP source hash of an inline script's text (its exact characters, UTF-8). */
export const scriptHash = (text: string) => new Bun.CryptoHasher('sha256').update(text).digest('base64')

/** 128 random bits, base64: a fresh one for every page. */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64')
}

export function contentSecurityPolicy(o: CspOptions = {}): string {
  const extra = o.extraScriptOrigins ?? []
  const script = [
    "'self'",
    ...(o.nonce ? [`'nonce-${o.nonce}'`] : []),
    ...(o.hashes ?? []).map((h) => `'sha256-${h}'`),
    ...(o.stripe ? [...STRIPE_SOURCES.script, ...extra] : []),
  ]
  const frame = ["'self'", ...(o.stripe ? STRIPE_SOURCES.frame : [])]
  const connect = ["'self'", ...(o.stripe ? [...STRIPE_SOURCES.connect, ...extra] : [])]
  return [
    "default-src 'self'",
    `script-src ${script.join(' ')}`,
    // React and the components set style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    // Workshop and template pictures may live on any http(s) host.
    "img-src 'self' data: blob: https: http:",
    "font-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    `frame-src ${frame.join(' ')}`,
    "media-src 'self' https: http:",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

const DEFAULT_CSP = contentSecurityPolicy()

/** Served over https: the public address says so, or a trusted proxy does. */
export function isHttps(request: Request): boolean {
  if (config.APP_URL.startsWith('https:')) return true
  if (new URL(request.url).protocol === 'https:') return true
  if (config.TRUST_PROXY > 0) {
    const proto = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase()
    return proto === 'https'
  }
  return false
}

/** Adds the security headers a response does not already carry; answers the response to send. */
export function withSecurityHeaders(request: Request, response: Response): Response {
  let res = response
  const set = (name: string, value: string) => {
    if (res.headers.has(name)) return
    try {
      res.headers.set(name, value)
    } catch {
      // Immutable headers (a proxied fetch response): copy once, then set.
      res = new Response(res.body, res)
      res.headers.set(name, value)
    }
  }
  set('content-security-policy', DEFAULT_CSP)
  set('x-content-type-options', 'nosniff')
  set('referrer-policy', 'strict-origin-when-cross-origin')
  set('x-frame-options', 'DENY')
  if (isHttps(request)) set('strict-transport-security', 'max-age=31536000; includeSubDomains')
  return res
}
