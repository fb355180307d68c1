/**
 * Visual tests: every story of the built Storybook (storybook-static, built once when missing or
 * stale), rendered in Chromium in light and dark at 1280 px and 390 px, compared pixel by pixel
 * with the committed baselines in design-system/visual/baselines/ (pixelmatch).
 *
 *   npm run test:visual                   compare (each snapshot is one test; exit 1 on a difference)
 *   npm run test:visual -- --update       rewrite the baselines that differ, add missing ones, delete orphans
 *   npm run test:visual -- --filter=dialog   only the stories whose id contains this text
 *
 * Deterministic by construction: animations, transitions and the caret off, reduced motion, one
 * font family (Liberation Sans / Mono, installed by .ci/run; no other system font is used),
 * a fixed clock (2026-05-01 09:00 UTC), time zone UTC, locale en-US, device scale 1; a snapshot
 * is taken once the story has rendered, the fonts are loaded, every image is complete and no
 * request is in flight. Each PNG is clipped to the story's root (and whatever it opened on top:
 * a dialog covers the viewport). A failed comparison writes the actual and the difference to
 * test-results/visual/. Output mimics `bun test` (`(pass)`/`(fail)` lines, ` N pass`, ` N fail`)
 * so `npm test` counts each snapshot as a test.
 *
 * VISUAL_JOBS (pages at once, default 4) tunes the parallelism.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import pixelmatch from 'pixelmatch'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { PNG } from 'pngjs'
import { ensureBuilt, readIndex, STATIC_DIR } from './storybook-smoke'

const ROOT = join(import.meta.dir, '..')
export const BASELINES = join(ROOT, 'design-system/visual/baselines')
const RESULTS = join(ROOT, 'test-results/visual')
export const MODES = ['light', 'dark'] as const
export const WIDTHS = [1280, 390] as const
const HEIGHT: Record<(typeof WIDTHS)[number], number> = { 1280: 800, 390: 844 }
/**
 * What counts as a change. Rendering here is deterministic (one Chromium, one font, no GPU, a fixed
 * clock): an unchanged story gives the same pixels run after run, so the comparison can be strict.
 *
 * - `PIXEL_THRESHOLD`: pixelmatch's colour distance (0..1) past which a pixel differs. 0.05 sees
 *   one step of a colour scale (gray 2 to 3, red 9 to 11: 0.1 let both pass) and ignores a
 *   difference of a few levels.
 * - `INCLUDE_AA`: anti-aliased pixels count. pixelmatch skips what it takes for anti-aliasing by
 *   default, and the strokes of a 16 px icon are mostly that: a swapped icon left 8 to 30 pixels.
 * - `MAX_DIFF_PIXELS`: the pixels that may differ, whatever the size of the snapshot (a share of
 *   the area, 0.02% before, allowed 204 pixels on a 1280x800 page: more than a whole 16 px icon).
 *   A swapped 16 px icon changes 20 or more; see tests/unit/visual-compare.test.ts.
 */
export const PIXEL_THRESHOLD = 0.05
export const INCLUDE_AA = true
export const MAX_DIFF_PIXELS = 4
export const FIXED_TIME = new Date('2026-05-01T09:00:00Z')

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // The same text rendering on every machine: no LCD subpixel positioning, fixed hinting.
  '--font-render-hinting=none',
  '--disable-lcd-text',
  '--force-color-profile=srgb',
]

/** Injected before any story code: no motion, no caret, one font family. */
const STABLE_CSS = `
*, *::before, *::after {
  animation: none !important;
  transition: none !important;
  caret-color: transparent !important;
  font-family: 'Liberation Sans', sans-serif !important;
}
code, kbd, pre, samp, code *, pre * { font-family: 'Liberation Mono', monospace !important; }
::-webkit-scrollbar { display: none; }
`

export interface Shot {
  id: string
  title: string
  name: string
  mode: (typeof MODES)[number]
  width: (typeof WIDTHS)[number]
}

export const shotName = (s: Pick<Shot, 'id' | 'mode' | 'width'>) => `${s.id}--${s.mode}-${s.width}`
export const baselinePath = (s: Pick<Shot, 'id' | 'mode' | 'width'>) => join(BASELINES, `${shotName(s)}.png`)

export type Outcome = { status: 'pass' } | { status: 'fail'; reason: string } | { status: 'written'; reason: string }

/** Compares two PNGs; `diff` gets the difference image when they have the same size. */
export function comparePng(actual: Buffer, expected: Buffer): { equal: boolean; reason: string; diff?: Buffer } {
  const a = PNG.sync.read(actual)
  const b = PNG.sync.read(expected)
  if (a.width !== b.width || a.height !== b.height) return { equal: false, reason: `size ${a.width}x${a.height}, baseline ${b.width}x${b.height}` }
  const diff = new PNG({ width: a.width, height: a.height })
  const changed = pixelmatch(a.data, b.data, diff.data, a.width, a.height, { threshold: PIXEL_THRESHOLD, includeAA: INCLUDE_AA })
  const allowed = MAX_DIFF_PIXELS
  return {
    equal: changed <= allowed,
    reason: `${changed} pixels differ (${((changed / (a.width * a.height)) * 100).toFixed(3)}%, ${allowed} allowed)`,
    diff: PNG.sync.write(diff),
  }
}

function serve() {
  return Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(req) {
      const path = decodeURIComponent(new URL(req.url).pathname)
      if (path === '/favicon.ico') return new Response(null, { status: 204 })
      const file = Bun.file(join(STATIC_DIR, path === '/' ? 'index.html' : path))
      if (!(await file.exists())) return new Response('Not found', { status: 404 })
      // Hashed assets never change within a run: the browser keeps them between stories.
      return new Response(file, { headers: { 'cache-control': path.endsWith('.html') ? 'no-cache' : 'max-age=3600' } })
    },
  })
}

async function newContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: HEIGHT[1280] },
    deviceScaleFactor: 1,
    reducedMotion: 'reduce',
    colorScheme: 'light',
    locale: 'en-US',
    timezoneId: 'UTC',
  })
  await context.addInitScript((css: string) => {
    const add = () => {
      const style = document.createElement('style')
      style.dataset.visual = ''
      style.textContent = css
      document.head.appendChild(style)
    }
    if (document.head) add()
    else document.addEventListener('DOMContentLoaded', add, { once: true })
  }, STABLE_CSS)
  return context
}

/** Requests in flight on a page (a story may still be loading a lazy part). */
function trackRequests(page: Page) {
  const pending = new Set<unknown>()
  page.on('request', (r) => pending.add(r))
  page.on('requestfinished', (r) => pending.delete(r))
  page.on('requestfailed', (r) => pending.delete(r))
  return async () => {
    for (let i = 0; i < 200 && pending.size; i++) await page.waitForEvent('requestfinished', { timeout: 5000 }).catch(() => {})
  }
}

/**
 * Shows a story: the first of a batch by loading the page (colour mode from the URL), the next
 * ones in place through Storybook's channel (`setCurrentStory`), which skips booting the preview
 * again. Resolves once Storybook reports the story rendered; throws with the story's error.
 */
async function show(page: Page, origin: string, shot: Shot, fresh: boolean) {
  if (fresh) await page.goto(`${origin}/iframe.html?id=${encodeURIComponent(shot.id)}&viewMode=story&globals=colorMode:${shot.mode}`)
  else
    await page.evaluate(
      (storyId) =>
        new Promise<void>((resolve, reject) => {
          const channel = (window as any).__STORYBOOK_ADDONS_CHANNEL__
          const events: Record<string, (arg: any) => void> = {
            storyRendered: (id: string) => id === storyId && finish(),
            storyErrored: (e: any) => finish(new Error(e?.title ?? 'story error')),
            storyThrewException: (e: any) => finish(new Error(e?.message ?? 'story threw')),
            storyMissing: () => finish(new Error('story missing')),
          }
          const finish = (error?: Error) => {
            for (const [name, fn] of Object.entries(events)) channel.off(name, fn)
            if (error) reject(error)
            else resolve()
          }
          for (const [name, fn] of Object.entries(events)) channel.on(name, fn)
          channel.emit('setCurrentStory', { storyId, viewMode: 'story' })
        }),
      shot.id,
    )
  // Storybook's own record of the render: this story, past rendering (a story that opens a
  // dialog has an empty root), and the decorator's colour mode applied.
  await page.waitForFunction(
    ({ id, mode }) => {
      if (document.body.classList.contains('sb-show-errordisplay')) return true
      const render = (window as any).__STORYBOOK_PREVIEW__?.currentRender
      return (
        [render?.id, render?.story?.id].includes(id) &&
        ['played', 'completing', 'completed', 'afterEach', 'finished'].includes(render?.phase) &&
        document.documentElement.classList.contains(mode)
      )
    },
    { id: shot.id, mode: shot.mode },
    { timeout: 20_000 },
  )
  const error = await page.evaluate(() =>
    document.body.classList.contains('sb-show-errordisplay') ? (document.querySelector('#error-message')?.textContent ?? 'story error') : null,
  )
  if (error) throw new Error(error)
}

/**
 * The shown story as a PNG, once it has settled: no request in flight, fonts loaded, images
 * complete, and the same DOM and layout over two checks two frames apart (a lazy part that
 * a story loads after its first render shows up as a change, and is waited for).
 */
async function capture(page: Page, settled: () => Promise<void>): Promise<Buffer> {
  let previous = ''
  for (let stable = 0, i = 0; stable < 2 && i < 100; i++) {
    await settled()
    const signature = await page.evaluate(async () => {
      await document.fonts.ready
      await Promise.all(
        Array.from(document.images)
          .filter((img) => !img.complete)
          .map(
            (img) =>
              new Promise((done) => {
                img.addEventListener('load', done, { once: true })
                img.addEventListener('error', done, { once: true })
              }),
          ),
      )
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))
      const root = document.querySelector('#storybook-root')?.getBoundingClientRect()
      return `${document.body.innerHTML.length}:${document.body.scrollHeight}:${root?.width}x${root?.height}`
    })
    stable = signature === previous ? stable + 1 : 0
    previous = signature
  }
  const clip = await page.evaluate(() => {
    const boxes: DOMRect[] = []
    const root = document.querySelector('#storybook-root')
    if (root) boxes.push(root.getBoundingClientRect())
    // Layers a story opened outside its root (a dialog, an open list): portalled to <body>.
    for (const el of Array.from(document.body.children)) {
      if (el === root || el.id === 'storybook-docs' || ['SCRIPT', 'STYLE', 'LINK'].includes(el.tagName)) continue
      if (el.matches('.sb-wrapper, .sb-preparing-story, .sb-preparing-docs, .sb-errordisplay, .sb-nopreview')) continue
      const rect = el.getBoundingClientRect()
      if (rect.width > 0 && rect.height > 0 && getComputedStyle(el).visibility !== 'hidden') boxes.push(rect)
    }
    const x = Math.max(0, Math.floor(Math.min(...boxes.map((b) => b.left))))
    const y = Math.max(0, Math.floor(Math.min(...boxes.map((b) => b.top + window.scrollY))))
    const right = Math.min(document.documentElement.scrollWidth, Math.ceil(Math.max(...boxes.map((b) => b.right))))
    const bottom = Math.ceil(Math.max(...boxes.map((b) => b.bottom + window.scrollY)))
    return { x, y, width: Math.max(1, right - x), height: Math.max(1, bottom - y) }
  })
  return await page.screenshot({ clip, fullPage: true, animations: 'disabled', caret: 'hide', scale: 'css' })
}

export function listShots(filter?: string): Shot[] {
  const stories = readIndex()
    .filter((e) => e.type === 'story' && (!filter || e.id.includes(filter)))
    .sort((a, b) => a.id.localeCompare(b.id))
  return stories.flatMap((e) => WIDTHS.flatMap((width) => MODES.map((mode) => ({ id: e.id, title: e.title, name: e.name, mode, width }))))
}

export async function runVisual(opts: { update?: boolean; filter?: string; jobs?: number; log?: (line: string) => void } = {}) {
  const log = opts.log ?? ((line: string) => console.log(line))
  const started = performance.now()
  await ensureBuilt()
  const built = performance.now()
  const shots = listShots(opts.filter)
  // Without the one font family every snapshot would differ: say so instead of 480 failures.
  let families = ''
  try {
    families = Bun.spawnSync(['fc-list', ':family=Liberation Sans', 'family'], { stdout: 'pipe', stderr: 'pipe' }).stdout.toString()
  } catch {
    // no fontconfig: no system fonts either
  }
  if (!families.includes('Liberation Sans'))
    throw new Error('the visual tests need the Liberation fonts (Debian package fonts-liberation; .ci/run installs it)')
  const { chromium } = await import('playwright-core')
  const server = serve()
  const origin = `http://127.0.0.1:${server.port}`
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS })
  const results: { shot: Shot; outcome: Outcome; ms: number }[] = []
  mkdirSync(BASELINES, { recursive: true })
  rmSync(RESULTS, { recursive: true, force: true })
  // Batches of one width and one colour mode: a page shows a batch's stories one after another.
  const BATCH = 12
  const queue: Shot[][] = []
  for (const width of WIDTHS)
    for (const mode of MODES) {
      const group = shots.filter((s) => s.width === width && s.mode === mode)
      for (let i = 0; i < group.length; i += BATCH) queue.push(group.slice(i, i + BATCH))
    }
  const check = (shot: Shot, png: Buffer): Outcome => {
    const file = baselinePath(shot)
    const previous = existsSync(file) ? readFileSync(file) : null
    const compared = previous ? comparePng(png, previous) : null
    if (compared?.equal) return { status: 'pass' }
    if (opts.update) {
      writeFileSync(file, png)
      return { status: 'written', reason: compared ? compared.reason : 'new baseline' }
    }
    mkdirSync(RESULTS, { recursive: true })
    writeFileSync(join(RESULTS, `${shotName(shot)}.actual.png`), png)
    if (compared?.diff) writeFileSync(join(RESULTS, `${shotName(shot)}.diff.png`), compared.diff)
    return { status: 'fail', reason: compared ? compared.reason : 'no baseline (run `npm run test:visual -- --update` and commit it)' }
  }
  const worker = async () => {
    const context = await newContext(browser)
    await context.clock.setFixedTime(FIXED_TIME)
    let page = await context.newPage()
    let settled = trackRequests(page)
    for (let batch = queue.shift(); batch; batch = queue.shift()) {
      await page.setViewportSize({ width: batch[0]!.width, height: HEIGHT[batch[0]!.width] })
      let fresh = true
      for (const shot of batch) {
        const t = performance.now()
        let outcome: Outcome
        try {
          await show(page, origin, shot, fresh)
          outcome = check(shot, await capture(page, settled))
          fresh = false
        } catch (err) {
          outcome = { status: 'fail', reason: `did not render: ${(err as Error).message.split('\n')[0]}` }
          // A page in a bad state is replaced; the next story loads afresh.
          await page.close().catch(() => {})
          page = await context.newPage()
          settled = trackRequests(page)
          await page.setViewportSize({ width: shot.width, height: HEIGHT[shot.width] })
          fresh = true
        }
        const ms = performance.now() - t
        results.push({ shot, outcome, ms })
        const label = `${shot.title} > ${shot.name} [${shot.mode} ${shot.width}]`
        if (outcome.status === 'fail') log(`(fail) ${label}: ${outcome.reason}`)
        else if (outcome.status === 'written') log(`(pass) ${label}: baseline written (${outcome.reason})`)
        else log(`(pass) ${label} [${ms.toFixed(0)}ms]`)
      }
    }
    await context.close()
  }
  try {
    await Promise.all(Array.from({ length: Math.max(1, opts.jobs ?? (Number(process.env.VISUAL_JOBS) || 4)) }, worker))
  } finally {
    await browser.close()
    server.stop(true)
  }
  // Baselines of stories that no longer exist.
  const wanted = new Set(shots.map((s) => `${shotName(s)}.png`))
  const orphans = opts.filter ? [] : readdirSync(BASELINES).filter((f) => f.endsWith('.png') && !wanted.has(f))
  for (const orphan of orphans) {
    if (opts.update) {
      rmSync(join(BASELINES, orphan))
      log(`(pass) removed the baseline of a story that is gone: ${orphan}`)
    } else log(`(fail) baseline without a story: ${orphan} (run \`npm run test:visual -- --update\`)`)
  }
  const failed = results.filter((r) => r.outcome.status === 'fail').length + (opts.update ? 0 : orphans.length)
  const written = results.filter((r) => r.outcome.status === 'written').length
  const passed = results.length - results.filter((r) => r.outcome.status === 'fail').length
  const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`
  log(
    `\n${shots.length / (WIDTHS.length * MODES.length)} stories, ${results.length} snapshots in ${secs(performance.now() - built)} (Storybook build check ${secs(built - started)})${written ? `, ${written} baselines written` : ''}`,
  )
  log(` ${passed} pass`)
  log(` ${failed} fail`)
  return { passed, failed, written, results }
}

if (import.meta.main) {
  const args = process.argv.slice(2)
  const filter = args.find((a) => a.startsWith('--filter='))?.slice('--filter='.length)
  const jobs = Number(args.find((a) => a.startsWith('--jobs='))?.slice('--jobs='.length)) || undefined
  const { failed } = await runVisual({ update: args.includes('--update'), filter, jobs })
  process.exit(failed ? 1 : 0)
}
