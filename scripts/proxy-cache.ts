/**
 * A local nginx with Summit's shared-cache configuration (deploy/nginx/summit-cache.conf and
 * summit-proxy.conf, the very files the compose proxy includes) in front of running app servers:
 * for the proxy benchmark (scripts/bench-proxy.ts) and the tests that go through the cache.
 * nginx comes from the system (Debian's `nginx` package); nothing is installed here: without it,
 * `nginxBinary()` is null and callers say so and skip.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const DEPLOY = resolve(import.meta.dir, '../deploy/nginx')

/** The nginx executable, or null when it is not installed. */
export function nginxBinary(): string | null {
  for (const p of [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx', '/usr/bin/nginx'])
    if (p && existsSync(p)) return p
  return Bun.which('nginx')
}

export interface CachingProxy {
  url: string
  port: number
  /** Stops nginx and removes its folder (config, cache). */
  stop(): Promise<void>
  /** nginx's own error log, for a failure message. */
  log(): string
}

const freePort = () => {
  const s = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } })
  const p = s.port
  s.stop(true)
  return p
}

/**
 * Starts nginx on a free loopback port in front of `upstreams` (`host:port` of app servers),
 * with the deploy configuration's cache rules and a cache folder of its own.
 */
export async function startCachingProxy(upstreams: string[], opts: { workers?: number | 'auto' } = {}): Promise<CachingProxy> {
  const nginx = nginxBinary()
  if (!nginx) throw new Error('nginx is not installed')
  const dir = mkdtempSync(join(tmpdir(), 'summit-nginx-'))
  // nginx's workers run as `nobody` when started as root: they must reach the cache and temp folders.
  chmodSync(dir, 0o777)
  for (const d of ['cache', 'temp']) mkdirSync(join(dir, d), { mode: 0o777 })
  const port = freePort()
  const cache = readFileSync(join(DEPLOY, 'summit-cache.conf'), 'utf8').replace('/var/cache/nginx/summit', join(dir, 'cache'))
  const proxy = readFileSync(join(DEPLOY, 'summit-proxy.conf'), 'utf8')
  const conf = `daemon off;
worker_processes ${opts.workers ?? 'auto'};
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${join(dir, 'temp')};
  proxy_temp_path ${join(dir, 'temp')};
  fastcgi_temp_path ${join(dir, 'temp')};
  uwsgi_temp_path ${join(dir, 'temp')};
  scgi_temp_path ${join(dir, 'temp')};
  sendfile on;
  keepalive_timeout 65s;
  keepalive_requests 1000000;
  upstream summit {
${upstreams.map((u) => `    server ${u};`).join('\n')}
    keepalive 64;
  }
${cache}
  server {
    listen 127.0.0.1:${port};
${proxy}
  }
}
`
  writeFileSync(join(dir, 'nginx.conf'), conf)
  const proc = Bun.spawn([nginx, '-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], { stdout: 'ignore', stderr: 'pipe' })
  const log = () => (existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '')
  const url = `http://127.0.0.1:${port}`
  const until = Date.now() + 10_000
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`nginx exited: ${await new Response(proc.stderr).text()} ${log()}`)
    const up = await fetch(`${url}/health/live`)
      .then((r) => r.status > 0)
      .catch(() => false)
    if (up) break
    if (Date.now() > until) throw new Error(`nginx did not answer: ${log()}`)
    await Bun.sleep(50)
  }
  return {
    url,
    port,
    log,
    async stop() {
      proc.kill('SIGTERM')
      await proc.exited
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
