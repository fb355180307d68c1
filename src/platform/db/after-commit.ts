/**
 * Side effects after COMMIT. Code that runs inside a transaction (possibly one its caller
 * opened) registers mail, job enqueues and provider calls with `afterCommit`; they run once the
 * outermost `transaction()` has committed, and are dropped if it rolls back. Outside any
 * transaction they run at once. Effects never run on the transaction's connection and never
 * make it wait: a transaction holds row locks, so it must not await a second pool connection,
 * an HTTP call or a mail server.
 *
 *   await transaction(em, async (tem) => { ...; afterCommit(tem, () => mailSomething()) })
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import type { EventSubscriber, TransactionEventArgs } from '@mikro-orm/core'
import type { EntityManager } from '@mikro-orm/postgresql'
import { log } from '../log'
import { detachedFromRequest } from './deadline'

type Effect = () => unknown
interface Scope {
  effects: Effect[]
}

const scopes = new AsyncLocalStorage<Scope>()

/*
 * Transactions opened without transaction() (a plain em.transactional of a caller): effects
 * registered inside them wait for the COMMIT of the outermost one, found through the ORM's
 * transaction events (a savepoint remembers its parent).
 */
const parentOf = new WeakMap<object, object>()
const openingFrom = new WeakMap<object, object>()
const deferred = new WeakMap<object, Effect[]>()

const rootOf = (ctx: object) => {
  let c = ctx
  for (let p = parentOf.get(c); p; p = parentOf.get(c)) c = p
  return c
}

function deferToCommit(em: EntityManager, effects: Effect[]) {
  const ctx = em.getTransactionContext() as object | undefined
  if (!ctx) {
    for (const fn of effects) void runEffect(fn)
    return
  }
  const root = rootOf(ctx)
  const list = deferred.get(root) ?? []
  list.push(...effects)
  deferred.set(root, list)
}

/** Registered with the ORM (orm.ts): runs deferred effects after the outermost COMMIT. */
export const afterCommitSubscriber: EventSubscriber = {
  beforeTransactionStart(args: TransactionEventArgs) {
    if (args.transaction) openingFrom.set(args.em, args.transaction)
  },
  afterTransactionStart(args: TransactionEventArgs) {
    const parent = openingFrom.get(args.em)
    if (parent && args.transaction?.savepointName) parentOf.set(args.transaction, parent)
    openingFrom.delete(args.em)
  },
  afterTransactionCommit(args: TransactionEventArgs) {
    const t = args.transaction
    if (!t || t.savepointName) return
    const list = deferred.get(t)
    if (!list) return
    deferred.delete(t)
    for (const fn of list) void runEffect(fn)
  },
  afterTransactionRollback(args: TransactionEventArgs) {
    if (args.transaction && !args.transaction.savepointName) deferred.delete(args.transaction)
  },
}

/**
 * Runs one effect; a failing effect is logged, never thrown (the transaction is committed). Its
 * database work has a time limit of its own, not ended by the request's client leaving.
 */
async function runEffect(fn: Effect) {
  try {
    await detachedFromRequest(fn)
  } catch (err) {
    log.error({ err }, 'after-commit effect failed')
  }
}

/**
 * A transaction whose `afterCommit` effects (from any depth) run after it commits. Called
 * inside another `transaction()` it joins that one (a savepoint) and its effects wait for the
 * outer commit.
 */
export async function transaction<T>(em: EntityManager, cb: (tem: EntityManager) => Promise<T>): Promise<T> {
  const outer = scopes.getStore()
  if (outer && em.isInTransaction()) return em.transactional((tem) => cb(tem as EntityManager))
  const scope: Scope = { effects: [] }
  const result = await scopes.run(scope, () => em.transactional((tem) => cb(tem as EntityManager)))
  if (em.isInTransaction()) {
    // Inside a caller's own em.transactional: only its COMMIT makes the change real.
    deferToCommit(em, scope.effects)
    return result
  }
  // No lock is held any more; a failing effect never fails the committed change.
  for (const fn of scope.effects) await runEffect(fn)
  return result
}

/**
 * Runs `fn` after the surrounding transaction commits, or now when there is none (the answer
 * then resolves when it has run; it never rejects).
 */
export function afterCommit(em: EntityManager, fn: Effect): Promise<void> {
  const scope = scopes.getStore()
  if (scope && em.isInTransaction()) {
    scope.effects.push(fn)
    return Promise.resolve()
  }
  if (em.isInTransaction()) {
    // A transaction opened without transaction(): wait for its commit through the ORM's event.
    deferToCommit(em, [fn])
    return Promise.resolve()
  }
  return runEffect(fn)
}

/**
 * Locks one row of `table` by id (`FOR UPDATE` on that row only: no joined rows, no filters).
 * Answers whether the row exists. Lock order everywhere: booking row, then the schedule's seat
 * counter (guarded UPDATE), then the voucher, then the tenant's invoice counter.
 */
export async function lockRow(tem: EntityManager, table: 'bookings' | 'booking_seats' | 'vouchers' | 'workshop_schedules', id: string): Promise<boolean> {
  const rows = await tem.execute(`select id from ${table} where id = ? for update`, [id])
  return rows.length > 0
}
