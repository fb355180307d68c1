import { config } from '../../config'

/** Socket addresses of requests in flight, recorded by the fetch handler (src/app.ts). */
const socketIps = new WeakMap<Request, string>()

export function rememberSocketIp(request: Request, server: unknown) {
  const address = (server as { requestIP?: (r: Request) => { address: string } | null } | undefined)?.requestIP?.(request)?.address
  if (address) socketIps.set(request, address)
}

/**
 * The address a request comes from (per-IP rate limits, logs). Behind TRUST_PROXY reverse
 * proxies (load balancers) the socket address is the proxy's: the client is the entry that
 * many hops from the right of X-Forwarded-For (entries further left are client-supplied and
 * could be forged).
 */
export function clientIp(request: Request): string {
  const socketIp = socketIps.get(request) ?? '127.0.0.1'
  const hops = config.TRUST_PROXY
  const forwardedFor = request.headers.get('x-forwarded-for')
  if (!hops || !forwardedFor) return socketIp
  const chain = forwardedFor
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  return chain[chain.length - hops] ?? chain[0] ?? socketIp
}

/**
 * The client's country when a trusted reverse proxy says it (Cloudflare's `CF-IPCountry`, or
 * `X-Country-Code` set by a proxy with a GeoIP database): ISO 3166-1 alpha-2, else null. Without
 * TRUST_PROXY the header could be the client's own invention, so it is not read.
 */
export function clientCountry(request: Request): string | null {
  if (!config.TRUST_PROXY) return null
  const raw = (request.headers.get('cf-ipcountry') ?? request.headers.get('x-country-code') ?? '').trim().toUpperCase()
  return /^[A-Z]{2}$/.test(raw) && raw !== 'XX' && raw !== 'T1' ? raw : null
}
