/**
 * /jobs: published job postings of every team, server-rendered without JavaScript; a plain
 * GET form searches and filters.
 */
import { renderToStaticMarkup } from 'react-dom/server'
import { css, cx } from 'styled-system/css'
import { badge, button, input } from 'styled-system/recipes'
import { EMPLOYMENT_TYPES, listPublished, WORK_MODES } from '../../../modules/job-postings'
import { EMPLOYMENT_LABEL, SENIORITY_LABEL } from '../../../modules/job-postings/job-posting.schema'
import { pageOfUrl } from '../../../platform/http/list-query'
import { formatDate } from '../../../shared/datetime'
import type { PageContext, PageModule } from '../../routes'
import { memoHtml, pageCache } from '../marketplace/cache'
import { cardBox, container, muted, Pagination } from '../marketplace/parts'

async function load(ctx: PageContext) {
  const sp = ctx.url.searchParams
  const q = sp.get('q')?.trim().slice(0, 200) ?? ''
  const type = sp.get('type') ?? ''
  const mode = sp.get('mode') ?? ''
  const page = pageOfUrl(sp)
  // Shared by every visitor of the same URL for the marketplace's memo window (as /workshops).
  const result = await pageCache(`jobs:${page}:${type}:${mode}:${q}`, () =>
    listPublished(ctx.em.fork(), { page, q, employmentStatus: type, workplaceType: mode }),
  )
  return { result, q, type, mode }
}
type Data = Awaited<ReturnType<typeof load>>

/** The body is the same for every visitor of a URL while its data is memoized: rendered once. */
function JobsPage({ data, ctx }: { data: Data; ctx: PageContext }) {
  const html = memoHtml(data.result, ctx.url.search, () => renderToStaticMarkup(<JobsBody data={data} ctx={ctx} />))
  return <div className={contents} dangerouslySetInnerHTML={{ __html: html }} />
}

const contents = css({ display: 'contents' })

function JobsBody({ data, ctx }: { data: Data; ctx: PageContext }) {
  const { result, q, type, mode } = data
  const field = css({ display: 'flex', flexDir: 'column', gap: '1.5', flex: '1 1 180px' })
  return (
    <div className={css({ bg: 'bg.canvas', pb: '16' })}>
      <section className={css({ bg: 'bg.default', borderBottomWidth: '1px', borderColor: 'border.subtle' })}>
        <div className={cx(container, css({ py: { base: '10', md: '14' }, display: 'flex', flexDir: 'column', gap: '3' }))}>
          <h1 className={css({ fontSize: { base: '3xl', md: '4xl' }, fontWeight: 'bold', letterSpacing: 'tight' })}>Jobs</h1>
          <p className={css({ color: 'fg.muted', fontSize: 'lg', maxW: '2xl' })}>
            Open positions posted by the teams on Summit. Apply in a few minutes, no account needed.
          </p>
        </div>
      </section>
      <div className={cx(container, css({ mt: '8', display: 'flex', flexDir: 'column', gap: '8' }))}>
        <form
          method="get"
          action="/jobs"
          role="search"
          aria-label="Search jobs"
          className={cx(cardBox, css({ p: '5', display: 'flex', gap: '3', flexWrap: 'wrap', alignItems: 'flex-end' }))}
        >
          <div className={cx(field, css({ flex: '2 1 240px' }))}>
            <label htmlFor="j-q" className={css({ fontSize: 'sm', fontWeight: 'medium' })}>
              Search
            </label>
            <input
              id="j-q"
              name="q"
              type="search"
              defaultValue={q}
              placeholder="Title, company or location"
              className={cx(input({ size: 'md' }), css({ bg: 'bg.default' }))}
            />
          </div>
          <div className={field}>
            <label htmlFor="j-type" className={css({ fontSize: 'sm', fontWeight: 'medium' })}>
              Employment type
            </label>
            <select id="j-type" name="type" defaultValue={type} className={cx(input({ size: 'md' }), css({ bg: 'bg.default' }))}>
              <option value="">Any</option>
              {EMPLOYMENT_TYPES.map((t) => (
                <option key={t} value={t}>
                  {EMPLOYMENT_LABEL[t]}
                </option>
              ))}
            </select>
          </div>
          <div className={field}>
            <label htmlFor="j-mode" className={css({ fontSize: 'sm', fontWeight: 'medium' })}>
              Work mode
            </label>
            <select id="j-mode" name="mode" defaultValue={mode} className={cx(input({ size: 'md' }), css({ bg: 'bg.default' }))}>
              <option value="">Any</option>
              {WORK_MODES.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={button({ size: 'md' })}>
            Search
          </button>
          {(q || type || mode) && (
            <a href="/jobs" className={button({ size: 'md', variant: 'ghost' })}>
              Clear
            </a>
          )}
        </form>
        {result.rows.length ? (
          <ul aria-label="Jobs" className={css({ display: 'flex', flexDir: 'column', gap: '4' })}>
            {result.rows.map((j) => (
              <li
                key={j.id}
                data-testid="job-card"
                className={cx(
                  cardBox,
                  css({
                    p: '5',
                    display: 'flex',
                    flexDir: 'column',
                    gap: '2',
                    position: 'relative',
                    _hover: { borderColor: 'border.default', boxShadow: 'sm' },
                  }),
                )}
              >
                <div className={css({ display: 'flex', gap: '3', justifyContent: 'space-between', alignItems: 'flex-start', flexWrap: 'wrap' })}>
                  <div className={css({ minW: '0' })}>
                    <h2 className={css({ fontWeight: 'semibold', fontSize: 'lg' })}>
                      <a
                        href={`/jobs/${j.id}`}
                        className={css({ color: 'fg.default', textDecoration: 'none', _after: { content: '""', position: 'absolute', inset: '0' } })}
                      >
                        {j.title}
                      </a>
                    </h2>
                    <p className={muted}>{[j.companyName, j.location].filter(Boolean).join(' · ')}</p>
                  </div>
                  {j.publishedAt && <span className={muted}>Posted {formatDate(j.publishedAt, 'UTC')}</span>}
                </div>
                <ul className={css({ display: 'flex', flexWrap: 'wrap', gap: '1.5' })} aria-label="Details">
                  {j.employmentStatus && <li className={badge({ size: 'sm', variant: 'subtle' })}>{EMPLOYMENT_LABEL[j.employmentStatus]}</li>}
                  {j.experienceLevel && <li className={badge({ size: 'sm', variant: 'subtle' })}>{SENIORITY_LABEL[j.experienceLevel]}</li>}
                  {j.workplaceTypes.map((w) => (
                    <li key={w} className={badge({ size: 'sm', variant: 'outline' })}>
                      {w}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        ) : (
          <div className={cx(cardBox, css({ p: '10', textAlign: 'center', display: 'flex', flexDir: 'column', gap: '3', alignItems: 'center' }))}>
            <p className={css({ fontWeight: 'semibold' })}>{q || type || mode ? 'No jobs match your search.' : 'No open jobs right now.'}</p>
            {(q || type || mode) && (
              <a href="/jobs" className={button({ size: 'sm', variant: 'outline' })}>
                Show all jobs
              </a>
            )}
          </div>
        )}
        <Pagination url={ctx.url} page={result.page} lastPage={result.lastPage} total={result.total} label="Jobs" />
      </div>
    </div>
  )
}

export default {
  title: 'Jobs',
  description: 'Open positions posted by teams on Summit. Apply without an account.',
  canonicalParams: ['page'],
  load,
  Page: JobsPage,
} satisfies PageModule<Data>
