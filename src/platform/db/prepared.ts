/**
 * Prepared statements for hot reads. MikroORM writes every parameter into the SQL text, so
 * PostgreSQL plans each statement again on every request; for a long read that runs on every
 * visit (the marketplace list; the session, team and shell reads of every signed-in page),
 * planning costs as much as running it or more. `queryPrepared` sends the
 * same text with `$n` parameters under a name made from the text: each connection parses it
 * once, and PostgreSQL's plan cache then skips planning once a generic plan is as good as a
 * custom one (`plan_cache_mode = auto`: a shape whose plan depends on its values keeps getting
 * custom plans, so no plan gets worse).
 *
 * The connection comes from the ORM's own instrumented pool: the request's time limits and its
 * client-gone cut apply as to every query (deadline.ts). Inside a transaction it is the ORM's
 * `execute` instead (the transaction's connection), and so is it with DB_PREPARED_STATEMENTS=false
 * (PgBouncer in transaction mode before 1.21 cannot carry named statements).
 */
import { createHash } from 'node:crypto'
import type { EntityManager } from '@mikro-orm/postgresql'
import { config } from '../../config'

export type Param = string | number | boolean | Date | null

/** `?` placeholders (outside quoted text) to `$1..$n`; `??` stays a literal `?`, as in MikroORM. */
export function numberPlaceholders(sql: string): { text: string; count: number } {
  let out = ''
  let n = 0
  let quote: string | null = null
  for (let i = 0; i < sql.length; i++) {
    const c = sql[i]!
    if (quote) {
      out += c
      if (c === quote) quote = null
      continue
    }
    if (c === "'" || c === '"') {
      quote = c
      out += c
    } else if (c === '?' && sql[i + 1] === '?') {
      out += '?'
      i++
    } else if (c === '?') out += `$${++n}`
    else out += c
  }
  return { text: out, count: n }
}

interface PreparedPool<T> {
  connect(): Promise<{ query(q: object): Promise<{ rows: T[] }>; release(err?: unknown): void }>
}

const names = new Map<string, { name: string; text: string; count: number }>()

export async function queryPrepared<T = Record<string, unknown>>(em: EntityManager, sql: string, params: readonly Param[]): Promise<T[]> {
  for (const p of params)
    if (p !== null && typeof p === 'object' && !(p instanceof Date))
      throw new Error('queryPrepared takes scalar parameters only (a list: pass a PostgreSQL array literal)')
  if (!config.DB_PREPARED_STATEMENTS || em.isInTransaction()) return em.execute<T[]>(sql, params as unknown[])
  // This ORM's own pg pool (instrumented when it was created): never another ORM's of the process.
  const pool = (await em.getConnection().getNativeClient()) as unknown as PreparedPool<T>
  let stmt = names.get(sql)
  if (!stmt) {
    const { text, count } = numberPlaceholders(sql)
    stmt = { name: `s_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`, text, count }
    if (names.size < 1000) names.set(sql, stmt)
  }
  if (stmt.count !== params.length) throw new Error(`queryPrepared: ${stmt.count} placeholders, ${params.length} parameters`)
  const client = await pool.connect()
  try {
    return (await client.query({ name: stmt.name, text: stmt.text, values: params })).rows
  } finally {
    // A connection cut by a time limit was already handed back (and discarded) by the instrumentation.
    client.release()
  }
}
