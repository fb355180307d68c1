/**
 * /workshops: the public marketplace list (marketing layout, light colour mode). The same data
 * as GET /v1/public/workshop-schedules, through the catalogue service. Filters are a plain GET
 * form (works without JavaScript); bad filter values show under their field instead of failing.
 */

import { renderToStaticMarkup } from 'react-dom/server'
import { css, cx } from 'styled-system/css'
import { badge, button, input } from 'styled-system/recipes'
import { config } from '../../../config'
import { DELIVERY_MODES, listPublicSchedules, type PublicFilters, parsePublicFilters, SKILL_LEVELS } from '../../../modules/workshops'
import { HttpError } from '../../../platform/http/errors'
import { cookieZone } from '../../../shared/datetime'
import { CURRENCY_CODES } from '../../../shared/money'
import { count } from '../../../shared/words'
import { useRequest } from '../../request'
import type { PageContext, PageModule } from '../../routes'
import { memoHtml, pageCache } from './cache'
import { countryOptions } from './country-options'
import { cardBox, container, LEVEL_LABEL, MODE_LABEL, muted, Pagination, ScheduleCard } from './parts'

const PER_PAGE = 12
const FILTER_KEYS = ['q', 'level', 'mode', 'country', 'from', 'to', 'minPrice', 'maxPrice', 'currency', 'tag'] as const
/** The price range's currencies (upper-case codes): teams sell in their own, and a range keeps the workshops priced in the one chosen. */
const PRICE_CURRENCIES = CURRENCY_CODES.map((c) => c.toUpperCase())
/** The price filter's currency only counts as a filter with a price. */
const isActive = (values: Record<string, string>) => FILTER_KEYS.some((k) => values[k] && (k !== 'currency' || values.minPrice || values.maxPrice))

interface Data {
  result: Awaited<ReturnType<typeof listPublicSchedules>>
  values: Record<string, string>
  errors: Record<string, string[]>
}

async function load(ctx: PageContext): Promise<Data> {
  const sp = new URLSearchParams(ctx.url.search)
  const values = Object.fromEntries(FILTER_KEYS.map((k) => [k, sp.get(k)?.trim() ?? '']))
  sp.set('perPage', String(PER_PAGE))
  let errors: Record<string, string[]> = {}
  let filters: PublicFilters
  try {
    filters = parsePublicFilters(sp)
  } catch (err) {
    if (!(err instanceof HttpError) || err.status !== 422) throw err
    errors = (err as { errors?: typeof errors }).errors ?? {}
    // Drop only the unusable filters and show the rest.
    for (const k of Object.keys(errors)) sp.delete(k)
    try {
      filters = parsePublicFilters(sp)
    } catch {
      filters = parsePublicFilters(new URLSearchParams({ perPage: String(PER_PAGE) }))
    }
  }
  // The page memo (2 s, no database read per visit): a page view costs nothing of PostgreSQL. The
  // JSON API keeps its answers by the listing's page changes instead (exact across servers, one tiny
  // read per request); with that read per visit two servers scaled worse here (README, Benchmark figures).
  const result = await pageCache(`workshops:${JSON.stringify(filters)}`, () => listPublicSchedules(ctx.em.fork(), filters))
  return { result, values, errors }
}

const label = css({ fontSize: 'sm', fontWeight: 'medium', color: 'fg.default' })
const fieldBox = css({ display: 'flex', flexDir: 'column', gap: '1.5', minW: '0' })
const control = cx(input({ size: 'md' }), css({ bg: 'bg.default', w: 'full' }))
const errorText = css({ color: 'fg.error', fontSize: 'xs' })

function FilterField({ name, text, errors, children }: { name: string; text: string; errors: Record<string, string[]>; children: React.ReactNode }) {
  const error = errors[name]?.[0]
  return (
    <div className={fieldBox} data-invalid={error ? '' : undefined}>
      <label htmlFor={`f-${name}`} className={label}>
        {text}
      </label>
      {children}
      {error && (
        <p id={`f-${name}-error`} className={errorText}>
          {error}
        </p>
      )}
    </div>
  )
}

const withoutTag = (values: Record<string, string>) => {
  const sp = new URLSearchParams(Object.entries(values).filter(([k, v]) => v && k !== 'tag'))
  const qs = sp.toString()
  return `/workshops${qs ? `?${qs}` : ''}`
}

function Filters({ values, errors, total, capped }: { values: Record<string, string>; errors: Record<string, string[]>; total: number; capped?: boolean }) {
  const inv = (k: string) => (errors[k] ? { 'aria-invalid': true as const, 'aria-describedby': `f-${k}-error` } : {})
  const active = isActive(values)
  return (
    <form
      method="get"
      action="/workshops"
      role="search"
      aria-label="Filter workshops"
      className={cx(
        cardBox,
        css({ p: '5', display: 'grid', gap: '4', gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' } }),
      )}
    >
      <div className={css({ gridColumn: { base: '1 / -1', lg: 'span 2' } })}>
        <FilterField name="q" text="Search" errors={errors}>
          <input id="f-q" name="q" type="search" placeholder="Topic, workshop or coach" defaultValue={values.q} className={control} {...inv('q')} />
        </FilterField>
      </div>
      <FilterField name="level" text="Level" errors={errors}>
        <select id="f-level" name="level" defaultValue={values.level.toUpperCase()} className={control} {...inv('level')}>
          <option value="">Any level</option>
          {SKILL_LEVELS.map((l) => (
            <option key={l} value={l}>
              {LEVEL_LABEL[l]}
            </option>
          ))}
        </select>
      </FilterField>
      <FilterField name="mode" text="Format" errors={errors}>
        <select id="f-mode" name="mode" defaultValue={values.mode.toUpperCase()} className={control} {...inv('mode')}>
          <option value="">Any format</option>
          {DELIVERY_MODES.map((m) => (
            <option key={m} value={m}>
              {MODE_LABEL[m]}
            </option>
          ))}
        </select>
      </FilterField>
      <FilterField name="country" text="Country" errors={errors}>
        <select id="f-country" name="country" className={control} {...inv('country')} dangerouslySetInnerHTML={{ __html: countryOptions(values.country) }} />
      </FilterField>
      <FilterField name="from" text="From" errors={errors}>
        <input id="f-from" name="from" type="date" defaultValue={values.from} className={control} {...inv('from')} />
      </FilterField>
      <FilterField name="to" text="To" errors={errors}>
        <input id="f-to" name="to" type="date" defaultValue={values.to} className={control} {...inv('to')} />
      </FilterField>
      <div className={css({ display: 'grid', gridTemplateColumns: '1fr 1fr minmax(5.5rem, auto)', gap: '2', gridColumn: { base: '1 / -1', lg: 'auto' } })}>
        <FilterField name="minPrice" text="Min price" errors={errors}>
          <input
            id="f-minPrice"
            name="minPrice"
            type="number"
            min="0"
            step="1"
            inputMode="decimal"
            placeholder="0"
            defaultValue={values.minPrice}
            className={control}
            {...inv('minPrice')}
          />
        </FilterField>
        <FilterField name="maxPrice" text="Max price" errors={errors}>
          <input
            id="f-maxPrice"
            name="maxPrice"
            type="number"
            min="0"
            step="1"
            inputMode="decimal"
            placeholder="Any"
            defaultValue={values.maxPrice}
            className={control}
            {...inv('maxPrice')}
          />
        </FilterField>
        <FilterField name="currency" text="Price in" errors={errors}>
          <select id="f-currency" name="currency" defaultValue={(values.currency || config.CURRENCY).toUpperCase()} className={control} {...inv('currency')}>
            {PRICE_CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </FilterField>
      </div>
      <div className={css({ gridColumn: '1 / -1', display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' })}>
        {values.tag && (
          <>
            <input type="hidden" name="tag" value={values.tag} />
            <a
              href={withoutTag(values)}
              className={cx(badge({ size: 'md', variant: 'outline' }), css({ textDecoration: 'none', gap: '1.5' }))}
              aria-label={`Remove the tag filter ${values.tag}`}
            >
              Tag: {values.tag} <span aria-hidden="true">×</span>
            </a>
          </>
        )}
        <button type="submit" className={button({ size: 'md' })}>
          Show workshops
        </button>
        {active && (
          <a href="/workshops" className={button({ size: 'md', variant: 'ghost' })}>
            Clear filters
          </a>
        )}
        <p className={cx(muted, css({ ml: 'auto' }))} aria-live="polite">
          {capped ? `${total.toLocaleString('en-US')}+ workshops` : count(total, 'workshop')}
        </p>
      </div>
    </form>
  )
}

const firstPage = (url: URL) => {
  const sp = new URLSearchParams(url.search)
  sp.delete('page')
  const qs = sp.toString()
  return `/workshops${qs ? `?${qs}` : ''}`
}

/** The body is the same for every visitor of a URL while its data is memoized: rendered once. */
function WorkshopsPage({ data, ctx }: { data: Data; ctx: PageContext }) {
  // The cards show each date on its venue's clock and, once the visitor's zone is known (the `tz` cookie), theirs beside it.
  const viewer = cookieZone(useRequest().cookies.tz)
  const html = memoHtml(data.result, `${ctx.url.search}|${viewer ?? ''}`, () => renderToStaticMarkup(<WorkshopsBody data={data} ctx={ctx} viewer={viewer} />))
  return <div className={contents} dangerouslySetInnerHTML={{ __html: html }} />
}
const contents = css({ display: 'contents' })

function WorkshopsBody({ data, ctx, viewer }: { data: Data; ctx: PageContext; viewer: string | null }) {
  const { result, values, errors } = data
  const active = isActive(values)
  // Filters of the address that have no field in the form (seatsLeft, when, coach...): their message here.
  const unshown = Object.entries(errors).filter(([k]) => !(FILTER_KEYS as readonly string[]).includes(k))
  return (
    <div className={css({ bg: 'bg.canvas', pb: '16' })}>
      <section className={css({ bg: 'bg.default', borderBottomWidth: '1px', borderColor: 'border.subtle' })}>
        <div className={cx(container, css({ py: { base: '10', md: '14' }, display: 'flex', flexDir: 'column', gap: '3' }))}>
          <h1 className={css({ fontSize: { base: '3xl', md: '4xl' }, fontWeight: 'bold', letterSpacing: 'tight' })}>Workshops</h1>
          <p className={css({ color: 'fg.muted', fontSize: 'lg', maxW: '2xl' })}>
            Live workshops run by coaches and consultants, online and in person. Book a seat for yourself or your whole team.
          </p>
        </div>
      </section>
      <div className={cx(container, css({ mt: '8', display: 'flex', flexDir: 'column', gap: '8' }))}>
        <Filters values={values} errors={errors} total={result.meta.total} capped={'totalCapped' in result.meta} />
        {unshown.length > 0 && (
          <div role="status" data-testid="filters-ignored" className={cx(cardBox, css({ p: '4', display: 'flex', flexDir: 'column', gap: '1' }))}>
            <p className={css({ fontWeight: 'medium' })}>Some filters of this address were left out:</p>
            {unshown.map(([k, messages]) => (
              <p key={k} className={errorText}>
                {messages[0]}
              </p>
            ))}
          </div>
        )}
        {result.data.length ? (
          <ul
            className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }, gap: '5' })}
            aria-label="Workshop schedules"
          >
            {result.data.map((s, i) => (
              <ScheduleCard key={s.id} s={s} eager={i === 0} viewerTz={viewer} />
            ))}
          </ul>
        ) : (
          <div className={cx(cardBox, css({ p: '10', textAlign: 'center', display: 'flex', flexDir: 'column', gap: '3', alignItems: 'center' }))}>
            {result.meta.total > 0 ? (
              <>
                <h2 className={css({ fontWeight: 'semibold', fontSize: 'lg' })}>This page is past the end of the list</h2>
                <a href={firstPage(ctx.url)} className={button({ size: 'sm', variant: 'outline' })}>
                  Back to the first page
                </a>
              </>
            ) : (
              <>
                <h2 className={css({ fontWeight: 'semibold', fontSize: 'lg' })}>{active ? 'No workshops match these filters' : 'No upcoming workshops yet'}</h2>
                <p className={muted}>
                  {active ? 'Try another date range, a wider price range or fewer filters.' : 'New workshops are announced every week. Check back soon.'}
                </p>
                {active && (
                  <a href="/workshops" className={button({ size: 'sm', variant: 'outline' })}>
                    Clear filters
                  </a>
                )}
              </>
            )}
          </div>
        )}
        <Pagination
          url={ctx.url}
          page={result.meta.page}
          lastPage={result.meta.lastPage}
          total={result.meta.total}
          totalText={'totalCapped' in result.meta ? `${result.meta.total.toLocaleString('en-US')}+` : undefined}
          label="Workshops"
        />
      </div>
    </div>
  )
}

export default {
  title: 'Workshops',
  description: 'Browse live workshops by coaches and consultants: filter by topic, level, format, country, date and price.',
  canonicalParams: ['tag', 'page'],
  load,
  Page: WorkshopsPage,
} satisfies PageModule<Data>
