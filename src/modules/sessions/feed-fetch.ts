/**
 * Reading a coach's calendar address without letting it be turned against our own network:
 *  - http(s) only, no user name or password in the address, at most 3 redirects (each checked);
 *  - the host name is resolved once and every address it gives is checked: loopback, private,
 *    link-local, shared (CGNAT), multicast and reserved ranges are refused (unless
 *    CALENDAR_FEED_PRIVATE_ADDRESSES allows them, as it does outside production), then the
 *    request goes to the checked address itself (Host header and TLS name kept), so a second
 *    answer of the name server cannot swap it for an internal one;
 *  - CALENDAR_FEED_TIMEOUT_MS for the whole read, CALENDAR_FEED_MAX_BYTES for the body;
 *  - conditional: If-None-Match / If-Modified-Since from the last read (304: nothing changed).
 * Errors are FeedError with a sentence for the coach; nothing internal is shown.
 */
import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import { config } from '../../config'
import { FeedError } from './ics-busy'

export interface FeedResponse {
  notModified: boolean
  text: string
  etag: string | null
  lastModified: string | null
}

const MAX_REDIRECTS = 3

const v4 = (s: string) => s.split('.').map(Number)
function privateV4(ip: string) {
  const [a = 0, b = 0, c = 0] = v4(ip)
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 0 && c === 0) ||
    (a === 192 && b === 168) ||
    (a === 198 && (b === 18 || b === 19)) ||
    a >= 224
  )
}

/** The 8 groups of an IPv6 address as numbers (`::` expanded, an embedded IPv4 tail converted). */
function groups6(ip: string): number[] {
  let s = ip.toLowerCase().split('%')[0]!
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(s)
  if (tail) {
    const [a = 0, b = 0, c = 0, d = 0] = v4(tail[1]!)
    s = `${s.slice(0, -tail[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head, rest] = s.split('::') as [string, string | undefined]
  const h = head ? head.split(':') : []
  const r = rest !== undefined && rest !== '' ? rest.split(':') : []
  const fill = rest === undefined ? [] : Array(8 - h.length - r.length).fill('0')
  return [...h, ...fill, ...r].map((x) => Number.parseInt(x || '0', 16))
}

function privateV6(ip: string) {
  const g = groups6(ip)
  const v4of = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`
  if (g.slice(0, 7).every((x) => x === 0) && (g[7] === 0 || g[7] === 1)) return true // :: and ::1
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return privateV4(v4of(g[6]!, g[7]!)) // ::ffff:a.b.c.d
  if (g[0] === 0x64 && g[1] === 0xff9b) return privateV4(v4of(g[6]!, g[7]!)) // NAT64
  const first = g[0]!
  return (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80 || (first & 0xff00) === 0xff00 || (first === 0x2001 && g[1] === 0x0db8)
}

/** Loopback, private, link-local, shared, multicast or reserved: not for a calendar address. */
export function isPrivateAddress(ip: string) {
  const kind = isIP(ip)
  if (kind === 4) return privateV4(ip)
  if (kind === 6) return privateV6(ip)
  return true
}

export const privateAddressesAllowed = () => config.CALENDAR_FEED_PRIVATE_ADDRESSES ?? config.NODE_ENV !== 'production'

const REFUSED = 'This address points to a private or local network: only public calendar addresses can be read.'

/** The address to connect to for `url`'s host, checked. */
async function resolve(url: URL): Promise<string> {
  const host = url.hostname.replace(/^\[|\]$/g, '')
  let addresses: string[]
  if (isIP(host)) addresses = [host]
  else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => a.address)
    } catch {
      throw new FeedError(`The calendar server ${url.hostname} could not be found.`)
    }
  }
  if (!addresses.length) throw new FeedError(`The calendar server ${url.hostname} could not be found.`)
  if (!privateAddressesAllowed() && addresses.some(isPrivateAddress)) throw new FeedError(REFUSED)
  return addresses[0]!
}

/** Refuses at once an address whose server is on a private or local network (when those are not allowed). */
export async function assertPublicAddress(raw: string) {
  if (privateAddressesAllowed()) return
  await resolve(checkUrl(raw))
}

function checkUrl(raw: string): URL {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new FeedError('This is not a valid calendar address.')
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new FeedError('Only http and https calendar addresses can be read.')
  if (url.username || url.password) throw new FeedError('Calendar addresses with a user name or password are not supported.')
  return url
}

/** Reads at most `max` bytes of the body, else a FeedError. */
async function readCapped(res: Response, max: number): Promise<string> {
  const declared = Number(res.headers.get('content-length') ?? '')
  if (Number.isFinite(declared) && declared > max) throw new FeedError(tooBig(max))
  const reader = res.body?.getReader()
  if (!reader) return ''
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > max) {
      await reader.cancel().catch(() => {})
      throw new FeedError(tooBig(max))
    }
    chunks.push(value)
  }
  return new TextDecoder().decode(Buffer.concat(chunks))
}
const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`)
const tooBig = (max: number) => `The calendar file is larger than ${size(max)}: share a smaller calendar.`

export async function fetchFeed(raw: string, prev: { etag?: string | null; lastModified?: string | null } = {}): Promise<FeedResponse> {
  const signal = AbortSignal.timeout(config.CALENDAR_FEED_TIMEOUT_MS)
  let url = checkUrl(raw)
  try {
    for (let hop = 0; ; hop++) {
      const address = await resolve(url)
      const target = new URL(url)
      target.hostname = isIP(address) === 6 ? `[${address}]` : address
      const headers: Record<string, string> = {
        host: url.host,
        accept: 'text/calendar, */*;q=0.5',
        'user-agent': `${config.SITE_NAME} calendar reader`,
      }
      if (hop === 0 && prev.etag) headers['if-none-match'] = prev.etag
      if (hop === 0 && prev.lastModified) headers['if-modified-since'] = prev.lastModified
      const res = await fetch(target, {
        headers,
        redirect: 'manual',
        signal,
        ...(url.protocol === 'https:' ? { tls: { serverName: url.hostname } } : {}),
      } as RequestInit)
      if (res.status >= 300 && res.status < 400 && res.status !== 304) {
        const location = res.headers.get('location')
        await res.body?.cancel().catch(() => {})
        if (!location || hop >= MAX_REDIRECTS) throw new FeedError('The calendar address redirects too many times.')
        url = checkUrl(new URL(location, url).toString())
        continue
      }
      if (res.status === 304) return { notModified: true, text: '', etag: prev.etag ?? null, lastModified: prev.lastModified ?? null }
      if (res.status === 404 || res.status === 410) throw new FeedError('The calendar address no longer exists (the server answered not found).')
      if (res.status === 401 || res.status === 403)
        throw new FeedError('The calendar server refused to share this calendar: check that the address is the secret or public one.')
      if (!res.ok) throw new FeedError(`The calendar server answered an error (${res.status}). It is tried again later.`)
      const text = await readCapped(res, config.CALENDAR_FEED_MAX_BYTES)
      return { notModified: false, text, etag: res.headers.get('etag'), lastModified: res.headers.get('last-modified') }
    }
  } catch (err) {
    if (err instanceof FeedError) throw err
    if (signal.aborted) {
      const seconds = config.CALENDAR_FEED_TIMEOUT_MS / 1000
      throw new FeedError(
        `The calendar server did not answer within ${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} second${seconds === 1 ? '' : 's'}.`,
      )
    }
    throw new FeedError('The calendar server could not be reached.')
  }
}
