/**
 * /consultants: the public coach directory (same data as GET /v1/public/users), searchable by
 * name, headline, business name and specialization, filterable by country; plain GET form.
 */

import { renderToStaticMarkup } from 'react-dom/server'
import { css, cx } from 'styled-system/css'
import { badge, button, input } from 'styled-system/recipes'
import { listPublicCoaches } from '../../../modules/accounts'
import { nextScheduleOfCoaches } from '../../../modules/workshops'
import { pageOfUrl } from '../../../platform/http/list-query'
import { countryByCode } from '../../../shared/countries'
import type { PageContext, PageModule } from '../../routes'
import { memoHtml, pageCache } from './cache'
import { countryOptions } from './country-options'
import { CoachAvatar, cardBox, container, dayOf, muted, Pagination, Stars } from './parts'

const PER_PAGE = 12

// Card styles computed once at load, not per card and request.
const coachCard = {
  item: cx(
    cardBox,
    css({ p: '5', display: 'flex', flexDir: 'column', gap: '3', position: 'relative', _hover: { borderColor: 'border.default', boxShadow: 'sm' } }),
  ),
  head: css({ display: 'flex', gap: '3', alignItems: 'center' }),
  text: css({ minW: '0' }),
  name: css({ fontWeight: 'semibold', fontSize: 'md' }),
  link: css({ color: 'fg.default', textDecoration: 'none', _after: { content: '""', position: 'absolute', inset: '0' } }),
  sub: cx(muted, css({ truncate: true })),
  headline: css({ fontSize: 'sm', lineClamp: '2' }),
  specs: css({ display: 'flex', flexWrap: 'wrap', gap: '1.5' }),
  spec: badge({ size: 'sm', variant: 'subtle' }),
  foot: css({ mt: 'auto', pt: '1', display: 'flex', flexDir: 'column', gap: '3' }),
  next: css({
    position: 'relative',
    zIndex: '1',
    display: 'flex',
    flexDir: 'column',
    gap: '0.5',
    p: '3',
    borderRadius: 'l2',
    bg: 'bg.subtle',
    textDecoration: 'none',
    color: 'fg.default',
    _hover: { bg: 'bg.muted' },
  }),
  nextLabel: css({ fontSize: 'xs', fontWeight: 'semibold', textTransform: 'uppercase', letterSpacing: 'wide', color: 'fg.muted' }),
  nextTitle: css({ fontSize: 'sm', fontWeight: 'semibold', lineClamp: '2' }),
}

async function load(ctx: PageContext) {
  const sp = ctx.url.searchParams
  const q = sp.get('q')?.trim().slice(0, 200) ?? ''
  const countryRaw = sp.get('country')?.trim() ?? ''
  const country = countryRaw ? (countryByCode(countryRaw)?.code ?? '') : ''
  const page = pageOfUrl(sp)
  const result = await pageCache(`consultants:${page}:${country}:${q}`, async () => {
    const list = await listPublicCoaches(ctx.em.fork(), {
      page,
      perPage: PER_PAGE,
      offset: (page - 1) * PER_PAGE,
      sort: [{ field: 'name', dir: 'asc' }],
      q: q || undefined,
      country: country || undefined,
    })
    // Each card links to its coach's next workshop page: one statement for the page's coaches.
    return {
      ...list,
      next: await nextScheduleOfCoaches(
        ctx.em.fork(),
        list.data.map((c) => c.id),
      ),
    }
  })
  // The directory rows carry their rating already (one rating query per page).
  return { result, q, country }
}
type Data = Awaited<ReturnType<typeof load>>

/** The same for every visitor of a URL while the data is memoized: rendered once. */
function ConsultantsPage({ data, ctx }: { data: Data; ctx: PageContext }) {
  const html = memoHtml(data.result, ctx.url.search, () => renderToStaticMarkup(<ConsultantsBody data={data} ctx={ctx} />))
  return <div className={contents} dangerouslySetInnerHTML={{ __html: html }} />
}
const contents = css({ display: 'contents' })

function ConsultantsBody({ data, ctx }: { data: Data; ctx: PageContext }) {
  const { result, q, country } = data
  const meta = result.meta
  return (
    <div className={css({ bg: 'bg.canvas', pb: '16' })}>
      <section className={css({ bg: 'bg.default', borderBottomWidth: '1px', borderColor: 'border.subtle' })}>
        <div className={cx(container, css({ py: { base: '10', md: '14' }, display: 'flex', flexDir: 'column', gap: '3' }))}>
          <h1 className={css({ fontSize: { base: '3xl', md: '4xl' }, fontWeight: 'bold', letterSpacing: 'tight' })}>Coaches and consultants</h1>
          <p className={css({ color: 'fg.muted', fontSize: 'lg', maxW: '2xl' })}>
            People who have done it before. Read their experience and certifications, then book a seat in one of their workshops.
          </p>
        </div>
      </section>
      <div className={cx(container, css({ mt: '8', display: 'flex', flexDir: 'column', gap: '8' }))}>
        <form
          method="get"
          action="/consultants"
          role="search"
          aria-label="Search coaches"
          className={cx(cardBox, css({ p: '5', display: 'flex', gap: '3', flexWrap: 'wrap', alignItems: 'flex-end' }))}
        >
          <div className={css({ display: 'flex', flexDir: 'column', gap: '1.5', flex: '2 1 260px' })}>
            <label htmlFor="c-q" className={css({ fontSize: 'sm', fontWeight: 'medium' })}>
              Search
            </label>
            <input
              id="c-q"
              name="q"
              type="search"
              defaultValue={q}
              placeholder="Name, expertise or business"
              className={cx(input({ size: 'md' }), css({ bg: 'bg.default' }))}
            />
          </div>
          <div className={css({ display: 'flex', flexDir: 'column', gap: '1.5', flex: '1 1 200px' })}>
            <label htmlFor="c-country" className={css({ fontSize: 'sm', fontWeight: 'medium' })}>
              Country
            </label>
            <select
              id="c-country"
              name="country"
              className={cx(input({ size: 'md' }), css({ bg: 'bg.default' }))}
              dangerouslySetInnerHTML={{ __html: countryOptions(country) }}
            />
          </div>
          <button type="submit" className={button({ size: 'md' })}>
            Search
          </button>
          {(q || country) && (
            <a href="/consultants" className={button({ size: 'md', variant: 'ghost' })}>
              Clear
            </a>
          )}
        </form>
        {result.data.length ? (
          <ul
            className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }, gap: '5' })}
            aria-label="Coaches"
          >
            {result.data.map((c, i) => {
              const r = c.rating ?? { average: null, count: 0 }
              const where = countryByCode(c.profile.country)
              return (
                <li key={c.id} className={coachCard.item} data-testid="coach-card">
                  <div className={coachCard.head}>
                    <CoachAvatar name={c.name || c.username || ''} src={c.avatarUrl} size={12} eager={i < 3} />
                    <div className={coachCard.text}>
                      <h2 className={coachCard.name}>
                        <a href={`/${c.username}`} className={coachCard.link}>
                          {c.name || c.username}
                        </a>
                      </h2>
                      <p className={coachCard.sub}>{[c.coachProfile.businessName, where?.name ?? null].filter(Boolean).join(' · ')}</p>
                    </div>
                  </div>
                  {c.profile.headline && <p className={coachCard.headline}>{c.profile.headline}</p>}
                  {c.coachProfile.specializations.length > 0 && (
                    <ul className={coachCard.specs} aria-label="Specializations">
                      {c.coachProfile.specializations.slice(0, 4).map((s) => (
                        <li key={s} className={coachCard.spec}>
                          {s}
                        </li>
                      ))}
                    </ul>
                  )}
                  <div className={coachCard.foot}>
                    <Stars average={r.average} count={r.count} />
                    {result.next.get(c.id) && (
                      <a href={`/workshops/${result.next.get(c.id)!.id}`} className={coachCard.next} data-testid="next-workshop">
                        <span className={coachCard.nextLabel}>Next workshop</span>
                        <span className={coachCard.nextTitle}>{result.next.get(c.id)!.title}</span>
                        <span className={muted}>{dayOf(result.next.get(c.id)!.startDate, result.next.get(c.id)!.timezone)}</span>
                      </a>
                    )}
                  </div>
                </li>
              )
            })}
          </ul>
        ) : (
          <div className={cx(cardBox, css({ p: '10', textAlign: 'center' }))}>
            <h2 className={css({ fontWeight: 'semibold', fontSize: 'lg' })}>
              {q || country ? 'No coaches match your search' : 'Coaches are setting up their profiles'}
            </h2>
            <p className={muted}>{q || country ? 'Try fewer words or another country.' : 'Check back soon.'}</p>
          </div>
        )}
        <Pagination url={ctx.url} page={meta.page} lastPage={meta.lastPage} total={meta.total} label="Coaches" />
      </div>
    </div>
  )
}

export default {
  title: 'Coaches and consultants',
  description: 'Find a coach or consultant: experience, certifications, specializations and upcoming workshops.',
  canonicalParams: ['page'],
  load,
  Page: ConsultantsPage,
} satisfies PageModule<Data>
