/**
 * Generations: PostgreSQL sequences that statement triggers move on whenever a table they
 * watch is written, whichever server or script writes it (migrations listing_generation and
 * page_generation). An app server keeps answers tagged with the generation they were loaded at
 * and serves one again only while the sequence has not moved: one tiny read instead of the
 * answer's statements, and a change made through any server shows on every server at once.
 * A sequence is never rolled back and takes no lock: writers never wait on each other for it.
 *
 * The read always starts after the caller asked, so a change whose write was answered before
 * (through this server or another) is seen: callers that come while a read is under way share
 * the next one (at most one read in flight and one waiting per sequence and server), so under
 * load a server reads a sequence once for many requests. The read runs in a database time
 * scope of its own: one visitor going away never cuts the work others wait on.
 *
 * One case is bounded only by the memos' time limit: a load that read the sequence after a
 * write moved it but before that write committed (the microseconds between its statement and
 * its commit) keeps the old rows.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { config } from '../../config'
import { withDbDeadline } from './deadline'
import { queryPrepared } from './prepared'

/** Shared database work: its own time limit, not tied to the request that happened to start it. */
export const sharedDbWork = <T>(fn: () => Promise<T>) => withDbDeadline({ timeoutMs: config.DB_REQUEST_TIMEOUT_MS, startNow: true }, fn)

/** A reader of one generation sequence (its name is a constant of the code, never input). */
export function generationReader(sequence: 'listing_generation' | 'page_generation') {
  const sql = `select last_value::text as g from ${sequence}`
  let reading: Promise<number> | null = null
  let waiting: Promise<number> | null = null

  const startRead = (em: EntityManager) => {
    const p: Promise<number> = sharedDbWork(() => queryPrepared<{ g: string }>(em, sql, []))
      .then(([row]) => Number(row?.g ?? 0))
      .finally(() => {
        if (reading === p) reading = null
      })
    reading = p
    return p
  }

  /** The generation, read by a statement that starts after this call. */
  return (em: EntityManager): Promise<number> => {
    if (!reading) return startRead(em)
    if (!waiting) {
      const done = () => {
        if (waiting === p) waiting = null
      }
      // When the read under way fails (the database is down or hung: it was cut after its time),
      // its waiters fail with it rather than wait for a read of their own as long again.
      const p: Promise<number> = reading.then(
        () => {
          done()
          return startRead(em)
        },
        (err) => {
          done()
          throw err
        },
      )
      waiting = p
    }
    return waiting
  }
}
