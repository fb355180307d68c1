/**
 * /{username}: a public coach profile (marketing layout): bio, specializations, experiences,
 * certifications, social accounts, rating and upcoming public schedules. The route is last in
 * the table, so fixed paths win; anything that is not an active coach's username is the 404 page.
 */

import { renderToStaticMarkup } from 'react-dom/server'
import { css, cx } from 'styled-system/css'
import { badge, button } from 'styled-system/recipes'
import { config } from '../../../config'
import { findPublicCoach } from '../../../modules/accounts'
import { coachRatings } from '../../../modules/feedback'
import { EMPLOYMENT_LABEL, openPostingsOf } from '../../../modules/job-postings'
import { publicSessionTypesOf } from '../../../modules/sessions'
import { serializePublicUser } from '../../../modules/users'
import { listPublicSchedules } from '../../../modules/workshops'
import { HttpError } from '../../../platform/http/errors'
import { countryByCode } from '../../../shared/countries'
import { formatIn } from '../../../shared/datetime'
import { count } from '../../../shared/words'
import type { PageContext, PageModule } from '../../routes'
import { memoHtml, pageCache } from './cache'
import { CoachAvatar, cardBox, container, muted, ScheduleCard, Stars } from './parts'
import { SessionsSection } from './session-cards'

const USERNAME = /^[a-z0-9][a-z0-9_-]{2,31}$/i

function load(ctx: PageContext) {
  const username = ctx.params.username ?? ''
  if (!USERNAME.test(username)) return Promise.resolve(null)
  return pageCache(`coach:${username.toLowerCase()}`, () => loadCoach(ctx, username))
}

async function loadCoach(ctx: PageContext, username: string) {
  const em = ctx.em.fork()
  let user
  try {
    user = await findPublicCoach(em, username)
  } catch (err) {
    if (err instanceof HttpError && err.status === 404) return null
    throw err
  }
  const coach = serializePublicUser(user)
  const [schedules, jobs, sessions] = await Promise.all([
    listPublicSchedules(em.fork(), { page: 1, perPage: 6, coach: user.id, when: 'upcoming' }),
    openPostingsOf(em.fork(), user.id),
    publicSessionTypesOf(em.fork(), user.id),
  ])
  // Each listed row carries the coach's rating; without rows it is read on its own.
  const listed = (schedules.data[0]?.coach as { rating?: { average: number | null; count: number } } | undefined)?.rating
  const rating = listed ?? (await coachRatings(em.fork(), [user.id])).get(user.id) ?? { average: null, count: 0 }
  return { coach, schedules, rating, jobs, sessions }
}
type Data = NonNullable<Awaited<ReturnType<typeof load>>>

const h2 = css({ fontSize: 'xl', fontWeight: 'semibold', mb: '4' })
const section = cx(cardBox, css({ p: { base: '5', md: '6' } }))

const SOCIAL_LABEL: Record<string, string> = { x: 'X', linkedin: 'LinkedIn', youtube: 'YouTube', tiktok: 'TikTok', github: 'GitHub', gitlab: 'GitLab' }
const socialLabel = (p: string) => SOCIAL_LABEL[p] ?? p.charAt(0).toUpperCase() + p.slice(1)
const safeUrl = (u: string | null | undefined) => (u && /^https?:\/\//i.test(u) ? u : null)
const byOrder = <T extends { order?: number | null }>(xs: T[]) => [...xs].sort((a, b) => (a.order ?? 0) - (b.order ?? 0))

function duration(years?: number | null, months?: number | null) {
  const parts = []
  if (years) parts.push(count(years, 'year'))
  if (months) parts.push(count(months, 'month'))
  return parts.join(' ')
}

function issued(d?: string | null) {
  if (!d) return null
  const date = new Date(d)
  return Number.isNaN(date.getTime()) ? d : formatIn('monthShort', date, 'UTC')
}

/** The same for every visitor while the data is memoized: rendered once per data. */
function CoachProfilePage({ data }: { data: Data; ctx: PageContext }) {
  const html = memoHtml(data, '', () => renderToStaticMarkup(<CoachProfileBody data={data} />))
  return <div className={css({ display: 'contents' })} dangerouslySetInnerHTML={{ __html: html }} />
}

function CoachProfileBody({ data }: { data: Data }) {
  const { coach, schedules, rating, jobs, sessions } = data
  const cp = coach.coachProfile
  const name = coach.name || coach.username || ''
  const country = countryByCode(coach.profile.country)
  const socials = byOrder(coach.profile.socialAccounts as { platform: string; url: string; order?: number }[]).filter((s) => safeUrl(s.url))
  const experiences = byOrder(cp.experiences as { title: string; company?: string; order?: number; years?: number; months?: number }[])
  const certifications = byOrder(
    cp.certifications as { title: string; issuingOrganization?: string; issuingDate?: string; certificateUrl?: string; order?: number }[],
  )
  const video = safeUrl(cp.introductionVideo)
  return (
    <div className={css({ bg: 'bg.canvas', pb: '16' })}>
      <section className={css({ bg: 'bg.default', borderBottomWidth: '1px', borderColor: 'border.subtle' })}>
        <div
          className={cx(
            container,
            css({
              py: { base: '10', md: '12' },
              display: 'flex',
              gap: '6',
              alignItems: { base: 'flex-start', md: 'center' },
              flexDir: { base: 'column', md: 'row' },
            }),
          )}
        >
          <CoachAvatar name={name} src={coach.avatarUrl} size={24} eager />
          <div className={css({ display: 'flex', flexDir: 'column', gap: '2', flex: '1' })}>
            <h1 className={css({ fontSize: { base: '3xl', md: '4xl' }, fontWeight: 'bold', letterSpacing: 'tight' })}>{name}</h1>
            {coach.profile.headline && <p className={css({ fontSize: 'lg', color: 'fg.muted' })}>{coach.profile.headline}</p>}
            <p className={cx(muted, css({ display: 'flex', gap: '3', flexWrap: 'wrap', alignItems: 'center' }))}>
              <span>@{coach.username}</span>
              {cp.businessName && <span>{cp.businessName}</span>}
              {country && <span>{country.name}</span>}
              <Stars average={rating.average} count={rating.count} />
            </p>
            {cp.specializations.length > 0 && (
              <ul className={css({ display: 'flex', flexWrap: 'wrap', gap: '1.5', mt: '1' })} aria-label="Specializations">
                {cp.specializations.map((s) => (
                  <li key={s} className={badge({ size: 'md', variant: 'subtle' })}>
                    {s}
                  </li>
                ))}
              </ul>
            )}
          </div>
          {schedules.data.length > 0 && (
            <a href="#upcoming" className={button({ size: 'lg' })}>
              See workshops
            </a>
          )}
        </div>
      </section>
      <div className={cx(container, css({ mt: '8', display: 'grid', gap: '6', gridTemplateColumns: { base: '1fr', lg: '2fr 1fr' }, alignItems: 'start' }))}>
        <div className={css({ display: 'flex', flexDir: 'column', gap: '6' })}>
          <section className={section} aria-labelledby="about">
            <h2 id="about" className={h2}>
              About
            </h2>
            {cp.bio ? (
              <p className={css({ whiteSpace: 'pre-line', lineHeight: 'relaxed' })}>{cp.bio}</p>
            ) : (
              <p className={muted}>{name} has not written a bio yet.</p>
            )}
            {video && (
              <p className={css({ mt: '4' })}>
                <a href={video} rel="noopener noreferrer" target="_blank" className={button({ size: 'sm', variant: 'outline' })}>
                  Watch the introduction video
                </a>
              </p>
            )}
          </section>
          <SessionsSection types={sessions} />
          <section id="upcoming" aria-labelledby="upcoming-title">
            <h2 id="upcoming-title" className={h2}>
              Upcoming workshops
            </h2>
            {schedules.data.length ? (
              <ul className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)' }, gap: '4' })}>
                {schedules.data.map((s) => (
                  <ScheduleCard key={s.id} s={s} showCoach={false} />
                ))}
              </ul>
            ) : (
              <div className={section}>
                <p className={muted}>
                  No upcoming workshops right now.{' '}
                  <a href="/workshops" className={css({ color: 'colorPalette.text', textDecoration: 'underline' })}>
                    Browse all workshops
                  </a>
                  .
                </p>
              </div>
            )}
            {schedules.meta.total > schedules.data.length && (
              <p className={css({ mt: '4' })}>
                <a href={`/workshops?q=${encodeURIComponent(coach.username ?? '')}`} className={button({ size: 'sm', variant: 'outline' })}>
                  All {schedules.meta.total} workshops
                </a>
              </p>
            )}
          </section>
          {jobs.length > 0 && (
            <section className={section} aria-labelledby="jobs-title">
              <h2 id="jobs-title" className={h2}>
                Open positions
              </h2>
              <ul className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
                {jobs.map((j) => (
                  <li key={j.id} className={css({ display: 'flex', flexDir: 'column', gap: '0.5' })}>
                    <a
                      href={`/jobs/${j.id}`}
                      className={css({ fontWeight: 'semibold', color: 'fg.default', textDecoration: 'underline', textUnderlineOffset: '2px' })}
                    >
                      {j.title}
                    </a>
                    <span className={muted}>
                      {[j.companyName, j.location, j.employmentStatus ? EMPLOYMENT_LABEL[j.employmentStatus] : null, j.workplaceTypes.join(', ') || null]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                  </li>
                ))}
              </ul>
              <p className={css({ mt: '4' })}>
                <a href="/jobs" className={button({ size: 'sm', variant: 'outline' })}>
                  All jobs
                </a>
              </p>
            </section>
          )}
        </div>
        <aside className={css({ display: 'flex', flexDir: 'column', gap: '6' })}>
          <section className={section} aria-labelledby="experience">
            <h2 id="experience" className={h2}>
              Experience
            </h2>
            {experiences.length ? (
              <ul className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
                {experiences.map((e, i) => (
                  <li key={i}>
                    <p className={css({ fontWeight: 'medium' })}>{e.title}</p>
                    <p className={muted}>{[e.company, duration(e.years, e.months)].filter(Boolean).join(' · ')}</p>
                  </li>
                ))}
              </ul>
            ) : (
              <p className={muted}>Not listed yet.</p>
            )}
          </section>
          <section className={section} aria-labelledby="certifications">
            <h2 id="certifications" className={h2}>
              Certifications
            </h2>
            {certifications.length ? (
              <ul className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
                {certifications.map((c, i) => (
                  <li key={i}>
                    <p className={css({ fontWeight: 'medium' })}>
                      {safeUrl(c.certificateUrl) ? (
                        <a
                          href={safeUrl(c.certificateUrl)!}
                          rel="noopener noreferrer"
                          target="_blank"
                          className={css({ color: 'fg.default', textDecoration: 'underline' })}
                        >
                          {c.title}
                        </a>
                      ) : (
                        c.title
                      )}
                    </p>
                    <p className={muted}>{[c.issuingOrganization, issued(c.issuingDate)].filter(Boolean).join(' · ')}</p>
                  </li>
                ))}
              </ul>
            ) : (
              <p className={muted}>Not listed yet.</p>
            )}
          </section>
          {socials.length > 0 && (
            <section className={section} aria-labelledby="social">
              <h2 id="social" className={h2}>
                Elsewhere
              </h2>
              <ul className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
                {socials.map((s) => (
                  <li key={s.platform + s.url}>
                    <a href={s.url} rel="noopener noreferrer me" target="_blank" className={button({ size: 'sm', variant: 'outline' })}>
                      {socialLabel(s.platform)}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </aside>
      </div>
    </div>
  )
}

export default {
  title: (d: Data) => d.coach.name || d.coach.username || 'Coach',
  meta: (d: Data) => ({
    canonical: `${config.APP_URL}/${(d.coach.username ?? '').toLowerCase()}`,
    type: 'profile' as const,
    description: [d.coach.profile.headline, d.coach.coachProfile.bio].filter(Boolean).join('. ').replace(/\s+/g, ' ').slice(0, 200) || undefined,
  }),
  description: 'Coach profile: experience, certifications, specializations and upcoming workshops.',
  load,
  Page: CoachProfilePage,
} satisfies PageModule<Data>
