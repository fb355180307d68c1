/**
 * Pieces the public marketplace screens share (/workshops, /consultants, /{username},
 * /workshops/{id}/book): money and dates as the schedule's venue sees them, the coach avatar,
 * a workshop schedule card. Server-only, no JavaScript.
 */
import { css, cx } from 'styled-system/css'
import { badge } from 'styled-system/recipes'
import type { listPublicSchedules } from '../../../modules/workshops/public.service'
import { countryByCode } from '../../../shared/countries'

export type PublicSchedule = Awaited<ReturnType<typeof listPublicSchedules>>['data'][number]
export type PublicCoach = NonNullable<PublicSchedule['coach']> & { rating?: { average: number | null; count: number } }

export const container = css({ maxW: '6xl', mx: 'auto', px: { base: '4', md: '6' } })
export const muted = css({ color: 'fg.muted', fontSize: 'sm' })
export const cardBox = css({ bg: 'bg.default', borderWidth: '1px', borderColor: 'border.subtle', borderRadius: 'l3', boxShadow: 'xs' })

/** Decimal amount (as the API shows it) in its currency; 0 reads "Free". */
export function money(amount: number | null | undefined, currency: string | null | undefined) {
  if (!amount) return 'Free'
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: (currency ?? 'usd').toUpperCase() }).format(amount)
  } catch {
    return `${amount.toFixed(2)} ${(currency ?? '').toUpperCase()}`
  }
}

type When = Date | string | null | undefined
type Zone = string | null | undefined

function fmt(d: When, tz: Zone, opts: Intl.DateTimeFormatOptions) {
  try {
    return new Intl.DateTimeFormat('en-US', { ...opts, timeZone: tz || 'UTC' }).format(new Date(d ?? 0))
  } catch {
    return new Intl.DateTimeFormat('en-US', { ...opts, timeZone: 'UTC' }).format(new Date(d ?? 0))
  }
}

/** "Tue, Dec 1, 2026" in the schedule's time zone. */
export const dayOf = (d: When, tz: Zone) => fmt(d, tz, { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' })
/** "9:00 AM – 12:00 PM GMT" in the schedule's time zone. */
export function hoursOf(start: When, end: When, tz: Zone) {
  const from = fmt(start, tz, { hour: 'numeric', minute: '2-digit' })
  const to = fmt(end, tz, { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' })
  const sameDay = dayOf(start, tz) === dayOf(end, tz)
  return sameDay ? `${from} – ${to}` : `${from} – ${dayOf(end, tz)} ${to}`
}

export const MODE_LABEL: Record<string, string> = { 'IN-PERSON': 'In person', ONLINE: 'Online', HYBRID: 'Hybrid' }
export const LEVEL_LABEL: Record<string, string> = { BEGINNER: 'Beginner', INTERMEDIATE: 'Intermediate', ADVANCED: 'Advanced' }

export function placeOf(s: Pick<PublicSchedule, 'mode' | 'city' | 'country' | 'venueName'>) {
  const country = countryByCode(s.country)
  const where = [s.venueName, s.city, country?.name].filter(Boolean).join(', ')
  if (s.mode === 'ONLINE') return 'Online'
  return where || (MODE_LABEL[s.mode] ?? s.mode)
}

const initials = (name: string) => name.split(/\s+/).filter(Boolean).slice(0, 2).map((w) => w[0]!.toUpperCase()).join('') || '?'

export function CoachAvatar({ name, src, size = 10 }: { name: string; src?: string | null; size?: 8 | 10 | 12 | 16 | 24 }) {
  const box = css({ borderRadius: 'full', flexShrink: '0', objectFit: 'cover' })
  const px = size * 4
  if (src) return <img src={src} alt="" width={px} height={px} className={box} style={{ width: px, height: px }} />
  return (
    <span
      aria-hidden="true"
      className={cx(box, css({ bg: 'colorPalette.default', color: 'colorPalette.fg', display: 'inline-flex', alignItems: 'center', justifyContent: 'center', fontWeight: 'semibold' }))}
      style={{ width: px, height: px, fontSize: Math.max(12, px / 2.6) }}
    >
      {initials(name)}
    </span>
  )
}

export function Stars({ average, count }: { average: number | null; count: number }) {
  if (!count || average === null) return <span className={muted}>No reviews yet</span>
  return (
    <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '1', fontSize: 'sm' })} aria-label={`Rated ${average} out of 5 from ${count} reviews`}>
      <span aria-hidden="true" className={css({ color: 'amber.9' })}>★</span>
      <strong>{average.toFixed(1)}</strong>
      <span className={muted}>({count})</span>
    </span>
  )
}

const tagBadge = cx(badge({ size: 'sm', variant: 'outline' }))

/** One schedule in a list: title, when (venue time), where, coach, seats left, runs, price. */
export function ScheduleCard({ s, showCoach = true }: { s: PublicSchedule; showCoach?: boolean }) {
  const w = s.workshop!
  const coach = s.coach as PublicCoach | undefined
  const left = s.seatsLeft ?? 0
  const full = left <= 0
  const started = new Date(s.startDate ?? 0).getTime() <= Date.now()
  return (
    <li className={cx(cardBox, css({ display: 'flex', flexDir: 'column', overflow: 'hidden' }))} data-testid="schedule-card">
      <div className={css({ p: '5', display: 'flex', flexDir: 'column', gap: '3', flex: '1' })}>
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '1.5' })}>
          <span className={badge({ size: 'sm', variant: 'subtle' })}>{MODE_LABEL[s.mode] ?? s.mode}</span>
          <span className={badge({ size: 'sm', variant: 'subtle' })}>{LEVEL_LABEL[s.level] ?? s.level}</span>
          {s.runs && (
            <span className={cx(badge({ size: 'sm', variant: 'solid' }), css({ bg: 'green.9', color: 'white' }))} title="Enough seats are confirmed: this workshop will run">
              Runs
            </span>
          )}
        </div>
        <h3 className={css({ fontWeight: 'semibold', fontSize: 'lg', lineHeight: 'snug' })}>
          <a href={`/workshops/${s.id}/book`} className={css({ color: 'fg.default', textDecoration: 'none', _hover: { textDecoration: 'underline' } })}>{w.title}</a>
        </h3>
        <div className={css({ display: 'flex', flexDir: 'column', gap: '0.5', fontSize: 'sm', color: 'fg.muted' })}>
          <p className={css({ color: 'fg.default', fontWeight: 'medium' })}><time dateTime={new Date(s.startDate ?? 0).toISOString()}>{dayOf(s.startDate, s.timezone)}</time></p>
          <p>{hoursOf(s.startDate, s.endDate, s.timezone)}</p>
          <p>{placeOf(s)}</p>
        </div>
        {w.tags && w.tags.length > 0 && (
          <ul className={css({ display: 'flex', flexWrap: 'wrap', gap: '1' })} aria-label="Tags">
            {w.tags.slice(0, 4).map((t) => <li key={t.id}><a href={`/workshops?tag=${encodeURIComponent(t.slug)}`} className={cx(tagBadge, css({ textDecoration: 'none', _hover: { bg: 'bg.subtle' } }))}>{t.name}</a></li>)}
          </ul>
        )}
        {showCoach && coach && (
          <a href={coach.username ? `/${coach.username}` : '#'} className={css({ display: 'flex', alignItems: 'center', gap: '2.5', mt: 'auto', pt: '2', textDecoration: 'none', color: 'fg.default' })}>
            <CoachAvatar name={coach.name || coach.username || ''} src={coach.avatarUrl} size={8} />
            <span className={css({ display: 'flex', flexDir: 'column' })}>
              <span className={css({ fontSize: 'sm', fontWeight: 'medium' })}>{coach.name || coach.username}</span>
              {coach.rating && coach.rating.count > 0 && <Stars average={coach.rating.average} count={coach.rating.count} />}
            </span>
          </a>
        )}
      </div>
      <div className={css({ px: '5', py: '3', borderTopWidth: '1px', borderColor: 'border.subtle', bg: 'bg.subtle', display: 'flex', alignItems: 'center', gap: '3' })}>
        <span className={css({ fontWeight: 'bold', fontSize: 'lg' })} data-testid="price">{money(s.price, s.currency)}</span>
        <span className={cx(muted, css({ color: full ? 'red.10' : left <= 3 ? 'amber.11' : 'fg.muted' }))} data-testid="seats-left">
          {full ? 'Sold out' : `${left} ${left === 1 ? 'seat' : 'seats'} left`}
        </span>
        {started ? (
          <span className={cx(css({ ml: 'auto' }), muted)}>In progress</span>
        ) : full ? (
          <span className={cx(css({ ml: 'auto' }), muted)}>Full</span>
        ) : (
          <a href={`/workshops/${s.id}/book`} className={css({ ml: 'auto', display: 'inline-flex', alignItems: 'center', h: '8', px: '3', borderRadius: 'l2', fontSize: 'sm', fontWeight: 'semibold', textDecoration: 'none', bg: 'colorPalette.default', color: 'colorPalette.fg', _hover: { bg: 'colorPalette.emphasized' } })}>
            Book
          </a>
        )}
      </div>
    </li>
  )
}

/** Page links that keep the current filters (plain links: works without JavaScript). */
export function Pagination({ url, page, lastPage, total, label }: { url: URL; page: number; lastPage: number; total: number; label: string }) {
  if (lastPage <= 1) return null
  const href = (p: number) => {
    const sp = new URLSearchParams(url.search)
    if (p <= 1) sp.delete('page')
    else sp.set('page', String(p))
    const qs = sp.toString()
    return `${url.pathname}${qs ? `?${qs}` : ''}`
  }
  const pages = [...new Set([1, page - 1, page, page + 1, lastPage].filter((p) => p >= 1 && p <= lastPage))].sort((a, b) => a - b)
  const item = css({ minW: '9', h: '9', px: '2', display: 'inline-flex', alignItems: 'center', justifyContent: 'center', borderRadius: 'l2', fontSize: 'sm', textDecoration: 'none', color: 'fg.default', borderWidth: '1px', borderColor: 'border.subtle', bg: 'bg.default', _hover: { bg: 'bg.subtle' } })
  const current = css({ bg: 'colorPalette.default!', color: 'colorPalette.fg', borderColor: 'colorPalette.default', fontWeight: 'semibold' })
  return (
    <nav aria-label={`${label} pages`} className={css({ display: 'flex', alignItems: 'center', gap: '1.5', flexWrap: 'wrap', justifyContent: 'center', mt: '8' })}>
      {page > 1 && <a className={item} href={href(page - 1)} rel="prev">Previous</a>}
      {pages.map((p, i) => (
        <span key={p} className={css({ display: 'contents' })}>
          {i > 0 && pages[i - 1] !== p - 1 && <span className={muted}>…</span>}
          <a className={cx(item, p === page && current)} href={href(p)} aria-current={p === page ? 'page' : undefined}>{p}</a>
        </span>
      ))}
      {page < lastPage && <a className={item} href={href(page + 1)} rel="next">Next</a>}
      <span className={cx(muted, css({ ml: '2' }))}>{total} {label.toLowerCase()}</span>
    </nav>
  )
}
