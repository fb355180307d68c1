/**
 * /workshops/{id}/book (no layout, signed-in only: the guard sends visitors to
 * /login?redirect=...): the schedule summary and the checkout island (seats, voucher, optional
 * billing address, card payment). A schedule that is not public and published is the 404 page.
 */
import { css, cx } from 'styled-system/css'
import { badge } from 'styled-system/recipes'
import { PriceNote } from '../../../../islands/lib/price-note'
import { config } from '../../../config'
import { Booking, myEntryOn, refundPolicyOf } from '../../../modules/bookings'
import { serializeBookingTax } from '../../../modules/tax'
import { findPublicSchedule, scheduleQuestions } from '../../../modules/workshops'
import { cookieZone } from '../../../shared/datetime'
import { toMajor } from '../../../shared/money'
import { refundDeadlineLine } from '../../../shared/refund-policy'
import { CONFIRMED_TO_RUN } from '../../../shared/vocabulary'
import { Island } from '../../island'
import { Logo } from '../../layouts/parts'
import { useRequest } from '../../request'
import { matchRoute, type PageContext, type PageModule } from '../../routes'
import { CoachAvatar, cardBox, dayOf, hoursOf, LEVEL_LABEL, MODE_LABEL, money, muted, type PublicCoach, placeOf, toneBadge } from './parts'

const summaryBox = cx(
  cardBox,
  css({
    p: { base: '4', md: '6' },
    position: { md: 'sticky' },
    top: '6',
    // From md up the summary is always open: its content shows and its head is no toggle.
    md: { '&::details-content': { contentVisibility: 'visible', display: 'block', height: 'auto' } },
  }),
)
const summaryHead = css({
  listStyle: 'none',
  cursor: { base: 'pointer', md: 'default' },
  pointerEvents: { md: 'none' },
  display: 'flex',
  flexDir: 'column',
  gap: '1',
  '&::-webkit-details-marker': { display: 'none' },
  _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default', outlineOffset: '2px', borderRadius: 'l2' },
})
const eyebrow = css({ fontSize: 'xs', fontWeight: 'semibold', textTransform: 'uppercase', letterSpacing: 'wide', color: 'fg.muted' })
const showMore = css({ color: 'fg.default', textDecoration: 'underline', textUnderlineOffset: '2px', ml: '1', 'details[open] &': { display: 'none' } })

import { RefundNote } from './refund-note'

async function load(ctx: PageContext) {
  const schedule = await findPublicSchedule(ctx.em.fork(), ctx.params.id ?? '')
  if (!schedule) return null
  // Link the confirmation to the booking page once that page is served, else to the client area.
  const bookingPage = !!matchRoute('/b/bookings/00000000-0000-0000-0000-000000000000')?.route.page
  // Coming back to a booking still waiting for payment resumes it instead of holding more seats.
  const held = await ctx.em.fork().findOne(
    Booking,
    { user: ctx.user!.id, workshopSchedule: schedule.id, status: 'PENDING', deletedAt: null, holdExpiresAt: { $gt: new Date() } },
    {
      filters: false,
      orderBy: { createdAt: 'desc' },
    },
  )
  const resume = held && {
    id: held.id,
    status: held.status,
    seats: held.seats,
    currency: held.currency,
    voucherCode: held.voucherCode ?? null,
    amountTotal: toMajor(held.amountTotal, held.currency),
    discount: toMajor(held.discount, held.currency),
    amountDue: toMajor(held.amountDue, held.currency),
    amountPaid: toMajor(held.amountPaid, held.currency),
    holdExpiresAt: held.holdExpiresAt?.toISOString() ?? null,
    tax: serializeBookingTax(held.tax, held.currency),
  }
  // The waitlist: an offer of seats held for this user (the mailed link, or their own open
  // offer) opens the checkout for exactly those seats; a full schedule offers to join.
  const entry = await myEntryOn(ctx.em, ctx.user!.id, schedule.id)
  const offer =
    entry?.status === 'OFFERED' && entry.offerExpiresAt && Date.parse(entry.offerExpiresAt) > Date.now()
      ? { id: entry.id, seats: entry.seats, expiresAt: entry.offerExpiresAt }
      : null
  const offerAsked = ctx.url.searchParams.get('offer')
  const offerGone = !!offerAsked && offer?.id !== offerAsked && !resume
  // Seats asked for on the way here (the public page's "Join the waitlist" form sends them).
  const asked = Number(ctx.url.searchParams.get('seats'))
  const wanted = Number.isInteger(asked) && asked > 0 ? Math.min(asked, schedule.workshop?.maxSeats ?? 1) : 1
  // What a cancellation gives back, spelt out before paying (the workshop's policy, else the team's).
  const [refundPolicy, questions] = await Promise.all([refundPolicyOf(ctx.em, schedule.workshopId), scheduleQuestions(ctx.em, schedule.id)])
  return {
    questions,
    schedule,
    bookingPage,
    resume,
    offer: resume ? null : offer,
    offerGone,
    entry: entry?.status === 'WAITING' ? entry : null,
    wanted,
    refundPolicy,
  }
}

type Data = NonNullable<Awaited<ReturnType<typeof load>>>

function BookPage({ data, ctx }: { data: Data; ctx: PageContext }) {
  const s = data.schedule
  const w = s.workshop!
  const coach = s.coach as PublicCoach | undefined
  const user = ctx.user!
  const started = new Date(s.startDate ?? 0).getTime() <= Date.now()
  const full = !s.seatsLeft && !data.offer && !data.resume
  const viewer = cookieZone(useRequest().cookies.tz)
  const perSeat = s.price ? `${money(s.price, s.currency)} per seat` : 'Free'
  return (
    <div className={css({ minH: '100dvh', bg: 'bg.canvas' })}>
      <header className={css({ bg: 'bg.default', borderBottomWidth: '1px', borderColor: 'border.subtle' })}>
        <div className={css({ maxW: '5xl', mx: 'auto', px: { base: '4', md: '6' }, h: '16', display: 'flex', alignItems: 'center', gap: '4' })}>
          <Logo />
          <a href="/workshops" className={cx(muted, css({ ml: 'auto', textDecoration: 'none', _hover: { color: 'fg.default' } }))}>
            ← Back to workshops
          </a>
        </div>
      </header>
      <div
        className={css({
          maxW: '5xl',
          mx: 'auto',
          px: { base: '4', md: '6' },
          py: { base: '8', md: '12' },
          display: 'grid',
          gap: '6',
          gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 6fr)' },
          alignItems: 'start',
        })}
      >
        {/* On a phone the form comes first: the summary is a collapsed line above it (open to read it all). */}
        <details aria-labelledby="summary" className={summaryBox}>
          <summary className={summaryHead}>
            <p className={eyebrow}>{data.resume ? 'Your booking' : full ? 'Waitlist' : 'Your booking'}</p>
            <h1 id="summary" className={css({ fontSize: { base: 'xl', md: '2xl' }, fontWeight: 'bold', lineHeight: 'tight' })}>
              {w.title}
            </h1>
            <p className={cx(muted, css({ hideFrom: 'md' }))}>
              {dayOf(s.startDate, s.timezone)} · {perSeat}
              {s.price ? <PriceNote note={s.priceNote} /> : null} <span className={showMore}>Details</span>
            </p>
          </summary>
          <div className={css({ display: 'flex', flexDir: 'column', gap: '4', pt: '4' })}>
            <div className={css({ display: 'flex', gap: '1.5', flexWrap: 'wrap' })}>
              <span className={badge({ size: 'sm', variant: 'subtle' })}>{MODE_LABEL[s.mode] ?? s.mode}</span>
              <span className={badge({ size: 'sm', variant: 'subtle' })}>{LEVEL_LABEL[s.level] ?? s.level}</span>
              {s.runs && <span className={toneBadge('green')}>{CONFIRMED_TO_RUN}</span>}
            </div>
            <dl className={css({ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: '4', rowGap: '2', fontSize: 'sm' })}>
              <dt className={muted}>Date</dt>
              <dd className={css({ fontWeight: 'medium' })}>{dayOf(s.startDate, s.timezone)}</dd>
              <dt className={muted}>Time</dt>
              <dd>{hoursOf(s.startDate, s.endDate, s.timezone, viewer)}</dd>
              <dt className={muted}>Where</dt>
              <dd>{placeOf(s)}</dd>
              <dt className={muted}>Price</dt>
              <dd>
                {perSeat}
                {s.price ? <PriceNote note={s.priceNote} /> : null}
              </dd>
            </dl>
            {w.description && <p className={cx(muted, css({ whiteSpace: 'pre-line', lineClamp: '6' }))}>{w.description}</p>}
            {!started && (
              <div className={css({ pt: '4', borderTopWidth: '1px', borderColor: 'border.subtle' })}>
                <RefundNote policy={data.refundPolicy} startDate={s.startDate} timezone={s.timezone} headingLevel={2} />
              </div>
            )}
            {coach && (
              <a
                href={coach.username ? `/${coach.username}` : '#'}
                className={css({
                  display: 'flex',
                  alignItems: 'center',
                  gap: '3',
                  pt: '4',
                  borderTopWidth: '1px',
                  borderColor: 'border.subtle',
                  textDecoration: 'none',
                  color: 'fg.default',
                })}
              >
                <CoachAvatar name={coach.name || coach.username || ''} src={coach.avatarUrl} size={10} />
                <span>
                  <span className={cx(muted, css({ display: 'block', fontSize: 'xs' }))}>Your coach</span>
                  <span className={css({ fontWeight: 'medium' })}>{coach.name || coach.username}</span>
                </span>
              </a>
            )}
          </div>
        </details>
        <section aria-label="Checkout" className={cx(cardBox, css({ p: { base: '5', md: '7' } }))}>
          {data.offerGone && (
            <p role="status" className={css({ mb: '4', fontSize: 'sm', bg: 'yellow.2', color: 'yellow.11', borderRadius: 'l2', px: '3', py: '2' })}>
              This waitlist offer has ended: it was booked, left, or not taken in time, and its seats went to the next person waiting.
            </p>
          )}
          {started ? (
            <div className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
              <h2 className={css({ fontSize: 'xl', fontWeight: 'semibold' })}>This workshop has already started</h2>
              <p className={muted}>It can no longer be booked. Have a look at the other workshops.</p>
              <p>
                <a href="/workshops" className={css({ color: 'colorPalette.text', textDecoration: 'underline' })}>
                  Browse workshops
                </a>
              </p>
            </div>
          ) : full ? (
            <Island
              name="waitlist"
              props={{
                mode: 'schedule',
                scheduleId: s.id,
                maxSeats: w.maxSeats ?? 1,
                seats: data.wanted,
                offerMinutes: config.WAITLIST_OFFER_MINUTES,
                entry: data.entry && {
                  id: data.entry.id,
                  position: data.entry.position,
                  seats: data.entry.seats,
                  status: data.entry.status,
                  offerExpiresAt: data.entry.offerExpiresAt,
                  workshopScheduleId: data.entry.workshopScheduleId,
                },
              }}
            />
          ) : (
            <Island
              name="checkout"
              props={{
                scheduleId: s.id,
                userId: user.id,
                billingName: [user.profile?.firstName, user.profile?.lastName].filter(Boolean).join(' ') || user.email,
                email: user.email,
                title: w.title,
                price: s.price ?? 0,
                currency: s.currency ?? 'usd',
                seatsLeft: s.seatsLeft ?? 0,
                priceNote: s.priceNote ?? null,
                bookingUrl: data.bookingPage ? '/b/bookings/{id}' : '/b',
                session: {
                  startDate: s.startDate ?? '',
                  endDate: s.endDate ?? '',
                  timezone: s.timezone,
                  place: placeOf(s),
                  when: `${dayOf(s.startDate, s.timezone)}, ${hoursOf(s.startDate, s.endDate, s.timezone, viewer)}`,
                },
                refundDeadline: started ? null : refundDeadlineLine(data.refundPolicy, s.startDate, s.timezone),
                resume: data.resume,
                offer: data.offer,
                seats: data.wanted,
                questions: data.questions,
              }}
            />
          )}
        </section>
      </div>
    </div>
  )
}

export default {
  title: (d: Data) => `Book ${d.schedule.workshop?.title ?? 'a workshop'}`,
  load,
  Page: BookPage,
} satisfies PageModule<Data>
