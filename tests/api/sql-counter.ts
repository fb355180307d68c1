/**
 * Counts the SQL statements the app sends to PostgreSQL (through `pg`, which MikroORM uses
 * underneath), leaving out the job queue's own connections.
 */
import pg from 'pg'

let count = 0
let active = false
const original = pg.Client.prototype.query

;(pg.Client.prototype as any).query = function (this: any, ...args: any[]) {
  if (active && this.connectionParameters?.application_name !== 'summit-jobs') count++
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
