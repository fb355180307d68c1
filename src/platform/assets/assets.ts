/**
 * Static assets: the island bundles (Bun.build at server start: one entry per island, shared
 * chunks split out, minified, production React), the design system's CSS, and public/.
 * Every built file has a content hash in its name and is served with a year-long immutable
 * cache; gzip is used when the browser accepts it.
 */

import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { Elysia } from 'elysia'
import { log } from '../log'

const ROOT = resolve(import.meta.dir, '../../..')
export const IMMUTABLE = 'public, max-age=31536000, immutable'

type Bytes = Uint8Array<ArrayBuffer>
interface Asset {
  body: Bytes
  gzip: Bytes
  type: string
}
interface Built {
  files: Map<string, Asset>
  entries: Map<string, string>
  css: string | null
  ms: number
  imports: Map<string, string[]>
}

let built: Built | null = null
let islandList: readonly string[] | null = null

/** The composition root names the islands to bundle (islands/names.ts) before the first build. */
export function provideIslands(names: readonly string[]) {
  islandList = names
}

function provided(): readonly string[] {
  if (!islandList) throw new Error('No island list: the composition root must call provideIslands() first')
  return islandList
}
let building: Promise<Built> | null = null

const TYPES: Record<string, string> = { js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8', map: 'application/json' }

/** Newest modification time under these folders (sources that feed the CSS). */
function newestMtime(dirs: string[]): number {
  let newest = 0
  const walk = (dir: string) => {
    if (!existsSync(dir)) return
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name.startsWith('.')) continue
      const p = join(dir, e.name)
      if (e.isDirectory()) walk(p)
      else if (/\.(tsx?|mjs)$/.test(e.name)) newest = Math.max(newest, statSync(p).mtimeMs)
    }
  }
  for (const d of dirs) walk(join(ROOT, d))
  return newest
}

/**
 * The design system's CSS (dist/styles.css, `npm run panda`): regenerated with `panda
 * codegen` + `cssgen` only when missing or older than the sources, under a file lock so
 * several servers or test processes starting at once run Panda once.
 */
async function pandaCss(): Promise<Uint8Array | null> {
  const out = join(ROOT, 'dist/styles.css')
  const fresh = () =>
    existsSync(out) &&
    existsSync(join(ROOT, 'styled-system/css/index.mjs')) &&
    statSync(out).mtimeMs >= Math.max(newestMtime(['design-system', 'islands', 'src/pages']), statSync(join(ROOT, 'panda.config.ts')).mtimeMs)
  if (!fresh()) {
    mkdirSync(join(ROOT, 'dist'), { recursive: true })
    const panda = join(ROOT, 'node_modules/.bin/panda')
    const tmp = `${out}.${process.pid}.tmp`
    // flock(1): one Panda run at a time; the others find the file fresh afterwards.
    const script = `[ -f styled-system/css/index.mjs ] || "${panda}" codegen >/dev/null; "${panda}" cssgen --outfile "${tmp}" >/dev/null && mv "${tmp}" "${out}"`
    const p = Bun.spawn(['flock', join(ROOT, 'dist/.panda.lock'), 'sh', '-c', `${script}`], { cwd: ROOT, stdout: 'ignore', stderr: 'pipe' })
    const code = await p.exited
    if (code !== 0) log.warn({ err: await new Response(p.stderr).text() }, 'panda failed')
  }
  return existsSync(out) ? new Uint8Array(readFileSync(out)) : null
}

function hashName(prefix: string, body: Uint8Array, ext: string) {
  const h = new Bun.CryptoHasher('sha256').update(body).digest('base64url').slice(0, 12)
  return `${prefix}${h}.${ext}`
}

/** References to other built files inside a bundle: any `"./x.js"` string (static and dynamic imports, Bun's preload map). */
const REF_RE = /"\.\/([\w.-]+\.js)"/g
const STATIC_IMPORT_RE = /(?:from\s*"|import\s*")\.\/([\w.-]+\.js)"/g

/** Islands that use no query cache: hydrated without its provider (islands/runtime/client-bare), a smaller first load. */
export const BARE_ISLANDS = new Set(['auth-form', 'checkout'])

/**
 * The island bundles, named by the hash of their own bytes: the same source gives the same
 * names on every build and every machine, so several app servers behind one address hand out
 * the same script names and a restart keeps the browsers' caches. Bun's own [hash] takes the
 * temporary entry folder into account, so files are built with plain names and renamed here
 * from their content and what they reference (cycles included).
 */
export async function buildIslands(names: readonly string[] = provided()) {
  const files = new Map<string, Uint8Array>()
  const imports = new Map<string, string[]>()
  const entries = new Map<string, string>()
  // One generated entry per island: loads the runtime and defines that island only.
  // In the system temp folder: the app folder may be read-only in production.
  const dir = join(tmpdir(), `summit-islands-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`)
  mkdirSync(dir, { recursive: true })
  try {
    const entryFiles = names.map((name) => {
      const file = join(dir, `${name}.tsx`)
      writeFileSync(
        file,
        `import { define } from ${JSON.stringify(join(ROOT, BARE_ISLANDS.has(name) ? 'islands/runtime/client-bare' : 'islands/runtime/client'))}\n` +
          `import C from ${JSON.stringify(join(ROOT, 'islands', name))}\n` +
          `define(${JSON.stringify(name)}, C)\n`,
      )
      return file
    })
    if (!entryFiles.length) return { files, imports, entries }
    const result = await Bun.build({
      entrypoints: entryFiles,
      target: 'browser',
      format: 'esm',
      splitting: true,
      minify: true,
      sourcemap: 'none',
      naming: { entry: 'entry-[name]-[hash].[ext]', chunk: 'chunk-[hash].[ext]', asset: 'asset-[name]-[hash].[ext]' },
      define: { 'process.env.NODE_ENV': '"production"' },
      tsconfig: join(ROOT, 'tsconfig.json'),
    })
    if (!result.success) throw new AggregateError(result.logs, 'island build failed')
    const raw = new Map<string, string>()
    for (const out of result.outputs) raw.set(out.path.replace(/^.*\//, ''), await out.text())
    // Bun keys its dynamic-import preload map by each file's [hash] (`"x1y2z3w4"`), which
    // follows the temporary folder: those ids count as references too and get stable values.
    const byId = new Map<string, string>()
    for (const file of raw.keys()) {
      const id = file.match(/-(\w{8})\.js$/)?.[1]
      if (id) byId.set(id, file)
    }
    const ID_RE = /"(\w{8})"/g
    const relink = (text: string, to: (file: string, kind: 'path' | 'id') => string) =>
      text
        .replace(REF_RE, (m, dep: string) => (raw.has(dep) ? `"./${to(dep, 'path')}"` : m))
        .replace(ID_RE, (m, id: string) => (byId.has(id) ? `"${to(byId.get(id)!, 'id')}"` : m))
    // Names from content, references included, and stable through cycles (a chunk's dynamic
    // import of a chunk that imports it back): each round hashes a file with its references
    // replaced by the previous round's hashes of what they point at.
    const sha = (text: string) => new Bun.CryptoHasher('sha256').update(text).digest('base64url')
    let round = new Map([...raw].map(([file, text]) => [file, sha(relink(text, () => '~'))]))
    for (let i = 0; i < 4; i++) {
      const prev = round
      round = new Map([...raw].map(([file, text]) => [file, sha(prev.get(file)! + relink(text, (dep) => prev.get(dep)!))]))
    }
    const final = new Map<string, string>()
    for (const file of raw.keys()) {
      const entry = file.match(/^entry-(.+)-\w+\.js$/)?.[1]
      final.set(file, `${entry ? `${entry}-` : 'c-'}${round.get(file)!.slice(0, 12)}.js`)
      if (entry) entries.set(entry, final.get(file)!)
    }
    for (const [file, text] of raw) {
      const name = final.get(file)!
      const body = relink(text, (dep, kind) => (kind === 'path' ? final.get(dep)! : round.get(dep)!.slice(0, 8).replace(/[-_]/g, '0')))
      files.set(name, new TextEncoder().encode(body))
      imports.set(
        name,
        [...body.matchAll(STATIC_IMPORT_RE)].map((m) => m[1]!).filter((d) => d !== name),
      )
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  return { files, imports, entries }
}

async function build(): Promise<Built> {
  const t0 = performance.now()
  const files = new Map<string, Asset>()
  const entries = new Map<string, string>()
  const imports = new Map<string, string[]>()
  const put = (name: string, body: Uint8Array) => {
    const ext = name.split('.').pop()!
    files.set(name, { body: body as Bytes, gzip: Bun.gzipSync(body as Bytes) as Bytes, type: TYPES[ext] ?? 'application/octet-stream' })
  }

  // CSS generation runs beside the bundling (both need styled-system/, generated first).
  if (!existsSync(join(ROOT, 'styled-system/css/index.mjs'))) await pandaCss().catch(() => null)
  const cssPromise = pandaCss().catch(() => null)
  const islandsBuilt = await buildIslands()
  for (const [name, body] of islandsBuilt.files) put(name, body)
  for (const [name, deps] of islandsBuilt.imports) imports.set(name, deps)
  for (const [island, name] of islandsBuilt.entries) entries.set(island, name)

  let css: string | null = null
  const cssBody = await cssPromise
  if (cssBody) {
    css = hashName('app-', cssBody, 'css')
    put(css, cssBody)
  } else log.warn('no design-system CSS: run `npm run panda`')

  const ms = Math.round(performance.now() - t0)
  log.info({ ms, files: files.size, islands: entries.size }, 'assets built')
  return { files, entries, css, ms, imports }
}

/** Starts the build once (at server start); pages await it before their first render. */
export function buildAssets() {
  building ??= build().then((b) => (built = b))
  return building
}

export const assetsReady = () => built !== null

export function islandScript(name: string) {
  const file = built?.entries.get(name)
  if (!file) throw new Error(`Island ${name} has no bundle (was buildAssets awaited?)`)
  return `/assets/${file}`
}

export const cssHref = () => (built?.css ? `/assets/${built.css}` : null)
export const buildTimeMs = () => built?.ms ?? null

/** Every JS file a page with these island scripts loads (entries + their static chunks, transitively). */
export function scriptClosure(srcs: Iterable<string>) {
  const seen = new Set<string>()
  const visit = (name: string) => {
    if (seen.has(name)) return
    seen.add(name)
    for (const dep of built?.imports.get(name) ?? []) visit(dep)
  }
  for (const s of srcs) visit(s.replace(/^\/assets\//, ''))
  return [...seen].map((n) => ({ name: n, bytes: built?.files.get(n)?.body.length ?? 0, gzip: built?.files.get(n)?.gzip.length ?? 0 }))
}

function serve(asset: Asset, acceptEncoding: string | null, cache: string) {
  const headers: Record<string, string> = { 'content-type': asset.type, 'cache-control': cache, vary: 'accept-encoding' }
  if (acceptEncoding && /\bgzip\b/.test(acceptEncoding)) {
    headers['content-encoding'] = 'gzip'
    return new Response(asset.gzip, { headers })
  }
  return new Response(asset.body, { headers })
}

const PUBLIC_DIR = join(ROOT, 'public')
const PUBLIC_TYPES: Record<string, string> = {
  png: 'image/png',
  ico: 'image/x-icon',
  svg: 'image/svg+xml',
  txt: 'text/plain; charset=utf-8',
  webmanifest: 'application/manifest+json',
}

/** /assets/<hashed name> and the files of public/ at the site root. */
export function assetRoutes() {
  const app = new Elysia({ name: 'assets' }).get(
    '/assets/:file',
    async ({ params, request }) => {
      await buildAssets()
      const asset = built!.files.get(params.file)
      if (!asset) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } })
      return serve(asset, request.headers.get('accept-encoding'), IMMUTABLE)
    },
    { detail: { hide: true } },
  )
  if (existsSync(PUBLIC_DIR)) {
    for (const file of readdirSync(PUBLIC_DIR)) {
      const body = new Uint8Array(readFileSync(join(PUBLIC_DIR, file)))
      const asset: Asset = {
        body: body as Bytes,
        gzip: Bun.gzipSync(body as Bytes) as Bytes,
        type: PUBLIC_TYPES[file.split('.').pop()!] ?? 'application/octet-stream',
      }
      app.get(`/${file}`, ({ request }) => serve(asset, request.headers.get('accept-encoding'), 'public, max-age=86400'), { detail: { hide: true } })
    }
  }
  return app
}
