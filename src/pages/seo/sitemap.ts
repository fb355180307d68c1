/**
 * The sitemap (sitemaps.org protocol 0.9) and robots.txt. `/sitemap.xml` is an index of parts:
 * `/sitemaps/static.xml` (home, lists, legal pages), `/sitemaps/workshops-{n}.xml` (public
 * workshop pages), `/sitemaps/coaches-{n}.xml` (coach profiles) and `/sitemaps/jobs-{n}.xml`
 * (job pages), each of at most `sitemapOptions.perFile` URLs (50,000, the protocol's limit),
 * with `lastmod`. Every answer is streamed: a part goes out as soon as its first batch of URLs is
 * read, the rest follow in keyset batches along an index, so neither the first byte nor the
 * memory grows with the catalogue. Parts are gzipped when the client accepts it.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { config } from '../../config'
import { sitemapCoaches, sitemapCoachParts } from '../../modules/accounts'
import { sitemapJobParts, sitemapJobs } from '../../modules/job-postings'
import { type SitemapKey, sitemapScheduleParts, sitemapSchedules } from '../../modules/workshops'
import { log } from '../../platform/log'

/**
 * URLs per part (the protocol allows 50,000), rows per statement, and how long the parts' counts
 * and lastmods are kept; tests lower them to check the split.
 */
export const sitemapOptions = { perFile: 50_000, batch: 5_000, partsTtlMs: 60_000 }

/** A part's URL count, latest change and (where the source has one) the key its rows start at. */
type Part = { count: number; lastmod: Date | null; start?: SitemapKey | null }
type Rows = AsyncGenerator<{ path: string; lastmod: Date }[]>
interface Source {
  parts: (em: EntityManager, perFile: number) => Promise<Part[]>
  rows: (em: EntityManager, part: number, perFile: number, batch: number, start?: SitemapKey | null) => Rows
}

export const SITEMAP_SOURCES: Record<'workshops' | 'coaches' | 'jobs', Source> = {
  workshops: { parts: sitemapScheduleParts, rows: sitemapSchedules },
  coaches: { parts: sitemapCoachParts, rows: sitemapCoaches },
  jobs: { parts: sitemapJobParts, rows: sitemapJobs },
}
type SourceName = keyof typeof SITEMAP_SOURCES

/** The public pages that are not rows: each list's lastmod follows its rows. */
const STATIC_PAGES: { path: string; follows?: SourceName[] }[] = [
  { path: '/', follows: ['workshops', 'coaches'] },
  { path: '/workshops', follows: ['workshops'] },
  { path: '/consultants', follows: ['coaches'] },
  { path: '/jobs', follows: ['jobs'] },
  { path: '/announcement' },
  { path: '/b/privacy-policy' },
  { path: '/b/terms-and-conditions' },
  { path: '/c/privacy-policy' },
  { path: '/c/terms-and-conditions' },
]

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;')
/** W3C datetime, to the second. */
const w3c = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, '+00:00')
const abs = (path: string) => esc(`${config.APP_URL}${path}`)
const latest = (dates: (Date | null | undefined)[]) => dates.reduce<Date | null>((a, d) => (d && (!a || d > a) ? d : a), null)

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n'
const URLSET = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
const url = (path: string, lastmod: Date | null) => `<url><loc>${abs(path)}</loc>${lastmod ? `<lastmod>${w3c(lastmod)}</lastmod>` : ''}</url>\n`

let partsMemo: { at: number; perFile: number; value: Promise<Record<SourceName, Part[]>> } | null = null

/**
 * Each source's parts (counts and lastmods: a read of each index, side by side on their own
 * connections), kept a minute per server: a crawler reads the index, then the parts.
 */
const fresh = () => !!partsMemo && partsMemo.perFile === sitemapOptions.perFile && Date.now() - partsMemo.at < sitemapOptions.partsTtlMs

function partsOf(em: EntityManager) {
  const now = Date.now()
  if (fresh()) return partsMemo!.value
  const names = Object.keys(SITEMAP_SOURCES) as SourceName[]
  const value = Promise.all(names.map((n) => SITEMAP_SOURCES[n].parts(em.fork(), sitemapOptions.perFile))).then(
    (all) => Object.fromEntries(names.map((n, i) => [n, all[i]!])) as Record<SourceName, Part[]>,
  )
  partsMemo = { at: now, perFile: sitemapOptions.perFile, value }
  value.catch(() => {
    partsMemo = null
  })
  return value
}

async function* indexXml(em: EntityManager) {
  yield `${HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`
  const parts = await partsOf(em)
  const newest = (n: SourceName) => latest(parts[n].map((p) => p.lastmod))
  const statics = latest(STATIC_PAGES.flatMap((p) => (p.follows ?? []).map(newest)))
  let out = `<sitemap><loc>${abs('/sitemaps/static.xml')}</loc>${statics ? `<lastmod>${w3c(statics)}</lastmod>` : ''}</sitemap>\n`
  for (const name of Object.keys(parts) as SourceName[])
    parts[name].forEach((p, i) => {
      out += `<sitemap><loc>${abs(`/sitemaps/${name}-${i + 1}.xml`)}</loc>${p.lastmod ? `<lastmod>${w3c(p.lastmod)}</lastmod>` : ''}</sitemap>\n`
    })
  yield `${out}</sitemapindex>\n`
}

async function* staticXml(em: EntityManager) {
  yield HEAD + URLSET
  const parts = await partsOf(em)
  let out = ''
  for (const page of STATIC_PAGES) out += url(page.path, latest((page.follows ?? []).flatMap((n) => parts[n].map((p) => p.lastmod))))
  yield `${out}</urlset>\n`
}

const urls = (rows: { path: string; lastmod: Date }[]) => {
  let out = ''
  for (const r of rows) out += url(r.path, r.lastmod)
  return out
}

/** A part whose first batch is read already (so a part past the end is known before answering). */
async function* partXml(first: IteratorResult<{ path: string; lastmod: Date }[]>, rest: Rows) {
  yield HEAD + URLSET
  if (!first.done) {
    yield urls(first.value)
    for await (const rows of rest) yield urls(rows)
  }
  yield '</urlset>\n'
}

function streamOf(parts: AsyncGenerator<string>, what: string) {
  const encoder = new TextEncoder()
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await parts.next()
        if (done) controller.close()
        else controller.enqueue(encoder.encode(value))
      } catch (err) {
        log.error({ err, what }, 'sitemap failed while streaming')
        controller.error(err)
      }
    },
    async cancel() {
      await parts.return(undefined)
    },
  })
}

/** Parts (large) are gzipped when the client accepts it; the index and the static part are a few lines. */
function xmlResponse(request: Request, parts: AsyncGenerator<string>, what: string, gzip = false) {
  let body: ReadableStream<Uint8Array> = streamOf(parts, what)
  const headers: Record<string, string> = {
    'content-type': 'application/xml; charset=utf-8',
    'cache-control': 'public, max-age=600',
    vary: 'accept-encoding',
  }
  if (gzip && /\bgzip\b/.test(request.headers.get('accept-encoding') ?? '')) {
    body = body.pipeThrough(new CompressionStream('gzip') as unknown as ReadableWritablePair<Uint8Array, Uint8Array>)
    headers['content-encoding'] = 'gzip'
  }
  return new Response(body, { headers })
}

const notFound = () => new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } })

/** `/sitemap.xml`, `/sitemaps/static.xml` or `/sitemaps/{source}-{n}.xml`. */
export async function sitemapResponse(request: Request, em: EntityManager, file: string | null): Promise<Response> {
  if (file === null) return xmlResponse(request, indexXml(em), 'index')
  if (file === 'static.xml') return xmlResponse(request, staticXml(em), 'static')
  const m = /^(workshops|coaches|jobs)-([1-9]\d{0,6})\.xml$/.exec(file)
  if (!m) return notFound()
  const name = m[1] as SourceName
  const source = SITEMAP_SOURCES[name]
  const part = Number(m[2]) - 1
  // Read soon after the index (as crawlers do), the part's first key is known already.
  const known = fresh() ? (await partsMemo!.value.catch(() => null))?.[name]?.[part]?.start : undefined
  const rows = source.rows(em, part, sitemapOptions.perFile, sitemapOptions.batch, known)
  const first = await rows.next()
  // A part past the last is a 404; the first part always exists (empty when there are no rows).
  if (first.done && part > 0) return notFound()
  return xmlResponse(request, partXml(first, rows), file, true)
}

/** robots.txt: everything public may be crawled; the areas, the API and its docs may not. */
export function robotsTxt() {
  return [
    'User-agent: *',
    // Prefixes end with a slash or `$` so usernames such as /bella or /carl stay crawlable.
    'Disallow: /b$',
    'Disallow: /b/',
    'Disallow: /c$',
    'Disallow: /c/',
    'Disallow: /v1$',
    'Disallow: /v1/',
    'Disallow: /docs$',
    'Disallow: /docs/',
    'Disallow: /openapi/',
    'Disallow: /api/',
    'Disallow: /onboarding',
    'Disallow: /invitations/',
    'Disallow: /workshops/*/book',
    // The legal pages live under the areas' prefixes but are public.
    'Allow: /b/privacy-policy',
    'Allow: /b/terms-and-conditions',
    'Allow: /c/privacy-policy',
    'Allow: /c/terms-and-conditions',
    '',
    `Sitemap: ${config.APP_URL}/sitemap.xml`,
    '',
  ].join('\n')
}
