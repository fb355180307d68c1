/**
 * The deployment files, checked without Docker: compose.yaml (PostgreSQL, an S3-compatible
 * store, two app servers behind a reverse proxy with TRUST_PROXY, every variable one Summit
 * reads), deploy/nginx (balances every app server, passes a request id, and is the shared cache
 * of the public pages: keeps only what the app marks public, never for a visitor with a session),
 * the Dockerfile (npm ci only, a Node that satisfies every dependency's engines, several stages,
 * non-root, only what runs) and .dockerignore. tests/api/proxy-cache.test.ts runs the same cache
 * configuration in a real nginx.
 */
import { describe, expect, test } from 'bun:test'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { configKeys } from '../../src/config'

const ROOT = resolve(import.meta.dir, '../..')
const read = (f: string) => readFileSync(join(ROOT, f), 'utf8')
type Service = {
  image?: string
  build?: unknown
  environment?: Record<string, string>
  depends_on?: Record<string, { condition: string }>
  ports?: string[]
  volumes?: string[]
  healthcheck?: { test: string[] }
  command?: string[]
}
const compose = Bun.YAML.parse(read('compose.yaml')) as { services: Record<string, Service>; volumes?: Record<string, unknown> }
const services = compose.services
const apps = Object.entries(services).filter(([, s]) => s.build !== undefined)
const hostOf = (url: string) => new URL(url.replace(/\$\{[^}]*\}/g, 'x')).hostname

describe('compose.yaml', () => {
  test('PostgreSQL, an S3-compatible store, two app servers and a reverse proxy', () => {
    expect(services.postgres?.image).toMatch(/^postgres:\d+/)
    expect(services.postgres?.healthcheck?.test.join(' ')).toContain('pg_isready')
    expect(services.storage?.image).toMatch(/minio/)
    expect(apps.map(([name]) => name)).toEqual(['app1', 'app2'])
    expect(services.proxy?.image).toMatch(/^nginx:/)
    expect(services.proxy?.ports?.length).toBe(1)
    // Only the proxy is published: the app servers, the database and the store are internal.
    for (const [name, s] of Object.entries(services)) if (name !== 'proxy') expect({ name, ports: s.ports }).toEqual({ name, ports: undefined })
    // Data that must outlive the containers lives in named volumes.
    for (const v of ['postgres-data', 'storage-data']) expect(Object.keys(compose.volumes ?? {})).toContain(v)
  })

  test('the app servers: production, behind one trusted proxy, on the shared database and store, checked for readiness', () => {
    for (const [name, app] of apps) {
      const env = app.environment ?? {}
      expect({ name, NODE_ENV: env.NODE_ENV }).toEqual({ name, NODE_ENV: 'production' })
      expect(Number(env.TRUST_PROXY)).toBe(1)
      expect(hostOf(env.DATABASE_URL!)).toBe('postgres')
      expect(hostOf(env.S3_ENDPOINT!)).toBe('storage')
      expect(env.S3_BUCKET).toBeTruthy()
      expect(env.SESSION_SECRET).toMatch(/\$\{SESSION_SECRET:\?/)
      expect(app.depends_on?.postgres?.condition).toBe('service_healthy')
      expect(app.healthcheck?.test.join(' ')).toContain('/health/ready')
    }
    // The bucket is made before the servers start.
    expect(services['storage-init']?.command ?? (services['storage-init'] as { entrypoint?: string[] })?.entrypoint?.join(' ')).toContain('mc mb')
    expect(apps[0]![1].depends_on?.['storage-init']?.condition).toBe('service_completed_successfully')
  })

  test('every variable it gives the app is one Summit reads (src/config.ts)', () => {
    const known = new Set(configKeys)
    for (const [, app] of apps) {
      const unknown = Object.keys(app.environment ?? {}).filter((k) => !known.has(k))
      expect(unknown).toEqual([])
    }
    // And the README's configuration table lists every one of those.
    const readme = read('README.md')
    const missing = configKeys.filter((k) => !readme.includes(`\`${k}\``))
    expect(missing).toEqual([])
  })

  test('the proxy balances every app server, skips a failing one and passes a request id', () => {
    const conf = read('deploy/nginx/nginx.conf')
    const proxy = read('deploy/nginx/summit-proxy.conf')
    // The compose proxy reads the very files the local benchmark and tests run (scripts/proxy-cache.ts).
    const mounts = services.proxy?.volumes ?? []
    expect(mounts).toContain('./deploy/nginx/nginx.conf:/etc/nginx/nginx.conf:ro')
    for (const f of ['summit-cache.conf', 'summit-proxy.conf']) {
      expect(mounts).toContain(`./deploy/nginx/${f}:/etc/nginx/summit/${f}:ro`)
      expect(conf).toContain(`include /etc/nginx/summit/${f};`)
    }
    const upstream = /upstream summit \{([^}]*)\}/.exec(conf)?.[1] ?? ''
    const servers = [...upstream.matchAll(/server\s+(\S+?)(?:\s[^;]*)?;/g)].map((m) => m[1])
    expect(servers).toEqual(apps.map(([name]) => `${name}:3000`))
    expect(upstream).toMatch(/max_fails=\d+ fail_timeout=\d+s/)
    expect(proxy).toMatch(/proxy_next_upstream error timeout http_502 http_503/)
    expect(proxy).toMatch(/proxy_pass http:\/\/summit;/)
    expect(proxy).toMatch(/proxy_set_header X-Request-Id \$request_id;/)
    expect(proxy).toMatch(/proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;/)
    // The cache lives in a named volume.
    expect(mounts.some((v) => v.endsWith(':/var/cache/nginx'))).toBe(true)
  })

  test('the shared cache keeps what the app marks public and nothing of a visitor with a session', () => {
    const cache = read('deploy/nginx/summit-cache.conf')
    const proxy = read('deploy/nginx/summit-proxy.conf')
    expect(cache).toMatch(/proxy_cache_path \/var\/cache\/nginx\/summit .*keys_zone=summit:/)
    // A session cookie or an Authorization header makes the request private: past the cache, and not kept.
    expect(cache).toContain('(?:summit_session|tz)=')
    expect(cache).toMatch(/\$http_authorization/)
    expect(proxy).toMatch(/proxy_cache summit;/)
    expect(proxy).toMatch(/proxy_cache_bypass \$summit_private;/)
    expect(proxy).toMatch(/proxy_no_cache \$summit_private;/)
    // How long is the app's to say (Cache-Control): no proxy_cache_valid default, no header ignored.
    expect(proxy).not.toMatch(/proxy_cache_valid|proxy_ignore_headers/)
    // stale-while-revalidate: a background refresh, the kept copy meanwhile, one request per address.
    expect(proxy).toMatch(/proxy_cache_use_stale updating/)
    expect(proxy).toMatch(/proxy_cache_background_update on;/)
    expect(proxy).toMatch(/proxy_cache_lock on;/)
    expect(proxy).toMatch(/proxy_cache_revalidate on;/)
    // The key is the address alone: the app's shared answers do not depend on anything else.
    expect(proxy).toMatch(/proxy_cache_key \$scheme\$host\$request_uri;/)
  })
})

describe.skipIf(!Bun.which('nginx') && !existsSync('/usr/sbin/nginx'))('deploy/nginx/nginx.conf', () => {
  test('is a configuration nginx accepts (app hosts and folders pointed at this machine)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'summit-nginx-t-'))
    const conf = read('deploy/nginx/nginx.conf')
      .replace(/server app\d+:3000/g, 'server 127.0.0.1:3000')
      .replaceAll('/etc/nginx/summit/', `${join(ROOT, 'deploy/nginx')}/`)
      .replace('listen 80;', 'listen 127.0.0.1:1;')
    writeFileSync(join(dir, 'nginx.conf'), `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\n${conf}`)
    const cache = read('deploy/nginx/summit-cache.conf').replace('/var/cache/nginx/summit', join(dir, 'cache'))
    writeFileSync(
      join(dir, 'nginx.conf'),
      readFileSync(join(dir, 'nginx.conf'), 'utf8').replace(`include ${join(ROOT, 'deploy/nginx')}/summit-cache.conf;`, cache),
    )
    const nginx = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : Bun.which('nginx')!
    const r = Bun.spawnSync([nginx, '-t', '-q', '-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')])
    expect({ exit: r.exitCode, err: r.stderr.toString() }).toEqual({ exit: 0, err: '' })
  })
})

describe('Dockerfile', () => {
  const docker = read('Dockerfile')
  const lines = docker
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
  const stages = lines.reduce<string[][]>((acc, l) => (l.startsWith('FROM ') ? [...acc, [l]] : (acc.at(-1)?.push(l), acc)), [])
  const final = stages.at(-1)!

  test('installs with npm ci only, on a Node that satisfies every dependency', () => {
    expect(docker).toMatch(/npm ci/)
    expect(docker).not.toMatch(/npm install|npm i\b|yarn|pnpm|bun install/)
    const froms = stages.map((s) => /^FROM\s+(\S+)/.exec(s[0]!)![1]!)
    for (const image of froms) expect(image).toMatch(/^node:(2[2-9]|[3-9]\d)(\.\d+)*-[a-z]+-slim$/)
    // The Node 22 line of the image is at least 22.17: every dependency installed on Linux accepts it.
    const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { engines?: { node?: string }; os?: string[] }> }
    const refuse = Object.entries(lock.packages)
      .filter(([, p]) => typeof p.engines?.node === 'string' && (!p.os || p.os.includes('linux')))
      .filter(([, p]) => !Bun.semver.satisfies('22.17.0', p.engines!.node!))
      .map(([path, p]) => `${path} ${p.engines!.node}`)
    expect(refuse).toEqual([])
  })

  test('several stages; the last one runs as a non-root user with production dependencies only', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2)
    const user = final.filter((l) => l.startsWith('USER ')).at(-1)
    expect(user).toBeDefined()
    expect(user).not.toMatch(/USER\s+(root|0)\b/)
    expect(docker).toMatch(/npm ci --omit=dev/)
    // Bun from the npm package, as the lock file has it.
    expect(final.join('\n')).toMatch(/node_modules\/bun\b/)
    expect(final.at(-1)).toMatch(/^CMD \["node_modules\/\.bin\/bun", "run", "src\/server\.ts"\]$/)
    expect(final.some((l) => l.startsWith('HEALTHCHECK') && l.includes('/health/ready'))).toBe(true)
  })

  test('ships only what runs: no tests, tools, stories, docs or whole-context copies in the last stage', () => {
    const copies = final.filter((l) => l.startsWith('COPY '))
    for (const c of copies) {
      expect(c).not.toMatch(/^COPY\s+\.\s/)
      expect(c).not.toMatch(/\b(tests|tools|docs|\.storybook|storybook-static)\b/)
    }
    // Every folder it copies exists (a rename would break the image).
    for (const c of copies.filter((l) => !l.includes('--from'))) {
      const sources = c.split(/\s+/).slice(1, -1)
      for (const src of sources) expect({ src, exists: existsSync(join(ROOT, src)) }).toEqual({ src, exists: true })
    }
  })

  test('.dockerignore keeps secrets, installs, tests and build output out of the build context', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'))
    for (const entry of ['.git', 'node_modules', 'tests', '.env', '.data', 'storage']) expect(ignored).toContain(entry)
  })
})
