/**
 * Several app servers as separate processes on one PostgreSQL, one S3-compatible store (s3rver
 * on loopback) and one Stripe-compatible server, for tests/api/scale-out.test.ts.
 *
 * - `startCluster()` creates a fresh database on the test process's PostgreSQL, starts the
 *   object store and the payment server (behind a small proxy that can hold a refund's answer,
 *   to stop a job mid-way), then starts the servers at the same moment (they migrate together).
 * - Each server's log lines are kept (LOG_LEVEL=debug): `jobStarts()` reads which server
 *   started which pg-boss job.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import S3rver from 's3rver'
import Stripe from 'stripe'
import { freePort } from '../../src/platform/db/database'
import {
  LOCAL_CONNECT_WEBHOOK_SECRET,
  LOCAL_PUBLISHABLE_KEY,
  LOCAL_SECRET_KEY,
  LOCAL_WEBHOOK_SECRET,
  type StripeLocal,
  startStripeLocal,
} from '../../tools/stripe-local/server'

const ROOT = resolve(import.meta.dir, '../..')
export const BUCKET = 'summit-scale'
export const S3_KEY = 'S3RVER'

export interface Server {
  name: string
  url: string
  port: number
  proc: ReturnType<typeof Bun.spawn>
  lines: string[]
  exited: boolean
}

/** A held answer of the payment server: `reached` when a call came in, `release()` lets it go. */
export interface Hold {
  reached: Promise<void>
  release(): void
}

export class Cluster {
  servers: Server[] = []
  /** Every server started, killed ones too. */
  allServers: Server[] = []
  base = mkdtempSync(join(process.env.SUMMIT_TMP ?? '/tmp', 'summit-scale-'))
  databaseUrl = ''
  adminUrl = ''
  dbName = `scale_${process.pid}_${Date.now()}`
  s3!: S3rver
  s3Url = ''
  stripe!: StripeLocal
  proxy!: ReturnType<typeof Bun.serve>
  private holds: { method: string; path: string; skip: number; hold: Hold & { resolveReached(): void; released: Promise<void> } }[] = []
  env: Record<string, string> = {}

  get outbox() {
    return join(this.base, 'outbox')
  }

  /** After `skip` calls of `method path` pass, the next one is done by the payment server but its answer waits for `release()`. */
  holdNext(method: string, path: string, skip = 0): Hold {
    let resolveReached!: () => void
    let release!: () => void
    const reached = new Promise<void>((r) => (resolveReached = r))
    const released = new Promise<void>((r) => (release = r))
    const hold = { reached, release, released, resolveReached }
    this.holds.push({ method, path, skip, hold })
    return hold
  }

  async start(names: string[], opts: { env?: Record<string, string> } = {}) {
    // A database of its own on the test process's PostgreSQL: empty, so both servers migrate it.
    const { app } = await import('../client')
    this.adminUrl = app().databaseUrl
    const admin = new Bun.SQL(this.adminUrl, { max: 1 })
    await admin.unsafe(`create database ${this.dbName}`)
    await admin.close()
    this.databaseUrl = this.adminUrl.replace(/\/[^/]+$/, `/${this.dbName}`)

    this.s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: join(this.base, 's3'), configureBuckets: [{ name: BUCKET }] } as never)
    const s3 = (await this.s3.run()) as unknown as { port: number }
    this.s3Url = `http://127.0.0.1:${s3.port}`

    this.stripe = await startStripeLocal({ port: 0, webhookUrl: 'http://127.0.0.1:9/unset', webhookSecret: LOCAL_WEBHOOK_SECRET, retryDelaysMs: [50, 200] })
    this.proxy = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      development: false,
      fetch: async (req) => {
        const url = new URL(req.url)
        const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await req.arrayBuffer()
        const upstream = await fetch(this.stripe.url + url.pathname + url.search, { method: req.method, headers: req.headers, body })
        const bytes = await upstream.arrayBuffer()
        const i = this.holds.findIndex((h) => h.method === req.method && h.path === url.pathname)
        if (i >= 0 && this.holds[i]!.skip > 0) this.holds[i]!.skip--
        else if (i >= 0) {
          const [{ hold }] = this.holds.splice(i, 1)
          hold.resolveReached()
          await hold.released
        }
        const headers = new Headers(upstream.headers)
        headers.delete('content-length')
        headers.delete('content-encoding')
        return new Response(bytes, { status: upstream.status, headers })
      },
    })

    const ports = await Promise.all(names.map(() => freePort()))
    this.env = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/root',
      NODE_ENV: 'test',
      LOG_LEVEL: 'debug',
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${ports[0]}`,
      DATABASE_URL: this.databaseUrl,
      SEED_DEMO: 'false',
      SESSION_SECRET: 'scale-secret-scale-secret-scale-secret-01',
      OUTBOX_DIR: this.outbox,
      STORAGE_DIR: join(this.base, 'unused-local-storage'),
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: this.s3Url,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3_KEY,
      S3_SECRET_ACCESS_KEY: S3_KEY,
      STRIPE_API_URL: `http://127.0.0.1:${this.proxy.port}`,
      STRIPE_LOCAL_PORT: '0',
      OTP_MAX_PER_EMAIL: '5',
      OTP_MAX_PER_IP: '1000',
      JOB_HEARTBEAT_SECONDS: '10',
      // A job waiting on a row the test holds must wait, not give up.
      DB_LOCK_TIMEOUT_MS: '60000',
      SHUTDOWN_TIMEOUT_SECONDS: '2',
      ...opts.env,
    }
    // Webhooks go to the first server (a load balancer would pick any): the platform's events,
    // and the Connect endpoint's (events of coaches' connected accounts: onboarding finished).
    this.stripe.webhooks.endpoints[0].url = `${this.env.APP_URL}/v1/payments/webhook`
    this.stripe.webhooks.addEndpoint(`${this.env.APP_URL}/v1/payouts/webhook`, LOCAL_CONNECT_WEBHOOK_SECRET, ['*'], true)
    // Started at the same moment: both run the migrations of an empty database.
    for (const [i, name] of names.entries()) this.spawn(name, ports[i]!)
    await Promise.all(this.servers.map((s) => this.waitUp(s)))
  }

  /** Webhooks go to this server from now on (as a load balancer sends them to a live one). */
  webhooksTo(s: Server) {
    for (const e of this.stripe.webhooks.endpoints) e.url = `${s.url}${new URL(e.url).pathname}`
  }

  spawn(name: string, port: number) {
    const proc = Bun.spawn([process.execPath, 'run', 'src/server.ts'], {
      cwd: ROOT,
      env: { ...this.env, PORT: String(port) },
      stdout: 'pipe',
      stderr: 'pipe',
    })
    const server: Server = { name, url: `http://127.0.0.1:${port}`, port, proc, lines: [], exited: false }
    const pump = async (s: ReadableStream<Uint8Array>) => {
      let rest = ''
      const dec = new TextDecoder()
      for await (const chunk of s as unknown as AsyncIterable<Uint8Array>) {
        rest += dec.decode(chunk)
        const parts = rest.split('\n')
        rest = parts.pop() ?? ''
        server.lines.push(...parts)
      }
    }
    void pump(proc.stdout as ReadableStream<Uint8Array>)
    void pump(proc.stderr as ReadableStream<Uint8Array>)
    void proc.exited.then(() => (server.exited = true))
    this.servers.push(server)
    this.allServers.push(server)
    return server
  }

  async waitUp(s: Server, ms = 90_000) {
    const ok = await waitFor(async () => {
      if (s.exited) throw new Error(`${s.name} exited:\n${s.lines.slice(-30).join('\n')}`)
      return (await fetch(`${s.url}/health`, { signal: AbortSignal.timeout(2000) })).status === 200
    }, ms)
    if (!ok) throw new Error(`${s.name} did not start:\n${s.lines.slice(-30).join('\n')}`)
  }

  /** SIGKILL: no shutdown, the job in its hands is left as it was. */
  async kill(s: Server) {
    s.proc.kill('SIGKILL')
    await s.proc.exited
    this.servers = this.servers.filter((x) => x !== s)
  }

  /** Log entries (JSON lines) of a server. */
  entries(s: Server): Record<string, any>[] {
    return s.lines.flatMap((l) => {
      if (!l.startsWith('{')) return []
      try {
        return [JSON.parse(l)]
      } catch {
        return []
      }
    })
  }

  /** Which server started which job of `queue`: jobId -> server names (one per start). */
  jobStarts(queue: string, among: Server[]): Map<string, string[]> {
    const out = new Map<string, string[]>()
    for (const s of among)
      for (const e of this.entries(s)) if (e.msg === 'job started' && e.job === queue) out.set(e.jobId, [...(out.get(e.jobId) ?? []), s.name])
    return out
  }

  /** The newest mail to `email` in the shared outbox, waiting for one newer than `after` (mail is sent after the answer). */
  async mailAfter(email: string, after: number): Promise<{ text: string; subject: string; sentAt: string }> {
    let found: { text: string; subject: string; sentAt: string } | null = null
    await waitFor(
      () => {
        const m = this.lastMail(email)
        if (m && Date.parse(m.sentAt) >= after) found = m
        return found !== null
      },
      10_000,
      50,
    )
    if (!found) throw new Error(`no mail to ${email}`)
    return found
  }

  /** The newest mail to `email` in the shared outbox. */
  lastMail(email: string): { text: string; subject: string; sentAt: string } | null {
    const files = (() => {
      try {
        return readdirSync(this.outbox).sort().reverse()
      } catch {
        return []
      }
    })()
    for (const f of files) {
      const m = JSON.parse(readFileSync(join(this.outbox, f), 'utf8'))
      if (m.to.toLowerCase() === email.toLowerCase()) return m
    }
    return null
  }

  stripeBrowser() {
    return new Stripe(LOCAL_PUBLISHABLE_KEY, { host: '127.0.0.1', port: this.stripe.port, protocol: 'http', maxNetworkRetries: 0 })
  }
  stripeAdmin() {
    return new Stripe(LOCAL_SECRET_KEY, { host: '127.0.0.1', port: this.stripe.port, protocol: 'http', maxNetworkRetries: 0 })
  }

  async stop() {
    // SCALE_LOGS=<dir>: keep every server's log lines there (for a failing run).
    if (process.env.SCALE_LOGS) {
      const { mkdirSync, writeFileSync } = await import('node:fs')
      mkdirSync(process.env.SCALE_LOGS, { recursive: true })
      for (const s of this.allServers) writeFileSync(join(process.env.SCALE_LOGS, `${s.name}.log`), s.lines.join('\n'))
    }
    for (const h of this.holds) h.hold.release()
    await Promise.all(
      this.servers.map(async (s) => {
        s.proc.kill('SIGKILL')
        await s.proc.exited
      }),
    )
    this.servers = []
    this.proxy?.stop(true)
    await this.stripe?.stop()
    await this.s3?.close().catch(() => {})
    if (this.adminUrl) {
      const admin = new Bun.SQL(this.adminUrl, { max: 1 })
      await admin.unsafe(`drop database if exists ${this.dbName} with (force)`).catch(() => {})
      await admin.close()
    }
    rmSync(this.base, { recursive: true, force: true })
  }
}

export async function waitFor(check: () => Promise<boolean> | boolean, ms: number, everyMs = 200) {
  const until = Date.now() + ms
  while (Date.now() < until) {
    try {
      if (await check()) return true
    } catch (err) {
      if (err instanceof Error && / exited:/.test(err.message)) throw err
    }
    await Bun.sleep(everyMs)
  }
  return false
}

/** A small cookie-keeping HTTP client whose requests go to any server of the cluster. */
export class Visitor {
  cookies = new Map<string, string>()
  bearer?: string
  team?: string

  async request(base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const h: Record<string, string> = { accept: 'application/json', ...headers }
    if (this.bearer) h.authorization = `Bearer ${this.bearer}`
    if (this.team) h['x-team'] = this.team
    if (this.cookies.size) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    let payload: BodyInit | undefined
    if (body instanceof FormData) payload = body
    else if (body !== undefined) {
      payload = JSON.stringify(body)
      h['content-type'] = 'application/json'
    }
    const res = await fetch(base + path, { method, headers: h, body: payload, redirect: 'manual', signal: AbortSignal.timeout(30_000) })
    for (const c of res.headers.getSetCookie()) {
      const [pair, ...attrs] = c.split(';')
      const i = pair.indexOf('=')
      const name = pair.slice(0, i).trim()
      const value = pair.slice(i + 1).trim()
      if (value === '' || attrs.some((a) => /max-age=0/i.test(a.trim()))) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    const text = await res.text()
    const parsed = res.headers.get('content-type')?.includes('json') && text ? JSON.parse(text) : text
    return { status: res.status, body: parsed as any, headers: res.headers }
  }

  xsrf() {
    const t = this.cookies.get('XSRF-TOKEN')
    return t ? { 'x-xsrf-token': decodeURIComponent(t) } : ({} as Record<string, string>)
  }
}
