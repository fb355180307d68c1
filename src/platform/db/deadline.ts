/**
 * The app's own time limits on every database wait. PostgreSQL's `statement_timeout` and
 * `lock_timeout` only help while PostgreSQL answers: a database that accepts connections and
 * then answers nothing (a frozen host, a stalled disk, a network that drops packets) would
 * hold a request, its pooled connection and its open transaction for as long as it hangs.
 *
 * So the pool is instrumented (`instrumentPool`, wired through MikroORM's
 * `driverOptions.onPoolCreated`):
 *
 * - **acquiring** a connection waits at most `DB_ACQUIRE_TIMEOUT_MS` (the pool's own
 *   `connectionTimeoutMillis`) and never past the request's deadline;
 * - **each query** waits at most `DB_QUERY_TIMEOUT_MS`, and never past the request's deadline;
 * - **a request's database work** (`withDbDeadline`, opened by the fetch handler) ends
 *   `DB_REQUEST_TIMEOUT_MS` after its first database wait, or as soon as its client goes away;
 * - **a database that does not answer at all** is told from a busy one by a probe: when a query
 *   or an acquire has waited half a second (and each half second more), a `select 1` runs on a connection of the watchdog's own
 *   (never queued behind the pool). If that gets no answer within `DB_HANG_TIMEOUT_MS`, the
 *   database counts as hung and every wait older than half a second is cut at once (503), so every
 *   route answers within about two and a half seconds. A lock wait or a slow plan on a database that
 *   answers the probe goes on (PostgreSQL's own limits and the ones above bound it): under load
 *   nothing is cut that would have succeeded.
 *
 * A wait that runs out of time does not just stop being waited for: its connection's socket is
 * destroyed. pg then fails every query of that connection at once, the pool discards it (a
 * connection that is not queryable is never reused), and PostgreSQL, once it reads again, sees
 * the connection gone before any COMMIT and rolls the transaction back. Cancelling instead
 * (`pg_cancel_backend`, Kysely's `'cancel query'`/`'kill session'` abort strategies, which
 * MikroORM exposes as `em.fork({ signal })`) needs a second connection that a hung database does
 * not answer either, and the aborted connection would go back to the pool only after its query
 * settles, still inside its transaction (MikroORM waits for it before it can roll back). pg's own
 * `query_timeout` has the same flaw: it rejects the promise but leaves the query running on a
 * connection that returns to the pool.
 *
 * The one thing no client can know is whether a COMMIT already on its way was applied: a request
 * cut while waiting for the answer to COMMIT answers 503, and the change may or may not be there.
 */
import { AsyncLocalStorage } from 'node:async_hooks'

/** Thrown into the queries of a connection cut by a time limit (the API answers 503). */
export class DatabaseTimeoutError extends Error {
  readonly code = 'DB_TIMEOUT'
  constructor(message: string) {
    super(message)
    this.name = 'DatabaseTimeoutError'
  }
}

/** Thrown into the database work of a request whose client went away (nobody reads the answer). */
export class ClientGoneError extends Error {
  readonly code = 'CLIENT_GONE'
  constructor() {
    super('The client went away: its database work was rolled back.')
    this.name = 'ClientGoneError'
  }
}

/** What the instrumentation needs of a pg client (pg ships no types here). */
interface PgClient {
  query: (...args: any[]) => any
  release: (err?: unknown) => void
  connection?: { stream?: { destroy(err?: Error): void } }
  __summitQuery?: boolean
}
interface PgPool {
  connect: (cb?: (...args: any[]) => void) => any
  on(event: 'connect', fn: (client: PgClient) => void): unknown
}

interface Scope {
  /** ms since the epoch; set at the scope's first database wait when `startOnFirstUse`. */
  deadline: number
  timeoutMs: number
  startOnFirstUse: boolean
  /** Connections this scope holds right now. */
  held: Set<PgClient>
  /** Set once the scope's time is up or its client left: no more database work. */
  ended: Error | null
  /** Acquires waiting for a connection, failed at once when the scope ends. */
  waiting: Set<(reason: Error) => void>
}

const scopes = new AsyncLocalStorage<Scope | null>()

export interface Limits {
  /** Longest wait for one query's answer (0 = none). Acquiring is bounded by the pool's own `connectionTimeoutMillis`. */
  queryMs: number
  /** How long the watchdog's `select 1` may take before the database counts as hung (0 = no watchdog). */
  hangMs: number
}
let limits: Limits = { queryMs: 0, hangMs: 0 }
/** A wait this long makes the watchdog check that the database answers at all. */
export const STALL_MS = 500

/** Sets the pool-wide limits (the ORM setup does, from the configuration). */
export function setDatabaseLimits(l: Partial<Limits>) {
  limits = { ...limits, ...l }
}

/**
 * Runs `fn` with a time limit on all of its database work: `timeoutMs` from the first database
 * wait (or from now with `startNow`), and none after `signal` aborts (the request's client went
 * away). When either happens, every connection the work holds is destroyed (its transaction rolls
 * back) and its queries and later acquires fail at once.
 */
export function withDbDeadline<T>(opts: { timeoutMs: number; signal?: AbortSignal | null; startNow?: boolean }, fn: () => T): T {
  if (!(opts.timeoutMs > 0)) return scopes.run(null, fn)
  const scope: Scope = {
    deadline: opts.startNow ? Date.now() + opts.timeoutMs : Number.POSITIVE_INFINITY,
    timeoutMs: opts.timeoutMs,
    startOnFirstUse: !opts.startNow,
    held: new Set(),
    ended: null,
    waiting: new Set(),
  }
  const signal = opts.signal
  if (signal) {
    const onAbort = () => endScope(scope, new ClientGoneError())
    if (signal.aborted) onAbort()
    else signal.addEventListener('abort', onAbort, { once: true })
  }
  return scopes.run(scope, fn)
}

/**
 * Runs `fn` apart from the surrounding request's database work: a time limit of its own (as
 * long as the request's, counted from its first wait) that the request's client leaving does not
 * end. For what a committed change still owes (after-commit effects: an invoice, a job, a mail):
 * the COMMIT is done, so a client hanging up now must not cut it half-way.
 */
export function detachedFromRequest<T>(fn: () => T): T {
  const current = scopes.getStore()
  if (!current) return fn()
  return withDbDeadline({ timeoutMs: current.timeoutMs }, fn)
}

const timeoutError = (scope: Scope) => new DatabaseTimeoutError(`The database did not answer within ${scope.timeoutMs} ms.`)

function endScope(scope: Scope, reason: Error) {
  if (scope.ended) return
  scope.ended = reason
  for (const client of scope.held) destroy(client, reason)
  scope.held.clear()
  for (const fail of scope.waiting) fail(reason)
  scope.waiting.clear()
}

/** Closes the connection's socket: pg fails its queries with `reason` and the pool discards it. */
function destroy(client: PgClient, reason: Error) {
  try {
    client.connection?.stream?.destroy(reason)
  } catch {}
}

/** Milliseconds left to `scope` (starting its clock at the first use). */
function remaining(scope: Scope) {
  if (scope.startOnFirstUse && scope.deadline === Number.POSITIVE_INFINITY) scope.deadline = Date.now() + scope.timeoutMs
  return scope.deadline - Date.now()
}

/** A wait in progress: a query on a connection, or an acquire; `cut` ends it at once. */
interface Wait {
  since: number
  cut(reason: Error): void
}
/**
 * Starts tracking a wait. Every half second it lasts, the watchdog checks that the database answers
 * at all (a check that began before the database stopped answering may still succeed, so one
 * check per wait is not enough). Checks are shared: one runs at a time however many waits ask.
 */
function track(dog: Watchdog | null, cut: (reason: Error) => void): () => void {
  if (!dog || !(limits.hangMs > 0)) return () => {}
  const waits = dog.waits
  const wait: Wait = { since: Date.now(), cut }
  waits.add(wait)
  let stall: ReturnType<typeof setTimeout> | undefined
  const arm = () => {
    stall = setTimeout(async () => {
      if (!waits.has(wait)) return
      const answered = await dog.check()
      if (answered && waits.has(wait)) arm()
    }, STALL_MS)
  }
  arm()
  return () => {
    waits.delete(wait)
    clearTimeout(stall)
  }
}

const hungError = (ms: number) => new DatabaseTimeoutError(`The database did not answer a check within ${ms} ms: it counts as hung.`)

/**
 * Checks that the database answers at all: one `select 1` on a connection of its own (never
 * behind the pool's queue, never inside a transaction). One probe at a time.
 */
class Watchdog {
  /** The waits on this pool's database in progress. */
  readonly waits = new Set<Wait>()
  private client: any = null
  private probing: Promise<boolean> | null = null
  private stopped = false
  constructor(private readonly connect: () => any) {}

  check(): Promise<boolean> {
    if (this.stopped) return Promise.resolve(true)
    this.probing ??= this.probe().finally(() => (this.probing = null))
    return this.probing
  }

  private async probe(): Promise<boolean> {
    const ms = limits.hangMs
    let timer: ReturnType<typeof setTimeout> | undefined
    try {
      await Promise.race([
        (async () => {
          // A connection of an earlier check may have died since (a restarted database): that
          // says nothing about the database now, so it is asked again on a new connection.
          const reused = this.client !== null
          try {
            await (await this.connection()).query('select 1')
          } catch (err) {
            if (!reused) throw err
            this.drop()
            await (await this.connection()).query('select 1')
          }
        })(),
        new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('no answer')), ms))),
      ])
      return true
    } catch {
      this.drop()
      if (!this.stopped) this.cutStalled(hungError(ms))
      return false
    } finally {
      clearTimeout(timer)
    }
  }

  private async connection() {
    if (this.client) return this.client
    const c = this.connect()
    c.on('error', () => {})
    // A connection that ends (the database restarted, a proxy closed it) is not asked again.
    c.on('end', () => {
      if (this.client === c) this.client = null
    })
    this.client = c
    await c.connect()
    return c
  }

  /** The database did not answer: every wait older than STALL_MS is cut. */
  private cutStalled(reason: Error) {
    const before = Date.now() - STALL_MS
    for (const wait of [...this.waits]) if (wait.since <= before) wait.cut(reason)
  }

  private drop() {
    const c = this.client
    this.client = null
    try {
      c?.connection?.stream?.destroy()
    } catch {}
  }

  stop() {
    this.stopped = true
    const c = this.client
    this.client = null
    c?.end().catch(() => {})
  }
}
/**
 * Instruments a pg pool: bounded acquires, bounded queries, connections tied to their request,
 * and the watchdog. A checked-out connection whose socket dies (cut here, or dropped by the
 * server) goes back to the pool at once and is discarded there: Kysely never releases a
 * connection whose BEGIN, COMMIT or ROLLBACK failed, so without this each one would stay checked
 * out for good and the pool would shrink with every outage.
 */
export function instrumentPool(pool: PgPool & { options?: Record<string, unknown>; Client?: new (o: object) => unknown; end?: () => Promise<void> }) {
  // Each pool has a watchdog of its own: it asks that pool's database only.
  let dog: Watchdog | null = null
  if (pool.Client && pool.options) {
    const { Client, options } = pool
    // pg-pool keeps the password as a non-enumerable property: a spread would lose it.
    const watchdog = new Watchdog(
      () => new Client({ ...options, password: options.password, application_name: 'summit-watchdog', connectionTimeoutMillis: limits.hangMs || undefined }),
    )
    dog = watchdog
    const end = pool.end?.bind(pool)
    if (end)
      pool.end = () => {
        watchdog.stop()
        return end()
      }
  }
  pool.on('connect', (client) => {
    wrapQuery(client, dog)
    coalesceCorkedWrites(client)
    const discard = (err?: unknown) => checkoutOf(client)?.release(err instanceof Error ? err : new Error('The database connection ended.'))
    ;(client as any).on('error', discard)
    ;(client as any).on('end', discard)
  })
  const connect = pool.connect.bind(pool)
  pool.connect = ((cb?: (...args: any[]) => void) => {
    if (typeof cb === 'function') return connect(cb)
    return acquire(connect, dog)
  }) as PgPool['connect']
}

/**
 * pg corks the socket around the messages of an extended-protocol query (parse, bind, describe,
 * execute, sync: a prepared statement, prepared.ts) so they leave as one packet; Bun's socket
 * writes each buffered chunk on its own when uncorked (one system call per message). Here the
 * chunks written while corked are joined and written once.
 */
function coalesceCorkedWrites(client: PgClient) {
  const stream = (client as { connection?: { stream?: any } }).connection?.stream
  if (!stream || stream.__summitCork || typeof stream.write !== 'function') return
  stream.__summitCork = true
  const write = stream.write.bind(stream)
  let corked: Uint8Array[] | null = null
  stream.cork = () => {
    corked ??= []
  }
  stream.uncork = () => {
    const chunks = corked
    corked = null
    if (chunks?.length) write(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks))
  }
  stream.write = (chunk: Uint8Array, ...rest: unknown[]) => {
    if (corked) {
      corked.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)
      return true
    }
    return write(chunk, ...rest)
  }
}

/** One checkout of a connection: who holds it, and its release (once). */
interface Checkout {
  scope: Scope | null
  release(err?: unknown): void
}
const checkouts = new WeakMap<PgClient, Checkout>()
const checkoutOf = (client: PgClient) => checkouts.get(client)

/** Records a checkout; the pool's release runs once, whoever calls it first (the ORM, or a dead socket). */
function checkOut(client: PgClient, scope: Scope | null): PgClient {
  const poolRelease = client.release
  const checkout: Checkout = {
    scope,
    release(err?: unknown) {
      if (checkouts.get(client) !== checkout) return
      checkouts.delete(client)
      scope?.held.delete(client)
      poolRelease.call(client, err)
    },
  }
  checkouts.set(client, checkout)
  scope?.held.add(client)
  client.release = checkout.release
  return client
}

async function acquire(connect: () => Promise<PgClient>, dog: Watchdog | null): Promise<PgClient> {
  const scope = scopes.getStore() ?? null
  if (scope?.ended) throw scope.ended
  const left = scope ? remaining(scope) : Number.POSITIVE_INFINITY
  if (scope && left <= 0) {
    endScope(scope, timeoutError(scope))
    throw scope.ended
  }
  let abandoned = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let fail: ((reason: Error) => void) | undefined
  let untrack: (() => void) | undefined
  const pending = connect()
  // A connection that arrives after its request gave up goes straight back to the pool.
  pending.then(
    (c) => {
      if (abandoned) c.release()
    },
    () => {},
  )
  let client: PgClient
  try {
    client = await Promise.race([
      pending,
      new Promise<never>((_, reject) => {
        fail = (reason) => {
          abandoned = true
          reject(reason)
        }
        // The watchdog found the database hung: this wait ends now (and its request's work with it).
        untrack = track(dog, (reason) => {
          if (scope) endScope(scope, reason)
          else fail?.(reason)
        })
        if (scope) {
          scope.waiting.add(fail)
          timer = setTimeout(() => endScope(scope, timeoutError(scope)), left)
        }
      }),
    ])
  } finally {
    clearTimeout(timer)
    untrack?.()
    if (fail) scope?.waiting.delete(fail)
  }
  return checkOut(client, scope)
}

/** Bounds every promise-style query of `client` by the query limit, its request's deadline and the watchdog. */
function wrapQuery(client: PgClient, dog: Watchdog | null) {
  if (client.__summitQuery) return
  client.__summitQuery = true
  // The prototype's query at call time: anything that wraps pg's Client.prototype.query later
  // (the tests' statement counter) still sees every query.
  const proto = Object.getPrototypeOf(client) as PgClient
  client.query = function (this: PgClient, ...args: any[]) {
    const live = checkoutOf(client)?.scope ?? null
    let ms = limits.queryMs > 0 ? limits.queryMs : Number.POSITIVE_INFINITY
    if (live) ms = Math.min(ms, remaining(live))
    const result = proto.query.apply(this, args)
    // Only promise-style queries (the ORM's); cursors and callbacks keep pg's own handling.
    if (!result || typeof result.then !== 'function' || typeof args[args.length - 1] === 'function') return result
    const cut = (reason: Error) => {
      if (live) endScope(live, reason)
      destroy(client, reason)
    }
    const untrack = track(dog, cut)
    const timer = Number.isFinite(ms)
      ? setTimeout(
          () => cut(live ? timeoutError(live) : new DatabaseTimeoutError(`The database did not answer a query within ${limits.queryMs} ms.`)),
          Math.max(0, ms),
        )
      : undefined
    const settle = () => {
      clearTimeout(timer)
      untrack()
    }
    result.then(settle, settle)
    return result
  }
}
