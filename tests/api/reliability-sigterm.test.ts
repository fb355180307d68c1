/**
 * SIGTERM under load, ten times in a row, a fresh server each time (on one embedded PostgreSQL
 * folder, so only the first start initialises it): 30 requests are on the wire (each written to
 * its own connection, so the kernel holds them, accepted or still in the listen queue) when the
 * signal arrives. Every one gets its full answer (status line, headers, the whole body), none a
 * connection reset; then the process exits 0 and stops its PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { freePort } from '../../src/platform/db/database'
import { killCluster } from './pg-kill'
import { type ServerProcess, startServerProcess } from './server-process'

setDefaultTimeout(300_000)

const RUNS = 10
let base = ''
let pgPort = 0
let server: ServerProcess | null = null

beforeAll(async () => {
  base = mkdtempSync(join(process.env.SUMMIT_TMP ?? '/tmp', 'summit-sigterm-'))
  pgPort = await freePort()
})

afterAll(async () => {
  await server?.kill()
  const pidFile = join(base, 'pg', 'postmaster.pid')
  if (existsSync(pidFile))
    try {
      killCluster(Number(readFileSync(pidFile, 'utf8').split('\n')[0]))
    } catch {}
  rmSync(base, { recursive: true, force: true })
})

interface Answer {
  path: string
  /** Everything the server sent before closing the connection. */
  raw: string
  error: string | null
}

/**
 * One GET on a connection of its own, written at once; resolves with what came back once the
 * server closes the connection (`Connection: close`). `written` resolves when the request has
 * been handed to the kernel.
 */
function rawGet(port: number, path: string, accept: string) {
  let written!: () => void
  const sent = new Promise<void>((r) => (written = r))
  const done = new Promise<Answer>((resolve) => {
    const chunks: Uint8Array[] = []
    let error: string | null = null
    const finish = () => resolve({ path, raw: Buffer.concat(chunks).toString('latin1'), error })
    Bun.connect({
      hostname: '127.0.0.1',
      port,
      socket: {
        open(socket) {
          socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: ${accept}\r\nConnection: close\r\n\r\n`)
          socket.flush()
          written()
        },
        data(_socket, chunk) {
          chunks.push(new Uint8Array(chunk))
        },
        error(_socket, err) {
          error = (err as NodeJS.ErrnoException).code ?? String(err)
        },
        close() {
          finish()
        },
        connectError(_socket, err) {
          error = (err as NodeJS.ErrnoException).code ?? String(err)
          written()
          finish()
        },
      },
    }).catch((err) => {
      error = String(err?.code ?? err)
      written()
      finish()
    })
  })
  return { sent, done }
}

/** Why `a` is not a complete 200 answer, or null when it is one. */
function incomplete(a: Answer): string | null {
  if (a.error) return `${a.path}: ${a.error} after ${a.raw.length} bytes`
  const head = a.raw.indexOf('\r\n\r\n')
  if (head < 0) return `${a.path}: no complete head (${a.raw.length} bytes)`
  const status = a.raw.slice(0, a.raw.indexOf('\r\n'))
  // The health check answers 503 when its select 1 takes over 2 s (30 requests on 2 busy cores):
  // that is its answer, and it must arrive whole like every other.
  const expected = a.path === '/v1/health' ? /^HTTP\/1\.1 (200|503) / : /^HTTP\/1\.1 200 /
  if (!expected.test(status)) return `${a.path}: ${status}`
  const headers = a.raw.slice(0, head).toLowerCase()
  const body = a.raw.slice(head + 4)
  const length = /\r\ncontent-length: *(\d+)/.exec(headers)?.[1]
  if (length !== undefined)
    return Buffer.byteLength(body, 'latin1') === Number(length) ? null : `${a.path}: ${Buffer.byteLength(body, 'latin1')} of ${length} bytes`
  if (/\r\ntransfer-encoding: *chunked/.test(headers)) return body.endsWith('0\r\n\r\n') ? null : `${a.path}: chunked body cut after ${body.length} bytes`
  return `${a.path}: neither a length nor chunks`
}

const PATHS: Array<[string, string]> = [
  ['/v1/public/workshop-schedules', 'application/json'],
  ['/v1/tags', 'application/json'],
  ['/openapi/json', 'application/json'],
  ['/workshops', 'text/html'],
  ['/consultants', 'text/html'],
  ['/v1/health', 'application/json'],
]

describe('SIGTERM with 30 requests on the wire', () => {
  test(`${RUNS} times in a row: every request gets its whole answer, the process exits 0`, async () => {
    const problems: string[] = []
    for (let run = 1; run <= RUNS; run++) {
      server = await startServerProcess(
        {
          PG_DATA_DIR: join(base, 'pg'),
          PG_PORT: String(pgPort),
          OUTBOX_DIR: join(base, 'outbox'),
          STORAGE_DIR: join(base, 'storage'),
          SHUTDOWN_TIMEOUT_SECONDS: '20',
        },
        { bootMs: 120_000 },
      )
      const port = Number(new URL(server.url).port)
      const requests = Array.from({ length: 30 }, (_, i) => rawGet(port, PATHS[i % PATHS.length][0], PATHS[i % PATHS.length][1]))
      // Every request is with the kernel (accepted or in the listen queue), then the signal.
      await Promise.all(requests.map((r) => r.sent))
      server.proc.kill('SIGTERM')
      const answers = await Promise.all(requests.map((r) => r.done))
      for (const a of answers) {
        const why = incomplete(a)
        if (why) problems.push(`run ${run}: ${why}`)
      }
      const code = await server.proc.exited
      if (code !== 0) problems.push(`run ${run}: exit ${code}\n${server.output().slice(-2000)}`)
      server = null
    }
    expect(problems).toEqual([])
  })
})
