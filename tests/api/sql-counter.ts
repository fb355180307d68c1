/**
 * Counts the SQL statements the app sends to PostgreSQL (through `pg`, which MikroORM uses
 * underneath), leaving out the job queue's own connections and the statements of job handlers.
 */
// @ts-expect-error: pg ships no type declarations here; only Client.prototype.query is wrapped
import pg from 'pg'

import { runningJob } from '../../src/platform/jobs'

let count = 0
let active = false
const original = pg.Client.prototype.query

;(pg.Client.prototype as any).query = function (this: any, ...args: any[]) {
  // A job's handler (a sweep on its schedule) shares the app's pool: its statements are not the request's.
  if (active && this.connectionParameters?.application_name !== 'summit-jobs' && !runningJob()) count++
  return (original as any).apply(this, args)
}

/** Runs `fn` and answers how many statements were sent while it ran. */
export async function countStatements<T>(fn: () => Promise<T>): Promise<{ result: T; statements: number }> {
  count = 0
  active = true
  try {
    const result = await fn()
    return { result, statements: count }
  } finally {
    active = false
  }
}

/**
 * The fewest statements `fn` needed over a few runs: background jobs (hold sweeps and the like)
 * share the app's connections and may add a statement to one run, never to all of them.
 */
export async function minStatements<T>(fn: () => Promise<T>, runs = 3): Promise<{ result: T; statements: number }> {
  let best: { result: T; statements: number } | null = null
  for (let i = 0; i < runs; i++) {
    const r = await countStatements(fn)
    if (!best || r.statements < best.statements) best = r
  }
  return best!
}

/** Runs `fn` with the kept pages off (src/pages/page-memo.ts): the statements of a render are counted, not of a kept page. */
export async function withoutKeptPages<T>(fn: () => Promise<T>): Promise<T> {
  const { keptPages } = await import('../../src/pages/page-memo')
  const ttl = keptPages.ttlMs
  keptPages.ttlMs = 0
  try {
    return await fn()
  } finally {
    keptPages.ttlMs = ttl
  }
}
