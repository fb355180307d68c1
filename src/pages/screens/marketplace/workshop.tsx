/**
 * /workshops/{scheduleId}: the public page of one workshop schedule (marketing layout, no
 * JavaScript). Everything a buyer weighs (picture, description, what you will learn, level,
 * format and venue with a map link, date and time on the venue's clock with a UTC hint,
 * duration, price, seats left, the coach, the other dates, verified reviews, public resources)
 * and the "Book" action to the checkout /workshops/{id}/book, whose guard takes a visitor
 * through sign-in or registration and back.
 *
 * Past, running, fully booked and cancelled sessions get their own wording and the next dates;
 * a draft or private schedule (and an unknown id) is the 404 page for everyone but its coach and
 * the tenant's managers, who see it with a preview notice. JSON-LD Event, Open Graph and Twitter
 * tags with a picture drawn per workshop (seo/og-image.ts), canonical address; unlisted
 * schedules and previews are kept out of search results.
 *
 * A fully booked session offers "Join the waitlist" for N seats: a GET form to the checkout
 * (?seats=N), through sign-in on the way; a signed-in visitor who already waits sees their place,
 * one holding seats offered from the waitlist the link to book them. The refund policy (the
 * workshop's, else the team's) is spelt out beside the booking action.
 *
 * Cost: one SQL statement (loadSchedulePage), shared by every visitor for two seconds like the
 * other marketplace pages (cache.ts), and the body rendered once per data and state; a signed-in
 * visitor of a session on sale adds one indexed read of their waitlist entry.
 */
import { renderToStaticMarkup } from 'react-dom/server'
import { css, cx } from 'styled-system/css'
import { badge } from 'styled-system/recipes'
import { config } from '../../../config'
import { myEntryOn } from '../../../modules/bookings'
import { isPublicPage, loadSchedulePage, mayPreview, type PageState, pageState, type SchedulePage } from '../../../modules/workshops'
import { cookieZone, viewerHours, zoneLabel } from '../../../shared/datetime'
import { CONFIRMED_TO_RUN } from '../../../shared/vocabulary'
import { countRange, upTo } from '../../../shared/words'
import { escapeJson } from '../../island'
import { useRequest } from '../../request'
import type { PageContext, PageMeta, PageModule } from '../../routes'
import { eventLd } from '../../seo/event-ld'
import { OG_HEIGHT, OG_WIDTH, ogImageUrl, ogInput } from '../../seo/og-image'
import { memoHtml, pageCache } from './cache'
import { container, dayOf, GeneratedCover, hoursOf, LEVEL_LABEL, muted, Picture, type PublicCoach, Stars, toneBadge } from './parts'
import {
  BookingCard,
  CoachSection,
  durationOf,
  Fact,
  h2,
  type MyWaitlistPlace,
  modeLabel,
  NextDates,
  ResourcesSection,
  ReviewsSection,
  sectionBox,
  WhereSection,
} from './workshop-parts'

interface Data {
  page: SchedulePage
  state: PageState
  /** Not public: shown to its coach or a manager only. */
  preview: boolean
  /** The signed-in visitor's open waitlist entry on this schedule (waiting, or seats held for them). */
  mine: MyWaitlistPlace | null
}

async function load(ctx: PageContext): Promise<Data | null> {
  const id = (ctx.params.id ?? '').toLowerCase()
  const page = await pageCache(`schedule:${id}`, () => loadSchedulePage(ctx.em.fork(), id))
  if (!page) return null
  const preview = !isPublicPage(page)
  if (preview && !(await mayPreview(ctx.em.fork(), page, ctx.user))) return null
  const state = pageState(page)
  // One indexed read, only for a signed-in visitor of a session still on sale.
  const entry = ctx.user && !preview && (state === 'open' || state === 'full') ? await myEntryOn(ctx.em.fork(), ctx.user.id, page.id) : null
  const mine = entry && { id: entry.id, status: entry.status, position: entry.position, seats: entry.seats, offerExpiresAt: entry.offerExpiresAt }
  return { page, state, preview, mine: mine || null }
}

const url = (p: SchedulePage) => `${config.APP_URL}/workshops/${p.id}`

function summary(p: SchedulePage) {
  const coach = (p.coach as PublicCoach | undefined)?.name
  const text = (p.description ?? '').replace(/\s+/g, ' ').trim()
  const lead = `${modeLabel(p)} workshop${coach ? ` with ${coach}` : ''} on ${dayOf(p.startDate, p.timezone)}.`
  const full = text ? `${lead} ${text}` : lead
  return full.length > 200 ? `${full.slice(0, 197).trimEnd()}…` : full
}

function meta(d: Data): PageMeta {
  const p = d.page
  return {
    description: summary(p),
    canonical: url(p),
    // Unlisted schedules are for people with the link; previews for their coach.
    noindex: d.preview || p.visibility !== 'PUBLIC',
    image: d.preview
      ? undefined
      : {
          url: ogImageUrl(p.id, ogInput(p)),
          width: OG_WIDTH,
          height: OG_HEIGHT,
          alt: `${p.workshop.title}, ${dayOf(p.startDate, p.timezone)}`,
          type: 'image/jpeg',
        },
  }
}

const PREVIEW_TEXT = (p: SchedulePage) =>
  p.status === 'DRAFT'
    ? 'This schedule is a draft: only you and your team can see this page. Publish it to take bookings.'
    : p.status === 'ARCHIVED'
      ? 'This schedule is archived and private: only you and your team can see this page.'
      : 'This schedule is private: only you and your team can see this page. Make it public or unlisted to take bookings.'

function WorkshopPage({ data }: { data: Data; ctx: PageContext }) {
  // The visitor's zone (the `tz` cookie), for their own hours beside the venue's.
  const viewer = cookieZone(useRequest().cookies.tz)
  const body = () => renderToStaticMarkup(<WorkshopBody data={data} viewer={viewer} />)
  // The same for every visitor of a zone while the data is memoized (previews and a visitor's own waitlist place are per viewer: never memoized).
  const html = data.preview || data.mine ? body() : memoHtml(data.page, `${data.state}|${viewer ?? ''}`, body)
  return <div className={css({ display: 'contents' })} dangerouslySetInnerHTML={{ __html: html }} />
}

const badges = css({ display: 'flex', flexWrap: 'wrap', gap: '1.5' })
const tagLink = cx(badge({ size: 'md', variant: 'outline' }), css({ textDecoration: 'none', _hover: { bg: 'bg.subtle' } }))

function WorkshopBody({ data, viewer }: { data: Data; viewer: string | null }) {
  const { page: p, state, preview, mine } = data
  const w = p.workshop
  const coach = p.coach as PublicCoach | undefined
  const ld = preview ? null : eventLd(p, state, { url: url(p), ogImage: ogImageUrl(p.id, ogInput(p)) })
  const closed = state === 'ended' || state === 'cancelled' || state === 'running'
  return (
    <div className={css({ bg: 'bg.canvas', pb: '16' })}>
      {ld && <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: escapeJson(ld) }} />}
      {preview && (
        <p role="note" className={css({ bg: 'yellow.3', color: 'yellow.12', px: '4', py: '3', textAlign: 'center', fontSize: 'sm', fontWeight: 'medium' })}>
          {PREVIEW_TEXT(p)}
        </p>
      )}
      <section className={css({ bg: 'bg.default', borderBottomWidth: '1px', borderColor: 'border.subtle' })} aria-labelledby="workshop-title">
        <div className={cx(container, css({ pt: { base: '5', md: '6' }, pb: { base: '8', md: '12' } }))}>
          <nav aria-label="Breadcrumb" className={css({ mb: { base: '5', md: '8' } })}>
            <ol className={cx(muted, css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'center' }))}>
              <li>
                <a
                  href="/workshops"
                  className={css({ color: 'fg.muted', textDecoration: 'none', _hover: { color: 'fg.default', textDecoration: 'underline' } })}
                >
                  Workshops
                </a>
              </li>
              <li aria-hidden="true">/</li>
              <li aria-current="page" className={css({ color: 'fg.default', lineClamp: '1', overflowWrap: 'anywhere' })}>
                {w.title}
              </li>
            </ol>
          </nav>
          <div
            className={css({
              display: 'grid',
              gap: { base: '6', lg: '10' },
              gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'minmax(0, 7fr) minmax(0, 5fr)' },
              alignItems: 'center',
            })}
          >
            <div className={css({ display: 'flex', flexDir: 'column', gap: '4', minW: '0', order: { base: 2, lg: 1 } })}>
              <div className={badges}>
                <span className={badge({ size: 'md', variant: 'subtle' })}>{modeLabel(p)}</span>
                <span className={badge({ size: 'md', variant: 'subtle' })}>{LEVEL_LABEL[p.level] ?? p.level}</span>
                {p.runs && !closed && <span className={toneBadge('green', 'md')}>{CONFIRMED_TO_RUN}</span>}
                {state === 'cancelled' && <span className={toneBadge('red', 'md')}>Cancelled</span>}
                {state === 'ended' && <span className={badge({ size: 'md', variant: 'outline' })}>Ended</span>}
              </div>
              <h1
                id="workshop-title"
                className={css({
                  fontSize: { base: '3xl', md: '5xl' },
                  fontWeight: 'bold',
                  letterSpacing: 'tight',
                  lineHeight: '1.1',
                  overflowWrap: 'anywhere',
                })}
              >
                {w.title}
              </h1>
              {coach && (
                <p className={css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap', color: 'fg.muted' })}>
                  <span>
                    with{' '}
                    {coach.username ? (
                      <a
                        href={`/${coach.username}`}
                        className={css({ color: 'fg.default', fontWeight: 'semibold', textDecoration: 'underline', textUnderlineOffset: '2px' })}
                      >
                        {coach.name || coach.username}
                      </a>
                    ) : (
                      coach.name
                    )}
                  </span>
                  {p.workshopRating.count > 0 && (
                    <a href="#reviews-title" className={css({ color: 'fg.default', textDecoration: 'none' })}>
                      <Stars average={p.workshopRating.average} count={p.workshopRating.count} />
                    </a>
                  )}
                </p>
              )}
              <dl className={css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, mt: '2' })}>
                <Fact icon="calendar" label="Date">
                  <span className={css({ fontWeight: 'semibold' })}>
                    <time dateTime={p.startDate ?? undefined}>{dayOf(p.startDate, p.timezone)}</time>
                  </span>
                </Fact>
                <Fact icon="clock" label="Time">
                  <span className={css({ fontWeight: 'semibold' })}>{hoursOf(p.startDate, p.endDate, p.timezone)}</span>
                  <span className={muted} data-testid="viewer-hours">
                    {[durationOf(p.startDate, p.endDate), viewerHours(p.startDate, p.endDate, p.timezone, viewer)].filter(Boolean).join(' · ')}
                  </span>
                </Fact>
                <Fact icon={p.mode === 'ONLINE' ? 'screen' : 'pin'} label="Where">
                  <span className={css({ fontWeight: 'semibold' })}>
                    {p.mode === 'ONLINE' ? 'Online' : [p.venueName, p.city].filter(Boolean).join(', ') || modeLabel(p)}
                  </span>
                  <span className={muted}>{p.mode === 'HYBRID' ? 'In person or online' : p.mode === 'ONLINE' ? 'Join from anywhere' : 'In person'}</span>
                </Fact>
                <Fact icon="level" label="Level">
                  <span className={css({ fontWeight: 'semibold' })}>{LEVEL_LABEL[p.level] ?? p.level}</span>
                  <span className={muted}>
                    {p.workshop.minSeats > 1 ? countRange(p.workshop.minSeats, p.workshop.maxSeats, 'person') : upTo(p.workshop.maxSeats, 'person')}
                  </span>
                </Fact>
              </dl>
            </div>
            <div className={css({ order: { base: 1, lg: 2 }, minW: '0' })}>
              {p.image ? (
                <Picture
                  src={p.image}
                  alt=""
                  width={640}
                  height={400}
                  sizes="(min-width: 1024px) 460px, 100vw"
                  eager
                  className={css({ w: 'full', h: 'auto', aspectRatio: '16 / 10', objectFit: 'cover', borderRadius: 'l3', bg: 'bg.muted', display: 'block' })}
                />
              ) : (
                <div className={css({ aspectRatio: '16 / 10', borderRadius: 'l3', overflow: 'hidden', display: { base: 'none', lg: 'block' } })}>
                  <GeneratedCover title={p.workshop.title} />
                </div>
              )}
            </div>
          </div>
        </div>
      </section>
      <div
        className={cx(
          container,
          css({
            mt: { base: '6', md: '8' },
            display: 'grid',
            gap: { base: '6', lg: '8' },
            gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' },
            alignItems: 'start',
          }),
        )}
      >
        <aside className={css({ order: { base: 1, lg: 2 }, minW: '0', position: { lg: 'sticky' }, top: '6' })} aria-label="Booking">
          <BookingCard p={p} state={state} preview={preview} mine={mine} offerMinutes={config.WAITLIST_OFFER_MINUTES} />
        </aside>
        <div className={css({ display: 'flex', flexDir: 'column', gap: '6', order: { base: 2, lg: 1 }, minW: '0' })}>
          <section className={sectionBox} aria-labelledby="about-title">
            <h2 id="about-title" className={h2}>
              About this workshop
            </h2>
            {p.description ? (
              <p className={css({ whiteSpace: 'pre-line', lineHeight: 'relaxed', overflowWrap: 'anywhere' })}>{p.description}</p>
            ) : (
              <p className={muted}>The coach has not written a description yet.</p>
            )}
            {w.tags && w.tags.length > 0 && (
              <ul className={badges} aria-label="Topics">
                {w.tags.map((t) => (
                  <li key={t.id}>
                    <a href={`/workshops?tag=${encodeURIComponent(t.slug)}`} className={tagLink}>
                      {t.name}
                    </a>
                  </li>
                ))}
              </ul>
            )}
            {w.video && /^https?:\/\//i.test(w.video) && (
              <p>
                <a href={w.video} rel="noopener noreferrer" className={css({ color: 'fg.default', textDecoration: 'underline' })}>
                  Watch the introduction video
                </a>
              </p>
            )}
          </section>
          {p.outcomes.length > 0 && (
            <section className={sectionBox} aria-labelledby="learn-title">
              <h2 id="learn-title" className={h2}>
                What you will learn
              </h2>
              <ul className={css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' } })}>
                {p.outcomes.map((o) => (
                  <li key={o} className={css({ display: 'flex', gap: '2.5', alignItems: 'flex-start' })}>
                    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" className={css({ flexShrink: '0', mt: '0.5' })}>
                      <circle cx="12" cy="12" r="11" className={css({ fill: 'colorPalette.default' })} />
                      <path
                        d="m7 12.5 3.2 3L17 9"
                        fill="none"
                        strokeWidth="2.4"
                        strokeLinecap="round"
                        strokeLinejoin="round"
                        className={css({ stroke: 'colorPalette.fg' })}
                      />
                    </svg>
                    <span className={css({ overflowWrap: 'anywhere' })}>{o}</span>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <WhereSection p={p} />
          <section className={sectionBox} aria-labelledby="when-title">
            <h2 id="when-title" className={h2}>
              When
            </h2>
            <p>
              <strong>{dayOf(p.startDate, p.timezone)}</strong>, {hoursOf(p.startDate, p.endDate, p.timezone, viewer)} ({durationOf(p.startDate, p.endDate)})
            </p>
            <p className={muted}>
              Times are in {zoneLabel(p.timezone)}, where the workshop is held.{' '}
              <a href={`/v1/public/workshop-schedules/${p.id}/calendar.ics`} className={css({ color: 'fg.default', textDecoration: 'underline' })}>
                Add it to your calendar
              </a>{' '}
              to see it in your own time.
            </p>
          </section>
          <CoachSection p={p} />
          <ReviewsSection p={p} />
          <ResourcesSection resources={p.resources} />
          {p.otherDates.length > 0 && (
            <section className={sectionBox} aria-labelledby="dates-title">
              <h2 id="dates-title" className={h2}>
                {closed ? 'Next dates' : 'Other dates'}
              </h2>
              <NextDates dates={p.otherDates} />
            </section>
          )}
        </div>
      </div>
    </div>
  )
}

export default {
  title: (d: Data) => `${d.page.workshop.title} · ${dayOf(d.page.startDate, d.page.timezone)}`,
  description: 'A live workshop on Summit: what you will learn, when and where, the coach, reviews and seats left.',
  meta,
  load,
  Page: WorkshopPage,
} satisfies PageModule<Data>
