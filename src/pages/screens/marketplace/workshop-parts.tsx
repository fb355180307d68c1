/**
 * Sections of the public workshop page (/workshops/{id}): facts with icons, the booking card in
 * each state, the venue with a link to a map, the coach, reviews, public resources and the
 * other dates. Server-only markup, no JavaScript; styles are computed once at load.
 */
import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { badge, button } from 'styled-system/recipes'
import { NativeSelect } from '../../../../design-system/components/native-select/native-select'
import { PriceNote } from '../../../../islands/lib/price-note'
import type { OtherDate, PageResource, PageState, SchedulePage } from '../../../modules/workshops'
import { countryByCode } from '../../../shared/countries'
import { formatIn } from '../../../shared/datetime'
import { FULLY_BOOKED, seatsLeftLabel } from '../../../shared/vocabulary'
import { count } from '../../../shared/words'
import { CoachAvatar, cardBox, dayOf, hoursOf, MODE_LABEL, momentOf, money, muted, type PublicCoach, placeOf, Stars } from './parts'
import { RefundNote } from './refund-note'

export const sectionBox = cx(cardBox, css({ p: { base: '5', md: '7' }, display: 'flex', flexDir: 'column', gap: '4', minW: '0' }))
export const h2 = css({ fontSize: 'xl', fontWeight: 'semibold', lineHeight: 'snug' })
const link = css({ color: 'fg.default', textDecoration: 'underline', textUnderlineOffset: '2px', _hover: { color: 'colorPalette.text' } })
const prose = css({ whiteSpace: 'pre-line', lineHeight: 'relaxed', overflowWrap: 'anywhere' })

// ------------------------------------------------------------------ icons (decorative)
const iconCss = css({ flexShrink: '0', color: 'fg.muted', mt: '0.5' })
function Icon({ d }: { d: string }) {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={iconCss}
    >
      <path d={d} />
    </svg>
  )
}
export const ICONS = {
  calendar: 'M8 2v4M16 2v4M3 10h18M5 4h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z',
  clock: 'M12 6v6l4 2M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z',
  pin: 'M12 22s-7-6.2-7-12a7 7 0 0 1 14 0c0 5.8-7 12-7 12zM12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
  screen: 'M4 5h16a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zM8 21h8M12 17v4',
  seats: 'M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM22 21v-2a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8',
  level: 'M4 20V14M10 20V9M16 20V4',
  check: 'M20 6 9 17l-5-5',
  file: 'M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8zM14 2v6h6',
  link: 'M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7',
  play: 'M6 4l14 8-14 8z',
}

const factRow = css({ display: 'flex', gap: '3', alignItems: 'flex-start', minW: '0' })
const factTerm = css({ display: 'flex', flexShrink: '0' })
const factText = css({ display: 'flex', flexDir: 'column', minW: '0', overflowWrap: 'anywhere' })
const srOnly = css({ srOnly: true })
/** One fact of a `<dl>`: the term is the icon with its name for screen readers, the value beside it. */
export function Fact({ icon, label, children }: { icon: keyof typeof ICONS; label: string; children: ReactNode }) {
  return (
    <div className={factRow}>
      <dt className={factTerm}>
        <Icon d={ICONS[icon]} />
        <span className={srOnly}>{label}</span>
      </dt>
      <dd className={factText}>{children}</dd>
    </div>
  )
}

// ------------------------------------------------------------------ time
/** "3 hours", "1 hour 30 minutes", "2 days". */
export function durationOf(start: string | null, end: string | null) {
  const minutes = Math.max(0, Math.round((new Date(end ?? 0).getTime() - new Date(start ?? 0).getTime()) / 60_000))
  if (minutes >= 24 * 60 && minutes % (24 * 60) === 0) return count(minutes / 1440, 'day')
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  const hours = h ? count(h, 'hour') : ''
  const mins = m ? count(m, 'minute') : ''
  return [hours, mins].filter(Boolean).join(' ') || '0 minutes'
}

// ------------------------------------------------------------------ place
/** Countries whose addresses put the postal code before the town ("1100-053 Lisbon"); elsewhere it follows ("London EC1M 5PA"). */
const ZIP_FIRST = new Set([
  'AT',
  'BE',
  'CH',
  'DE',
  'DK',
  'ES',
  'FI',
  'FR',
  'IS',
  'IT',
  'LU',
  'MX',
  'NL',
  'NO',
  'PL',
  'PT',
  'SE',
  'BR',
  'CZ',
  'GR',
  'HR',
  'HU',
  'SK',
  'SI',
])

export function addressLines(p: Pick<SchedulePage, 'venueName' | 'addressLine1' | 'addressLine2' | 'city' | 'state' | 'zip' | 'country'>) {
  const country = countryByCode(p.country)?.name ?? p.country
  const town = ZIP_FIRST.has((p.country ?? '').toUpperCase()) ? [p.zip, p.city, p.state] : [p.city, p.state, p.zip]
  return [p.venueName, p.addressLine1, p.addressLine2, town.filter(Boolean).join(' '), country].filter((x): x is string => !!x)
}

/** A search for the address on OpenStreetMap (a plain link: no map script on the page). */
export const mapUrl = (lines: string[]) => `https://www.openstreetmap.org/search?query=${encodeURIComponent(lines.join(', '))}`

export function WhereSection({ p }: { p: SchedulePage }) {
  const lines = addressLines(p)
  const inPerson = p.mode !== 'ONLINE'
  const online = p.mode !== 'IN-PERSON'
  return (
    <section className={sectionBox} aria-labelledby="where-title">
      <h2 id="where-title" className={h2}>
        Where
      </h2>
      {inPerson && (
        <div className={css({ display: 'flex', gap: '3', alignItems: 'flex-start' })}>
          <Icon d={ICONS.pin} />
          <div className={css({ display: 'flex', flexDir: 'column', gap: '1', minW: '0' })}>
            <address className={css({ fontStyle: 'normal', lineHeight: 'relaxed' })} data-testid="venue">
              {lines.map((l, i) => (
                <span key={l + i} className={i === 0 ? css({ fontWeight: 'semibold', display: 'block' }) : css({ display: 'block' })}>
                  {l}
                </span>
              ))}
            </address>
            {lines.length > 0 && (
              <a href={mapUrl(lines)} className={link} rel="noopener noreferrer">
                Open in a map (OpenStreetMap)
              </a>
            )}
          </div>
        </div>
      )}
      {online && (
        <div className={css({ display: 'flex', gap: '3', alignItems: 'flex-start' })}>
          <Icon d={ICONS.screen} />
          <p>
            {p.mode === 'HYBRID' ? 'Or join online. ' : 'Online. '}
            <span className={muted}>The joining link is in your booking once your seat is confirmed.</span>
          </p>
        </div>
      )}
    </section>
  )
}

// ------------------------------------------------------------------ booking card
export const STATE_TITLE: Record<PageState, string> = {
  open: 'Book your seat',
  full: FULLY_BOOKED,
  running: 'This session is under way',
  ended: 'This session has ended',
  cancelled: 'This session was cancelled',
}

export function seatsText(left: number, max: number) {
  if (left <= 0) return FULLY_BOOKED
  if (left <= 3) return `Only ${count(left, 'seat left')}`
  return `${left} of ${count(max, 'seat')} left`
}

const bookCard = cx(
  cardBox,
  css({ p: { base: '5', md: '6' }, display: 'flex', flexDir: 'column', gap: '4', position: { lg: 'sticky' }, top: '6', boxShadow: 'md' }),
)
const priceCss = css({ fontSize: '3xl', fontWeight: 'bold', letterSpacing: 'tight', lineHeight: '1' })
const seatsCss = {
  few: css({ color: 'yellow.11', fontWeight: 'semibold', fontSize: 'sm' }),
  many: css({ color: 'fg.muted', fontSize: 'sm' }),
  none: css({ color: 'red.11', fontWeight: 'semibold', fontSize: 'sm' }),
}

/** The signed-in visitor's place on this schedule's waitlist (waiting, or seats held for them). */
export interface MyWaitlistPlace {
  id: string
  status: string
  position: number | null
  seats: number
  offerExpiresAt: string | null
}

export function BookingCard({
  p,
  state,
  preview,
  offerMinutes,
  mine = null,
  children,
}: {
  p: SchedulePage
  state: PageState
  preview: boolean
  /** How long seats offered from the waitlist stay held (WAITLIST_OFFER_MINUTES). */
  offerMinutes: number
  mine?: MyWaitlistPlace | null
  children?: ReactNode
}) {
  const left = p.seatsLeft ?? 0
  const offered = mine?.status === 'OFFERED' && mine.offerExpiresAt && Date.parse(mine.offerExpiresAt) > Date.now() ? mine : null
  const waiting = mine?.status === 'WAITING' ? mine : null
  const bookable = state === 'open' && !preview && !offered
  return (
    <section className={bookCard} aria-labelledby="book-title" id="book">
      <div className={css({ display: 'flex', alignItems: 'baseline', gap: '2', flexWrap: 'wrap' })}>
        <span className={priceCss} data-testid="price">
          {money(p.price, p.currency)}
        </span>
        {!!p.price && (
          <span className={muted}>
            per seat · {(p.currency ?? 'usd').toUpperCase()}
            <PriceNote note={p.priceNote} />
          </span>
        )}
      </div>
      <h2 id="book-title" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
        {STATE_TITLE[state]}
      </h2>
      {/* Full: the heading says so once. Confirmed to run: the badge at the top says it. */}
      {state === 'open' && (
        <p className={left <= 3 ? seatsCss.few : seatsCss.many} data-testid="seats-left">
          {seatsText(left, p.workshop.maxSeats)}
        </p>
      )}
      {bookable && (
        <>
          <a href={`/workshops/${p.id}/book`} className={cx(button({ size: 'xl' }), css({ w: 'full' }))} data-testid="book">
            Book
          </a>
          <p className={muted}>
            Sign in or create an account on the way, then pay by card. The checkout confirms the seats left (the count here may be a few seconds old). You can
            invite colleagues to your seats after booking.
          </p>
        </>
      )}
      {state === 'open' && preview && <p className={muted}>Bookings open once the schedule is published and public.</p>}
      {offered && !preview && (state === 'open' || state === 'full') && <HeldForYou p={p} offer={offered} />}
      {state === 'full' &&
        !preview &&
        !offered &&
        (waiting ? <WaitingPlace p={p} entry={waiting} /> : <FullyBookedActions p={p} offerMinutes={offerMinutes} />)}
      {state === 'running' && <p className={muted}>It started on {dayOf(p.startDate, p.timezone)} and can no longer be booked.</p>}
      {state === 'ended' && <p className={muted}>It took place on {dayOf(p.startDate, p.timezone)}.</p>}
      {state === 'cancelled' && <p className={muted}>The coach called it off. Anyone who had booked was refunded in full.</p>}
      {state !== 'open' && <NextDates dates={p.otherDates} compact />}
      {(state === 'open' || state === 'full') && (
        <div className={css({ borderTopWidth: '1px', borderColor: 'border.subtle', pt: '4' })}>
          <RefundNote policy={p.refundPolicy} startDate={p.startDate} timezone={p.timezone} />
        </div>
      )}
      {children}
    </section>
  )
}

const seatsOf = (n: number) => count(n, 'seat')

/**
 * The action area of a fully booked schedule: "Join the waitlist" for 1 to the workshop's
 * maximum seats, a plain GET form (no JavaScript) to the checkout with `?seats=N`. The
 * checkout's guard takes a visitor through sign-in or registration and back to that address,
 * where the sold-out checkout's waitlist island joins with those seats preselected.
 */
function FullyBookedActions({ p, offerMinutes }: { p: SchedulePage; offerMinutes: number }) {
  const max = Math.max(1, p.workshop.maxSeats)
  return (
    <div data-slot="fully-booked-actions" className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
      <form method="get" action={`/workshops/${p.id}/book`} aria-label="Join the waitlist" className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
        <div className={css({ display: 'flex', flexDir: 'column', gap: '1.5' })}>
          <label htmlFor="waitlist-seats" className={css({ fontSize: 'sm', fontWeight: 'medium' })}>
            Seats you need
          </label>
          <NativeSelect
            id="waitlist-seats"
            name="seats"
            defaultValue="1"
            size="lg"
            options={Array.from({ length: max }, (_, i) => ({ value: String(i + 1), label: seatsOf(i + 1) }))}
          />
        </div>
        <button type="submit" className={cx(button({ size: 'xl' }), css({ w: 'full' }))} data-testid="join-waitlist">
          Join the waitlist
        </button>
      </form>
      <p className={muted}>
        When seats come free they are offered in order to the people waiting whose party fits, held for {offerMinutes} minutes, and you get an email with a link
        to book them. Sign in or create an account on the way.
      </p>
      {p.otherDates.length === 0 && (
        <a href="/workshops" className={cx(button({ size: 'lg', variant: 'outline' }), css({ w: 'full' }))}>
          Browse other workshops
        </a>
      )}
    </div>
  )
}

/** The signed-in visitor already waits on this schedule: their place, and the checkout where they can leave. */
function WaitingPlace({ p, entry }: { p: SchedulePage; entry: MyWaitlistPlace }) {
  return (
    <div data-slot="waitlist-place" className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
      <p role="status" data-testid="waitlist-place" className={css({ fontWeight: 'medium' })}>
        You are number {entry.position ?? '—'} on the waitlist for {seatsOf(entry.seats)}.
      </p>
      <p className={muted}>We will email you as soon as {entry.seats === 1 ? 'a seat is' : `${count(entry.seats, 'seat is')}`} free for you.</p>
      <a href={`/workshops/${p.id}/book`} className={cx(button({ size: 'lg', variant: 'outline' }), css({ w: 'full' }))}>
        Your place on the waitlist
      </a>
    </div>
  )
}

/** Seats held for the signed-in visitor from the waitlist: the checkout for exactly those seats. */
function HeldForYou({ p, offer }: { p: SchedulePage; offer: MyWaitlistPlace }) {
  return (
    <div data-slot="waitlist-offer" className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
      <p role="status" data-testid="waitlist-offer" className={css({ fontWeight: 'medium' })}>
        {count(offer.seats, 'seat is')} held for you until {momentOf(offer.offerExpiresAt, p.timezone)}.
      </p>
      <a href={`/workshops/${p.id}/book?offer=${offer.id}`} className={cx(button({ size: 'xl' }), css({ w: 'full' }))} data-testid="book-offer">
        Book your held seats
      </a>
      <p className={muted}>Not booked by then, they go to the next person waiting.</p>
    </div>
  )
}

const dateItem = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  p: '3',
  borderWidth: '1px',
  borderColor: 'border.subtle',
  borderRadius: 'l2',
  textDecoration: 'none',
  color: 'fg.default',
  bg: 'bg.default',
  _hover: { borderColor: 'border.default', bg: 'bg.subtle' },
})
const dateBadge = css({
  display: 'flex',
  flexDir: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  w: '12',
  h: '12',
  flexShrink: '0',
  borderRadius: 'l2',
  bg: 'colorPalette.subtle.bg',
  color: 'colorPalette.subtle.fg',
  lineHeight: '1.1',
})
/** "Dec" and "7" of a date on its venue's clock (the date badge). */
function monthDay(d: string, tz: string) {
  const [month = '', day = ''] = formatIn('dayMonth', d, tz).split(' ')
  return { month, day }
}

/** The coach's other coming dates of the same workshop, each linking to its own page. */
export function NextDates({ dates, compact = false }: { dates: OtherDate[]; compact?: boolean }) {
  if (!dates.length) return null
  const shown = compact ? dates.slice(0, 3) : dates
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
      {compact && <h3 className={css({ fontSize: 'sm', fontWeight: 'semibold' })}>Next dates</h3>}
      <ul className={css({ display: 'flex', flexDir: 'column', gap: '2' })} aria-label="Other dates of this workshop">
        {shown.map((d) => {
          const md = monthDay(d.startDate, d.timezone)
          return (
            <li key={d.id}>
              <a href={`/workshops/${d.id}`} className={dateItem} data-testid="other-date">
                <span className={dateBadge} aria-hidden="true">
                  <span className={css({ fontSize: 'xs', fontWeight: 'semibold', textTransform: 'uppercase' })}>{md.month}</span>
                  <span className={css({ fontSize: 'lg', fontWeight: 'bold' })}>{md.day}</span>
                </span>
                <span className={css({ display: 'flex', flexDir: 'column', minW: '0' })}>
                  <span className={css({ fontWeight: 'medium', fontSize: 'sm' })}>{dayOf(d.startDate, d.timezone)}</span>
                  <span className={muted}>
                    {hoursOf(d.startDate, d.endDate, d.timezone)} · {placeOf({ mode: d.mode, city: d.city, country: d.country, venueName: d.venueName })}
                  </span>
                  <span className={d.seatsLeft <= 0 ? seatsCss.none : d.seatsLeft <= 3 ? seatsCss.few : seatsCss.many}>{seatsLeftLabel(d.seatsLeft)}</span>
                </span>
              </a>
            </li>
          )
        })}
      </ul>
    </div>
  )
}

// ------------------------------------------------------------------ coach, reviews, resources
export function CoachSection({ p }: { p: SchedulePage }) {
  const coach = p.coach as PublicCoach & { profile?: { headline?: string | null }; coachProfile?: { bio?: string | null; businessName?: string | null } }
  const name = coach.name || coach.username || 'The coach'
  const bio = coach.coachProfile?.bio?.trim()
  const href = coach.username ? `/${coach.username}` : null
  return (
    <section className={sectionBox} aria-labelledby="coach-title">
      <h2 id="coach-title" className={h2}>
        Your coach
      </h2>
      <div className={css({ display: 'flex', gap: '4', alignItems: 'center' })}>
        <CoachAvatar name={name} src={coach.avatarUrl} size={16} />
        <div className={css({ display: 'flex', flexDir: 'column', gap: '0.5', minW: '0' })}>
          <p className={css({ fontWeight: 'semibold', fontSize: 'lg' })}>
            {href ? (
              <a href={href} className={link} data-testid="coach-link">
                {name}
              </a>
            ) : (
              name
            )}
          </p>
          {coach.profile?.headline && <p className={muted}>{coach.profile.headline}</p>}
          <Stars average={coach.rating?.average ?? null} count={coach.rating?.count ?? 0} />
        </div>
      </div>
      {bio && <p className={cx(prose, css({ lineClamp: '5' }))}>{bio}</p>}
      {href && (
        <p>
          <a href={href} className={button({ size: 'sm', variant: 'outline' })}>
            View {name.split(' ')[0]}'s profile
          </a>
        </p>
      )}
    </section>
  )
}

const starRow = css({ color: 'yellow.9', letterSpacing: '0.1em' })
export function ReviewsSection({ p }: { p: SchedulePage }) {
  const r = p.workshopRating
  return (
    <section className={sectionBox} aria-labelledby="reviews-title">
      <div className={css({ display: 'flex', alignItems: 'baseline', gap: '3', flexWrap: 'wrap' })}>
        <h2 id="reviews-title" className={h2}>
          Reviews
        </h2>
        {r.count > 0 && <Stars average={r.average} count={r.count} />}
      </div>
      {r.count === 0 ? (
        <p className={muted}>No reviews yet. Attendees rate a session once it is over; only people who attended can leave one.</p>
      ) : (
        <>
          <p className={muted}>{count(r.count, 'rating')} from verified attendees of past sessions of this workshop.</p>
          {p.reviews.length > 0 && (
            <ul className={css({ display: 'flex', flexDir: 'column', gap: '4' })} aria-label="Reviews from attendees">
              {p.reviews.map((x, i) => (
                <li
                  key={i}
                  className={css({
                    display: 'flex',
                    flexDir: 'column',
                    gap: '1.5',
                    pt: i ? '4' : '0',
                    borderTopWidth: i ? '1px' : '0',
                    borderColor: 'border.subtle',
                  })}
                >
                  <p className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
                    <span className={starRow} role="img" aria-label={`${x.rating} out of 5 stars`}>
                      {'★'.repeat(x.rating)}
                      <span className={css({ color: 'border.default' })}>{'★'.repeat(5 - x.rating)}</span>
                    </span>
                    <span className={css({ fontWeight: 'semibold', fontSize: 'sm' })}>{x.author}</span>
                    <span className={cx(badge({ size: 'sm', variant: 'subtle' }))}>Attended</span>
                  </p>
                  <blockquote className={prose}>{x.comment}</blockquote>
                  <p className={muted}>Session of {formatIn('month', x.sessionStart, 'UTC')}</p>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  )
}

const RESOURCE_LABEL: Record<string, string> = { file: 'File', document: 'Document', link: 'Link', video: 'Video', agent: 'Assistant', bundle: 'Bundle' }
const kb = (n: number | null) => (n ? (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(n / 1024)} KB`) : null)

export function ResourcesSection({ resources }: { resources: PageResource[] }) {
  if (!resources.length) return null
  return (
    <section className={sectionBox} aria-labelledby="resources-title">
      <h2 id="resources-title" className={h2}>
        Free resources
      </h2>
      <p className={muted}>Shared by the coach with everyone. Attendees get the rest of the material after booking.</p>
      <ul className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
        {resources.map((r) => (
          <li key={r.id} className={css({ display: 'flex', gap: '3', alignItems: 'flex-start' })}>
            <Icon d={r.type === 'video' ? ICONS.play : r.type === 'file' || r.type === 'document' ? ICONS.file : ICONS.link} />
            <div className={css({ display: 'flex', flexDir: 'column', gap: '0.5', minW: '0' })}>
              <p className={css({ fontWeight: 'medium', overflowWrap: 'anywhere' })}>
                {r.href ? (
                  <a href={r.href} className={link} rel={r.href.startsWith('/') ? undefined : 'noopener noreferrer nofollow'}>
                    {r.title}
                  </a>
                ) : (
                  r.title
                )}
              </p>
              <p className={muted}>{[RESOURCE_LABEL[r.type] ?? r.type, kb(r.fileSize), r.description].filter(Boolean).join(' · ')}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}

export const modeLabel = (p: SchedulePage) => MODE_LABEL[p.mode] ?? p.mode
