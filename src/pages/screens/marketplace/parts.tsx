/**
 * Pieces the public marketplace screens share (/workshops, /consultants, /{username},
 * /workshops/{id}, /workshops/{id}/book): money and dates as the schedule's venue sees them, the coach avatar,
 * a workshop schedule card. Server-only, no JavaScript.
 */
import { css, cx } from 'styled-system/css'
import { badge } from 'styled-system/recipes'
import { GeneratedCover } from '../../../../design-system/components/cover/generated-cover'
import { PriceNote } from '../../../../islands/lib/price-note'
import type { listPublicSchedules } from '../../../modules/workshops'
import { countryByCode } from '../../../shared/countries'
import { formatDay, formatStart, sessionHours } from '../../../shared/datetime'
import { formatAmount } from '../../../shared/money'
import { CONFIRMED_TO_RUN, LEVEL_LABEL, MODE_LABEL, seatsLeftLabel } from '../../../shared/vocabulary'
import { count } from '../../../shared/words'

export type PublicSchedule = Awaited<ReturnType<typeof listPublicSchedules>>['data'][number]
export type PublicCoach = NonNullable<PublicSchedule['coach']> & { rating?: { average: number | null; count: number } }

export const container = css({ maxW: '6xl', mx: 'auto', px: { base: '4', md: '6' } })
export const muted = css({ color: 'fg.muted', fontSize: 'sm' })
export const cardBox = css({ bg: 'bg.default', borderWidth: '1px', borderColor: 'border.subtle', borderRadius: 'l3', boxShadow: 'xs' })

// Formatters cost ~35x more to build than to use: one per locale, currency or zone and options, kept.
const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>()
function formatter<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let f = formats.get(key) as T | undefined
  if (!f) {
    f = make()
    if (formats.size > 2000) formats.clear()
    formats.set(key, f)
  }
  return f
}

/** Decimal amount (as the API shows it) in its currency; 0 reads "Free". */
export function money(amount: number | null | undefined, currency: string | null | undefined) {
  if (!amount) return 'Free'
  return formatAmount(amount, currency ?? 'usd')
}

type When = Date | string | null | undefined
type Zone = string | null | undefined

/** "Tue, Dec 1, 2026" in the schedule's time zone. */
export const dayOf = (d: When, tz: Zone) => formatDay(d ?? 0, tz)
/** "Tue, Dec 1, 2026, 9:00 AM London time" in the schedule's time zone. */
export const momentOf = (d: When, tz: Zone) => formatStart(d ?? 0, tz)
/**
 * "9:00 AM – 12:00 PM London time" on the schedule's clock, and the viewer's own hours beside
 * them where their clock differs ("(4:00 AM – 7:00 AM your time)"): the product's one rule.
 */
export const hoursOf = (start: When, end: When, tz: Zone, viewerTz?: string | null) => sessionHours(start ?? 0, end ?? 0, tz, viewerTz)

export { GeneratedCover, LEVEL_LABEL, MODE_LABEL }

export function placeOf(s: Pick<PublicSchedule, 'mode' | 'city' | 'country' | 'venueName'>) {
  const country = countryByCode(s.country)
  const where = [s.venueName, s.city, country?.name].filter(Boolean).join(', ')
  if (s.mode === 'ONLINE') return 'Online'
  return where || (MODE_LABEL[s.mode] ?? s.mode)
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('') || '?'

// Styles are computed once at load: a css() call per element and request is measurable.
const avatarBox = css({ borderRadius: 'full', flexShrink: '0', objectFit: 'cover', bg: 'bg.muted' })
// One class set of its own: two atomic sets with different backgrounds would let CSS order pick
// the muted one under the palette's text colour (unreadable initials).
const avatarInitials = css({
  borderRadius: 'full',
  flexShrink: '0',
  bg: 'colorPalette.default',
  color: 'colorPalette.fg',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  fontWeight: 'semibold',
})

/** Widths the image provider makes (section 9 breakpoints); cards use the smaller ones. */
const CARD_WIDTHS = [320, 640, 768, 1024]
const isProvided = (src: string) => src.startsWith('/v1/files/')

/** srcset of a picture served by the image provider (format negotiated: avif or webp). */
export function srcSetOf(src: string, widths = CARD_WIDTHS) {
  return isProvided(src) ? widths.map((w) => `${src}?w=${w} ${w}w`).join(', ') : undefined
}

/**
 * A picture with its box reserved (width, height and aspect ratio: no layout shift), responsive
 * candidates and lazy loading unless it is the page's first (largest) paint.
 */
export function Picture({
  src,
  alt,
  width,
  height,
  sizes,
  eager = false,
  className,
}: {
  src: string
  alt: string
  width: number
  height: number
  sizes: string
  eager?: boolean
  className?: string
}) {
  const provided = isProvided(src)
  return (
    <img
      src={provided ? `${src}?w=640` : src}
      srcSet={srcSetOf(src)}
      sizes={provided ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding={eager ? 'sync' : 'async'}
      className={className}
    />
  )
}

export function CoachAvatar({ name, src, size = 10, eager = false }: { name: string; src?: string | null; size?: 8 | 10 | 12 | 16 | 24; eager?: boolean }) {
  const px = size * 4
  if (src) {
    const provided = isProvided(src)
    // The smallest provider width (320) covers every avatar size at density 2.
    return (
      <img
        src={provided ? `${src}?w=320` : src}
        alt=""
        width={px}
        height={px}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        className={avatarBox}
        style={{ width: px, height: px }}
      />
    )
  }
  return (
    <span aria-hidden="true" className={avatarInitials} style={{ width: px, height: px, fontSize: Math.max(12, px / 2.6) }}>
      {initials(name)}
    </span>
  )
}

const starsBox = css({ display: 'inline-flex', alignItems: 'center', gap: '1', fontSize: 'sm' })
const starGlyph = css({ color: 'yellow.9' })

export function Stars({ average, count: reviews }: { average: number | null; count: number }) {
  if (!reviews || average === null) return <span className={muted}>No reviews yet</span>
  return (
    <span className={starsBox} aria-label={`Rated ${average} out of 5 from ${count(reviews, 'review')}`}>
      <span aria-hidden="true" className={starGlyph}>
        ★
      </span>
      <strong>{average.toFixed(1)}</strong>
      <span className={muted}>({reviews})</span>
    </span>
  )
}

/**
 * A badge in a tone (green: runs, red: cancelled), tinted from the tone's scale in light and dark
 * mode: its own class set, so no recipe's background competes with the tone's.
 */
const toneBase = css({
  display: 'inline-flex',
  alignItems: 'center',
  borderRadius: 'full',
  fontWeight: 'semibold',
  whiteSpace: 'nowrap',
  bg: 'colorPalette.a3',
  color: 'colorPalette.12',
})
const toneSize = { sm: css({ h: '5', px: '2', fontSize: 'xs' }), md: css({ h: '6', px: '2.5', fontSize: 'xs' }) }
const tonePalette = { green: css({ colorPalette: 'green' }), red: css({ colorPalette: 'red' }) }
export const toneBadge = (tone: 'green' | 'red', size: 'sm' | 'md' = 'sm') => cx(toneBase, toneSize[size], tonePalette[tone])

const tagBadge = cx(badge({ size: 'sm', variant: 'outline' }))
const card = {
  item: cx(cardBox, css({ display: 'flex', flexDir: 'column', overflow: 'hidden' })),
  cover: css({ display: 'block', aspectRatio: '16 / 10', bg: 'bg.muted', overflow: 'hidden' }),
  image: css({ w: 'full', h: 'full', objectFit: 'cover', display: 'block' }),
  body: css({ p: '5', display: 'flex', flexDir: 'column', gap: '3', flex: '1' }),
  badges: css({ display: 'flex', flexWrap: 'wrap', gap: '1.5' }),
  subtle: badge({ size: 'sm', variant: 'subtle' }),
  runs: toneBadge('green'),
  title: css({ fontWeight: 'semibold', fontSize: 'lg', lineHeight: 'snug' }),
  titleLink: css({ color: 'fg.default', textDecoration: 'none', _hover: { textDecoration: 'underline' } }),
  facts: css({ display: 'flex', flexDir: 'column', gap: '0.5', fontSize: 'sm', color: 'fg.muted' }),
  day: css({ color: 'fg.default', fontWeight: 'medium' }),
  tags: css({ display: 'flex', flexWrap: 'wrap', gap: '1' }),
  tag: cx(tagBadge, css({ textDecoration: 'none', _hover: { bg: 'bg.subtle' } })),
  coach: css({ display: 'flex', alignItems: 'center', gap: '2.5', mt: 'auto', pt: '2', textDecoration: 'none', color: 'fg.default' }),
  coachText: css({ display: 'flex', flexDir: 'column' }),
  coachName: css({ fontSize: 'sm', fontWeight: 'medium' }),
  foot: css({ px: '5', py: '3', borderTopWidth: '1px', borderColor: 'border.subtle', bg: 'bg.subtle', display: 'flex', alignItems: 'center', gap: '3' }),
  price: css({ fontWeight: 'bold', fontSize: 'lg' }),
  seats: { full: cx(muted, css({ color: 'red.10' })), few: cx(muted, css({ color: 'yellow.11' })), many: cx(muted, css({ color: 'fg.muted' })) },
  aside: cx(css({ ml: 'auto' }), muted),
  srOnly: css({ srOnly: true }),
  book: css({
    ml: 'auto',
    display: 'inline-flex',
    alignItems: 'center',
    h: '8',
    px: '3',
    borderRadius: 'l2',
    fontSize: 'sm',
    fontWeight: 'semibold',
    textDecoration: 'none',
    bg: 'colorPalette.default',
    color: 'colorPalette.fg',
    _hover: { bg: 'colorPalette.emphasized' },
  }),
}

/** `sizes` of a card picture in the 1/2/3-column grids of the marketplace pages. */
export const CARD_SIZES = '(min-width: 1024px) 360px, (min-width: 768px) 50vw, 100vw'

/** One schedule in a list: picture, title, when (venue time), where, coach, seats left, runs, price. */
export function ScheduleCard({
  s,
  showCoach = true,
  eager = false,
  sizes = CARD_SIZES,
  viewerTz = null,
}: {
  s: PublicSchedule
  showCoach?: boolean
  eager?: boolean
  sizes?: string
  /** The visitor's zone (the `tz` cookie): their hours show beside the venue's where they differ. */
  viewerTz?: string | null
}) {
  const w = s.workshop!
  const coach = s.coach as PublicCoach | undefined
  const left = s.seatsLeft ?? 0
  const full = left <= 0
  const started = new Date(s.startDate ?? 0).getTime() <= Date.now()
  // The card leads to the schedule's public page; booking starts there.
  const href = `/workshops/${s.id}`
  return (
    <li className={card.item} data-testid="schedule-card">
      {/* The picture leads where the title does: one link for assistive technology (the title's), the cover a click target only. */}
      {/* biome-ignore lint/a11y/useAnchorContent: hidden on purpose (the card's title link names it); out of the tab order too */}
      <a href={href} className={card.cover} tabIndex={-1} aria-hidden="true">
        {w.image ? (
          <Picture src={w.image} alt="" width={640} height={400} sizes={sizes} eager={eager} className={card.image} />
        ) : (
          <GeneratedCover title={w.title} />
        )}
      </a>
      <div className={card.body}>
        <div className={card.badges}>
          <span className={card.subtle}>{MODE_LABEL[s.mode] ?? s.mode}</span>
          <span className={card.subtle}>{LEVEL_LABEL[s.level] ?? s.level}</span>
          {s.runs && (
            <span className={card.runs} title="Enough seats are confirmed: this workshop will run">
              {CONFIRMED_TO_RUN}
            </span>
          )}
        </div>
        <h3 className={card.title}>
          <a href={href} className={card.titleLink}>
            {w.title}
          </a>
        </h3>
        <div className={card.facts}>
          <p className={card.day}>
            <time dateTime={new Date(s.startDate ?? 0).toISOString()}>{dayOf(s.startDate, s.timezone)}</time>
          </p>
          <p>{hoursOf(s.startDate, s.endDate, s.timezone, viewerTz)}</p>
          <p>{placeOf(s)}</p>
        </div>
        {w.tags && w.tags.length > 0 && (
          <ul className={card.tags} aria-label="Tags">
            {w.tags.slice(0, 4).map((t) => (
              <li key={t.id}>
                <a href={`/workshops?tag=${encodeURIComponent(t.slug)}`} className={card.tag}>
                  {t.name}
                </a>
              </li>
            ))}
          </ul>
        )}
        {showCoach && coach && (
          <a href={coach.username ? `/${coach.username}` : '#'} className={card.coach}>
            <CoachAvatar name={coach.name || coach.username || ''} src={coach.avatarUrl} size={8} eager={eager} />
            <span className={card.coachText}>
              <span className={card.coachName}>{coach.name || coach.username}</span>
              {coach.rating && coach.rating.count > 0 && <Stars average={coach.rating.average} count={coach.rating.count} />}
            </span>
          </a>
        )}
      </div>
      <div className={card.foot}>
        <span className={card.price} data-testid="price">
          {money(s.price, s.currency)}
          {s.price ? <PriceNote note={s.priceNote} /> : null}
        </span>
        <span className={full ? card.seats.full : left <= 3 ? card.seats.few : card.seats.many} data-testid="seats-left">
          {seatsLeftLabel(left)}
        </span>
        {started ? (
          <span className={card.aside}>In progress</span>
        ) : (
          <a href={href} className={card.book} data-testid="card-details">
            Details<span className={card.srOnly}> of {w.title}</span>
          </a>
        )}
      </div>
    </li>
  )
}

const pager = {
  nav: css({ display: 'flex', alignItems: 'center', gap: '1.5', flexWrap: 'wrap', justifyContent: 'center', mt: '8' }),
  item: css({
    minW: '9',
    h: '9',
    px: '2',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    borderRadius: 'l2',
    fontSize: 'sm',
    textDecoration: 'none',
    color: 'fg.default',
    borderWidth: '1px',
    borderColor: 'border.subtle',
    bg: 'bg.default',
    _hover: { bg: 'bg.subtle' },
  }),
  current: css({ bg: 'colorPalette.default!', color: 'colorPalette.fg', borderColor: 'colorPalette.default', fontWeight: 'semibold' }),
  contents: css({ display: 'contents' }),
  total: cx(muted, css({ ml: '2' })),
}

/** Page links that keep the current filters (plain links: works without JavaScript). */
export function Pagination({
  url,
  page,
  lastPage,
  total,
  label,
  totalText,
}: {
  url: URL
  page: number
  lastPage: number
  total: number
  label: string
  totalText?: string
}) {
  if (lastPage <= 1) return null
  const href = (p: number) => {
    const sp = new URLSearchParams(url.search)
    if (p <= 1) sp.delete('page')
    else sp.set('page', String(p))
    const qs = sp.toString()
    return `${url.pathname}${qs ? `?${qs}` : ''}`
  }
  const pages = [...new Set([1, page - 1, page, page + 1, lastPage].filter((p) => p >= 1 && p <= lastPage))].sort((a, b) => a - b)
  const current = cx(pager.item, pager.current)
  return (
    <nav aria-label={`${label} pages`} className={pager.nav}>
      {page > 1 && (
        <a className={pager.item} href={href(page - 1)} rel="prev">
          Previous
        </a>
      )}
      {pages.map((p, i) => (
        <span key={p} className={pager.contents}>
          {i > 0 && pages[i - 1] !== p - 1 && <span className={muted}>…</span>}
          <a className={p === page ? current : pager.item} href={href(p)} aria-current={p === page ? 'page' : undefined}>
            {p}
          </a>
        </span>
      ))}
      {page < lastPage && (
        <a className={pager.item} href={href(page + 1)} rel="next">
          Next
        </a>
      )}
      <span className={pager.total}>
        {totalText ?? total} {label.toLowerCase()}
      </span>
    </nav>
  )
}
