/** `/`: what Summit is, featured coaches and upcoming workshops (streamed in Suspense). */
import { Suspense, use } from 'react'
import { css } from 'styled-system/css'
import { config } from '../../config'
import { cookieZone } from '../../shared/datetime'
import { TAGLINE } from '../document'
import { buttonLink } from '../layouts/parts'
import { useRequest } from '../request'
import type { PageContext, PageModule } from '../routes'
import { type featuredCoaches, featuredCoachesCached, type upcomingWorkshops, upcomingWorkshopsCached } from './home-data'
import { CoachAvatar, ScheduleCard } from './marketplace/parts'

const section = css({ maxW: '6xl', mx: 'auto', px: { base: '4', md: '6' }, py: { base: '12', md: '16' } })
const h2 = css({ fontSize: '2xl', fontWeight: 'bold', mb: '6' })
const card = css({
  bg: 'bg.default',
  borderWidth: '1px',
  borderColor: 'border.subtle',
  borderRadius: 'l3',
  p: '5',
  display: 'flex',
  flexDir: 'column',
  gap: '2',
})
const grid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }, gap: '4' })
const muted = css({ color: 'fg.muted', fontSize: 'sm' })
function Coaches({ load }: { load: Promise<Awaited<ReturnType<typeof featuredCoaches>>> }) {
  const coaches = use(load)
  if (!coaches.length) return <p className={muted}>Coaches are setting up their profiles. Check back soon.</p>
  return (
    <ul className={grid}>
      {coaches.map((c) => (
        <li key={c.id} className={card}>
          <div className={css({ display: 'flex', gap: '3', alignItems: 'center' })}>
            <CoachAvatar name={c.name || c.username || '?'} src={c.avatarUrl} size={12} />
            <div>
              <h3 className={css({ fontWeight: 'semibold' })}>
                {c.username ? (
                  <a href={`/${c.username}`} className={css({ color: 'fg.default', textDecoration: 'none', _hover: { textDecoration: 'underline' } })}>
                    {c.name || c.username}
                  </a>
                ) : (
                  c.name
                )}
              </h3>
              {c.coachProfile.businessName && <p className={muted}>{c.coachProfile.businessName}</p>}
            </div>
          </div>
          {c.profile.headline && <p>{c.profile.headline}</p>}
          {c.coachProfile.specializations.length > 0 && (
            <ul className={css({ display: 'flex', flexWrap: 'wrap', gap: '1.5' })} aria-label="Specializations">
              {c.coachProfile.specializations.map((s) => (
                <li key={s} className={css({ fontSize: 'xs', px: '2', py: '0.5', borderRadius: 'full', bg: 'bg.muted', color: 'fg.default' })}>
                  {s}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  )
}

function Workshops({ load }: { load: Promise<Awaited<ReturnType<typeof upcomingWorkshops>>> }) {
  const items = use(load)
  // The marketplace's card: the same dates (venue's clock, the visitor's beside), covers and seats as /workshops.
  const viewer = cookieZone(useRequest().cookies.tz)
  if (!items.length) return <p className={muted}>New workshops are announced every week. Check back soon.</p>
  return (
    <ul className={grid} aria-label="Upcoming workshops">
      {items.map((s) => (
        <ScheduleCard key={s.id} s={s} viewerTz={viewer} />
      ))}
    </ul>
  )
}

const Skeleton = () => (
  <div className={grid} aria-busy="true" aria-label="Loading">
    {[0, 1, 2].map((i) => (
      <div key={i} className={css({ h: '36', borderRadius: 'l3', bg: 'bg.muted' })} />
    ))}
  </div>
)

function Home({ ctx }: { data: unknown; ctx: PageContext }) {
  const coaches = featuredCoachesCached(ctx.em.fork())
  const workshops = upcomingWorkshopsCached(ctx.em.fork())
  return (
    <>
      <section className={css({ bg: 'bg.default', borderBottomWidth: '1px', borderColor: 'border.subtle' })}>
        <div
          className={css({
            maxW: '6xl',
            mx: 'auto',
            px: { base: '4', md: '6' },
            py: { base: '16', md: '24' },
            display: 'flex',
            flexDir: 'column',
            gap: '6',
            alignItems: 'flex-start',
          })}
        >
          <p
            className={css({
              fontSize: 'sm',
              fontWeight: 'semibold',
              color: 'fg.default',
              borderWidth: '1px',
              borderColor: 'border.default',
              px: '3',
              py: '1',
              borderRadius: 'full',
            })}
          >
            {config.SITE_NAME} · live workshops with proven coaches
          </p>
          <h1 className={css({ fontSize: { base: '4xl', md: '6xl' }, fontWeight: 'bold', lineHeight: '1.1', maxW: '3xl', letterSpacing: 'tight' })}>
            {TAGLINE}
          </h1>
          <p className={css({ fontSize: 'lg', color: 'fg.muted', maxW: '2xl' })}>
            Find a coach or consultant who has done it before, book a seat in a live workshop, and bring your team along. Coaches run their whole practice here:
            schedules, bookings, attendance, payouts and invoices.
          </p>
          <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap' })}>
            <a href="/register" className={buttonLink()}>
              Get started
            </a>
            <a href="#workshops" className={buttonLink('outline')}>
              Browse workshops
            </a>
          </div>
        </div>
      </section>
      <section className={section} aria-labelledby="how">
        <h2 id="how" className={h2}>
          How it works
        </h2>
        <ol className={grid}>
          {[
            ['Find your coach', 'Browse public profiles with experience, certifications and specializations.'],
            ['Book a seat', 'Reserve seats in scheduled workshops, pay by card and invite colleagues to your seats.'],
            ['Grow together', 'Join in person or online, get the resources, and leave feedback when it is over.'],
          ].map(([t, d], i) => (
            <li key={t} className={card}>
              <span className={css({ fontWeight: 'bold', color: 'fg.muted' })}>{i + 1}</span>
              <h3 className={css({ fontWeight: 'semibold' })}>{t}</h3>
              <p className={muted}>{d}</p>
            </li>
          ))}
        </ol>
      </section>
      <section id="coaches" className={section} aria-labelledby="coaches-title">
        <h2 id="coaches-title" className={h2}>
          Featured coaches
        </h2>
        <Suspense fallback={<Skeleton />}>
          <Coaches load={coaches} />
        </Suspense>
      </section>
      <section id="workshops" className={section} aria-labelledby="workshops-title">
        <h2 id="workshops-title" className={h2}>
          Upcoming workshops
        </h2>
        <Suspense fallback={<Skeleton />}>
          <Workshops load={workshops} />
        </Suspense>
      </section>
    </>
  )
}

export default { title: 'Home', description: TAGLINE, Page: Home } satisfies PageModule
