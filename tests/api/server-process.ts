/** The server as a process of its own (`bun run src/server.ts`), for the tests that need signals or a real exit. */
import { resolve } from 'node:path'
import { freePort } from '../../src/platform/db/database'

const ROOT = resolve(import.meta.dir, '../..')

export interface ServerProcess {
  url: string
  proc: ReturnType<typeof Bun.spawn>
  output(): string
  /** SIGKILL if still running (afterAll). */
  kill(): Promise<void>
}

/** Polls `check` until it answers true or `ms` pass (false then). */
export async function waitFor(check: () => Promise<boolean> | boolean, ms: number, everyMs = 100) {
  const until = Date.now() + ms
  while (Date.now() < until) {
    if (
      await Promise.resolve()
        .then(check)
        .catch(() => false)
    )
      return true
    await Bun.sleep(everyMs)
  }
  return false
}

/**
 * Starts the server with `env` on top of a test configuration and waits for /health. Pass
 * `DATABASE_URL` to share a database (the test process's own, so fixtures made through the
 * in-process app are there), or `PG_DATA_DIR`/`PG_PORT` for an embedded one of its own.
 */
export async function startServerProcess(env: Record<string, string>, opts: { bootMs?: number } = {}): Promise<ServerProcess> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  let out = ''
  const proc = Bun.spawn([process.execPath, 'run', 'src/server.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/root',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      SEED_DEMO: 'false',
      STRIPE_LOCAL_PORT: '0',
      SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
      ...env,
    },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const pump = async (s: ReadableStream<Uint8Array>) => {
    for await (const chunk of s as any) out += new TextDecoder().decode(chunk)
  }
  void pump(proc.stdout as ReadableStream<Uint8Array>)
  void pump(proc.stderr as ReadableStream<Uint8Array>)
  const up = await waitFor(
    async () => {
      if (proc.exitCode !== null) throw new Error('exited')
      return (await fetch(`${url}/health`, { signal: AbortSignal.timeout(2000) })).status === 200
    },
    opts.bootMs ?? 90_000,
    200,
  )
  if (!up) {
    proc.kill('SIGKILL')
    throw new Error(`the server did not start:\n${out}`)
  }
  return {
    url,
    proc,
    output: () => out,
    async kill() {
      if (proc.exitCode === null) {
        proc.kill('SIGKILL')
        await proc.exited
      }
    },
  }
}
