/**
 * Storybook smoke test: builds the static Storybook when it is missing (or with --build),
 * checks that index.json lists at least one story for every design-system component folder,
 * and with --browser opens every story in Chromium (light and dark) and fails on any page
 * error, console error or empty render.
 *
 *   bun run scripts/storybook-smoke.ts [--build] [--browser]
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'

const ROOT = resolve(import.meta.dir, '..')
export const STATIC_DIR = join(ROOT, 'storybook-static')
export const COMPONENTS_DIR = join(ROOT, 'design-system', 'components')

type Entry = { id: string; title: string; name: string; importPath: string; type: 'story' | 'docs' }

async function run(cmd: string[]) {
  const proc = Bun.spawn(cmd, { cwd: ROOT, stdout: 'pipe', stderr: 'pipe' })
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited])
  if (code !== 0) throw new Error(`${cmd.join(' ')} failed (${code}):\n${out.slice(-3000)}\n${err.slice(-3000)}`)
}

/** `npm run build-storybook`: the design system's CSS (Panda), then the static Storybook. */
export async function buildStorybook(): Promise<void> {
  await run(['npm', 'run', 'build-storybook'])
}

/** Newest modification time of the files under `dirs` with these extensions. */
function newestMtime(dirs: string[], glob = '**/*.{ts,tsx,css}'): number {
  let newest = 0
  for (const dir of dirs) {
    const abs = join(ROOT, dir)
    if (!existsSync(abs)) continue
    if (statSync(abs).isFile()) {
      newest = Math.max(newest, statSync(abs).mtimeMs)
      continue
    }
    for (const file of new Bun.Glob(glob).scanSync({ cwd: abs, dot: true })) newest = Math.max(newest, statSync(join(abs, file)).mtimeMs)
  }
  return newest
}

/** Newest modification time of anything the Storybook build reads (a build older than that is stale). */
const newestSourceMtime = () => newestMtime(['design-system', 'islands', '.storybook'])
const mtime = (path: string) => (existsSync(join(ROOT, path)) ? statSync(join(ROOT, path)).mtimeMs : 0)

/**
 * Builds when storybook-static is missing, older than its sources, or when asked to. The CSS it
 * bundles is `dist/styles.css` as it is (Panda runs here only when it is missing): `npm test` has
 * just built it, and rewriting styled-system/ under a running type check would break that;
 * `npm run test:visual` runs Panda before it calls this. Processes that need the build at the
 * same time (the Storybook unit test and the visual tests in `npm test`) take turns on a lock
 * folder: one builds, the others wait and find it fresh.
 */
export async function ensureBuilt(rebuild = false): Promise<void> {
  const index = join(STATIC_DIR, 'index.json')
  const fresh = () => existsSync(index) && statSync(index).mtimeMs >= Math.max(newestSourceMtime(), mtime('dist/styles.css'))
  if (!rebuild && fresh()) return
  const lock = `${STATIC_DIR}.lock`
  for (;;) {
    try {
      mkdirSync(lock)
      break
    } catch {
      // Another process builds; a lock older than 10 minutes is left over from a killed one.
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 600_000) rmSync(lock, { recursive: true, force: true })
      await Bun.sleep(500)
      if (!rebuild && fresh()) return
    }
  }
  try {
    if (!rebuild && fresh()) return
    if (rebuild || !existsSync(join(ROOT, 'dist/styles.css'))) await run(['npm', 'run', 'panda', '--silent'])
    await run(['npx', 'storybook', 'build', '-o', 'storybook-static', '--quiet'])
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}

export function readIndex(): Entry[] {
  const index = JSON.parse(readFileSync(join(STATIC_DIR, 'index.json'), 'utf8')) as { entries: Record<string, Entry> }
  return Object.values(index.entries)
}

export function componentFolders(): string[] {
  return readdirSync(COMPONENTS_DIR)
    .filter((name) => statSync(join(COMPONENTS_DIR, name)).isDirectory())
    .sort()
}

/** Component folders with no story in index.json. */
export function componentsWithoutStories(entries = readIndex()): string[] {
  const stories = entries.filter((e) => e.type === 'story')
  return componentFolders().filter((folder) => !stories.some((e) => e.importPath.startsWith(`./design-system/components/${folder}/`)))
}

export type StoryProblem = { id: string; mode: string; problem: string }

/** Serves storybook-static and renders each story in Chromium in both colour modes. */
export async function renderStories(filter: (e: Entry) => boolean = () => true, modes: ('light' | 'dark')[] = ['light', 'dark']): Promise<StoryProblem[]> {
  const { chromium } = await import('playwright-core')
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(req) {
      const path = decodeURIComponent(new URL(req.url).pathname)
      // Browsers ask for /favicon.ico on their own; Storybook ships an svg one.
      if (path === '/favicon.ico') return new Response(null, { status: 204 })
      const file = Bun.file(join(STATIC_DIR, path === '/' ? 'index.html' : path))
      if (await file.exists()) return new Response(file)
      if (process.env.DEBUG_SMOKE) console.error(`404 ${path}`)
      return new Response('Not found', { status: 404 })
    },
  })
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  const problems: StoryProblem[] = []
  try {
    const page = await browser.newPage()
    let errors: string[] = []
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`))
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`console: ${m.text()}`)
    })
    page.on('response', (r) => {
      if (r.status() >= 400) errors.push(`HTTP ${r.status()}: ${r.url()}`)
    })
    for (const entry of readIndex().filter((e) => e.type === 'story' && filter(e))) {
      for (const mode of modes) {
        errors = []
        await page.goto(`http://127.0.0.1:${server.port}/iframe.html?id=${entry.id}&viewMode=story&globals=colorMode:${mode}`)
        await page
          .waitForFunction(
            () =>
              (document.querySelector('#storybook-root')?.childElementCount ?? 0) > 0 ||
              // a story that opens a dialog renders into a portal on <body>
              !!document.querySelector('[role=dialog], [role=alertdialog]') ||
              document.body.classList.contains('sb-show-errordisplay'),
            null,
            { timeout: 15000 },
          )
          .catch(() => {})
        await page.waitForTimeout(50)
        const shown = await page.evaluate(() => ({
          error: document.body.classList.contains('sb-show-errordisplay') ? document.querySelector('#error-message')?.textContent : null,
          children: (document.querySelector('#storybook-root')?.childElementCount ?? 0) + document.querySelectorAll('[role=dialog], [role=alertdialog]').length,
          dark: document.documentElement.classList.contains('dark'),
        }))
        if (shown.error) errors.push(`story error: ${shown.error}`)
        if (!shown.children) errors.push('rendered nothing')
        if ((mode === 'dark') !== shown.dark) errors.push(`colour mode ${mode} not applied`)
        for (const problem of errors) problems.push({ id: entry.id, mode, problem })
      }
    }
  } finally {
    await browser.close()
    server.stop(true)
  }
  return problems
}

if (import.meta.main) {
  const args = new Set(process.argv.slice(2))
  await ensureBuilt(args.has('--build'))
  const entries = readIndex()
  const missing = componentsWithoutStories(entries)
  console.log(`${entries.filter((e) => e.type === 'story').length} stories for ${componentFolders().length} components`)
  let failed = missing.length > 0
  if (missing.length) console.error(`Components without stories: ${missing.join(', ')}`)
  if (args.has('--browser')) {
    const problems = await renderStories()
    for (const p of problems) console.error(`${p.id} [${p.mode}]: ${p.problem}`)
    if (problems.length) failed = true
    else console.log('Every story rendered in light and dark without errors')
  }
  process.exit(failed ? 1 : 0)
}
