/**
 * Is the database there? Classifies errors that mean "busy or unreachable, try again" (time
 * limits hit, lock waits given up, deadlocks, connections refused or cut, pool exhausted): the
 * API and pages answer those with 503 and Retry-After instead of 500. `pingDatabase` is what
 * /health runs.
 */
import { readdirSync } from 'node:fs'
import { getOrm } from './current'
import { withDbDeadline } from './deadline'
import { migrationsPath } from './orm'

export const RETRY_AFTER_SECONDS = 5
export const UNAVAILABLE_MESSAGE = 'The service is busy or its database is unavailable. Please try again shortly.'

// statement/lock/idle timeouts, deadlock, serialization, shutdown, too many connections.
const RETRYABLE_SQLSTATES = new Set(['57014', '55P03', '25P03', '40P01', '40001', '57P01', '57P02', '57P03', '53300', '53400'])
// Class 08 is "connection exception", except 08P01 (protocol violation): PostgreSQL answers that
// to a message it cannot read, such as a NUL byte in a text parameter. That is bad input, not an
// outage (input is checked before it gets there; see request-guards.ts).
const PROTOCOL_VIOLATION = '08P01'
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ConnectionRefused',
  'ConnectionClosed',
  // The app's own time limits (deadline.ts).
  'DB_TIMEOUT',
  'CLIENT_GONE',
])
const MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|connection error and is not queryable|Client was closed|terminating connection|the database system is (starting up|shutting down|in recovery)|The database is not initialised|canceling statement due to (statement|lock) timeout|idle-in-transaction timeout|Failed to connect|Unable to connect|socket connection was closed/i

/** True when `error` (or anything in its cause chain) means the database is busy or gone. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let e: any = error
  for (let depth = 0; e && depth < 6; depth++, e = e.cause) {
    const code = typeof e.code === 'string' ? e.code : typeof e.sqlState === 'string' ? e.sqlState : undefined
    if (code === PROTOCOL_VIOLATION) return false
    if (code && (RETRYABLE_SQLSTATES.has(code) || code.startsWith('08') || NETWORK_CODES.has(code))) return true
    if (typeof e.message === 'string' && MESSAGES.test(e.message)) return true
  }
  return false
}

/** Which limit or failure made the database unavailable (a metrics label). */
export function unavailableCause(error: unknown): string {
  let e: any = error
  for (let depth = 0; e && depth < 6; depth++, e = e.cause) {
    const code = typeof e.code === 'string' ? e.code : typeof e.sqlState === 'string' ? e.sqlState : undefined
    const message = typeof e.message === 'string' ? e.message : ''
    if (code === '57014' || /statement timeout/i.test(message)) return 'statement_timeout'
    if (code === '55P03' || /lock timeout/i.test(message)) return 'lock_timeout'
    if (code === '25P03' || /idle-in-transaction/i.test(message)) return 'idle_in_transaction_timeout'
    if (/timeout exceeded when trying to connect/i.test(message)) return 'pool_timeout'
    if (code === 'DB_TIMEOUT') return 'app_timeout'
    if (code === 'CLIENT_GONE') return 'client_gone'
    if (code === '40P01') return 'deadlock'
    if ((code && (code.startsWith('08') || NETWORK_CODES.has(code))) || /connect|terminat|closed/i.test(message)) return 'unreachable'
  }
  return 'other'
}

/** One `select 1` on a pooled connection, bounded by `timeoutMs` (a connection that does not answer is closed). */
export async function pingDatabase(timeoutMs = 2000): Promise<{ ok: true; ms: number } | { ok: false; error: string }> {
  const t0 = performance.now()
  try {
    const orm = getOrm()
    await withDbDeadline({ timeoutMs, startNow: true }, () => orm.em.getConnection().execute('select 1'))
    return { ok: true, ms: Math.round(performance.now() - t0) }
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) }
  }
}

let migrationsDone = false

/** Every migration this server ships is recorded as applied (checked until true, then remembered). */
export async function migrationsApplied(): Promise<boolean> {
  if (migrationsDone) return true
  const shipped = readdirSync(migrationsPath)
    .filter((f) => /^Migration.*\.[jt]s$/.test(f) && !f.endsWith('.d.ts'))
    .map((f) => f.replace(/\.[jt]s$/, ''))
  const rows = await getOrm().em.getConnection().execute<{ name: string }[]>('select name from mikro_orm_migrations')
  const applied = new Set(rows.map((r) => r.name.replace(/\.[jt]s$/, '')))
  migrationsDone = shipped.every((name) => applied.has(name))
  return migrationsDone
}
