/**
 * Devices and places of sessions and tokens, as people read them: "Chrome on macOS",
 * "Germany" (when a trusted proxy named the country) or the address's network ("203.0.113.0/24"),
 * and the sign-in from a device not seen before (mailed to the account).
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { config } from '../../config'
import { randomToken, sha256 } from '../../platform/crypto'
import type { CookieJar } from '../../platform/http/session'
import { queueMail } from '../../platform/mail'
import { countryByCode } from '../../shared/countries'
import type { User } from '../users'
import { newDeviceMail } from './auth.mail'

/** The long-lived, HttpOnly cookie that tells a browser seen before (a random id; its hash is stored). */
export const DEVICE_COOKIE = 'summit_device'
const DEVICE_COOKIE_DAYS = 400

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|\bChrome\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/^curl\//i, 'curl'],
  [/^Bun\//i, 'Bun'],
  [/^node|undici/i, 'Node.js'],
  [/^python-requests|^python/i, 'Python'],
  [/^PostmanRuntime/i, 'Postman'],
]
const SYSTEMS: [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bLinux\b/, 'Linux'],
]

/** "Chrome on macOS", "Safari on iPhone", "curl"; "Unknown device" when nothing is said. */
export function describeDevice(userAgent: string | null | undefined): string {
  const ua = (userAgent ?? '').trim()
  if (!ua) return 'Unknown device'
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1]
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1]
  if (browser && system) return `${browser} on ${system}`
  return browser ?? (system ? `Browser on ${system}` : 'Unknown device')
}

/** The network of an address: IPv4 /24, IPv6 /48; this machine and private networks by name. */
export function networkOf(ip: string | null | undefined): string | null {
  if (!ip) return null
  const v4 = ip.replace(/^::ffff:/, '')
  if (/^\d+\.\d+\.\d+\.\d+$/.test(v4)) {
    if (v4.startsWith('127.')) return 'This computer'
    if (/^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)/.test(v4)) return 'Local network'
    return `${v4.split('.').slice(0, 3).join('.')}.0/24`
  }
  if (ip === '::1') return 'This computer'
  if (/^f[cd]/i.test(ip) || /^fe80/i.test(ip)) return 'Local network'
  const groups = ip.split('::')[0].split(':').filter(Boolean).slice(0, 3)
  return groups.length ? `${groups.join(':')}::/48` : null
}

/** The country's name when known, else the address's network, else "Unknown place". */
export function placeOf(ip: string | null | undefined, country: string | null | undefined): string {
  return countryByCode(country)?.name ?? networkOf(ip) ?? 'Unknown place'
}

interface Seen {
  ip: string
  userAgent: string | null
  country: string | null
}

/**
 * After a sign-in: is this a device the account has used before? Browsers carry the device
 * cookie (set here when missing); other clients are told apart by user agent and network. A
 * device not seen before is remembered and, when the account has signed in elsewhere already,
 * the account's address gets a mail naming device, place and time.
 */
export async function noteSignIn(em: EntityManager, cookie: CookieJar | null, user: User, seen: Seen) {
  let secret = cookie?.[DEVICE_COOKIE]?.value
  if (typeof secret !== 'string' || !/^[\w-]{20,100}$/.test(secret)) secret = undefined
  const hash = secret ? sha256(`device:${secret}`) : sha256(`client:${seen.userAgent ?? ''}:${networkOf(seen.ip) ?? ''}`)
  const conn = em.getConnection()
  const now = new Date()
  const [row] = await conn.execute<{ inserted: boolean; others: number }[]>(
    `with ins as (
       insert into known_devices (id, created_at, updated_at, user_id, device_hash, user_agent, last_seen_at) values (?, ?, ?, ?, ?, ?, ?)
       on conflict (user_id, device_hash) do update set last_seen_at = excluded.last_seen_at, user_agent = excluded.user_agent, updated_at = excluded.updated_at
       returning (xmax = 0) as inserted)
     select ins.inserted, (select count(*)::int from known_devices d where d.user_id = ? and d.device_hash <> ?) as others from ins`,
    [Bun.randomUUIDv7(), now, now, user.id, hash, seen.userAgent, now, user.id, hash],
  )
  if (cookie && !secret) {
    cookie[DEVICE_COOKIE].set({
      value: randomToken(24),
      httpOnly: true,
      path: '/',
      sameSite: 'lax',
      secure: config.production,
      maxAge: DEVICE_COOKIE_DAYS * 86_400,
    })
  }
  if (row?.inserted && row.others > 0) {
    queueMail({ to: user.email, ...newDeviceMail({ device: describeDevice(seen.userAgent), place: placeOf(seen.ip, seen.country), at: now }) })
    return true
  }
  return false
}
