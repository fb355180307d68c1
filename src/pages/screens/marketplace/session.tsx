/**
 * /{username}/sessions/{sessionTypeId}: the booking page of a one-to-one session (marketing
 * layout). The page says what the session is (length, format, price, the coach, the refund
 * policy) without JavaScript and carries JSON-LD (a schema.org `Service` with its offer); one
 * island, the `session-booking` calendar and checkout, does the rest. A type that is hidden,
 * deleted or not this coach's is the 404 page.
 *
 * Cost: the type in one statement (its coach and zone joined), the coach's public profile by
 * username, and for a signed-in visitor one indexed read of a booking of theirs still held for
 * payment (the checkout resumes it instead of holding another time).
 */
import type { Offer, Service, WithContext } from 'schema-dts'
import { css, cx } from 'styled-system/css'
import { badge } from 'styled-system/recipes'
import { PriceNote } from '../../../../islands/lib/price-note'
import { config } from '../../../config'
import { findPublicCoach } from '../../../modules/accounts'
import { Booking } from '../../../modules/bookings'
import { findPublicSessionType, localDate, type PublicSessionType, SESSION_MODE_LABEL } from '../../../modules/sessions'
import { serializePublicUser } from '../../../modules/users'
import { HttpError } from '../../../platform/http/errors'
import { exponentOf, toMajor } from '../../../shared/money'
import { describeRefundPolicy } from '../../../shared/refund-policy'
import { escapeJson, Island } from '../../island'
import type { PageContext, PageMeta, PageModule } from '../../routes'
import { CoachAvatar, cardBox, container, money, muted } from './parts'

async function load(ctx: PageContext) {
  const type = await findPublicSessionType(ctx.em.fork(), (ctx.params.sessionTypeId ?? '').toLowerCase())
  if (!type || (type.coach.username ?? '').toLowerCase() !== (ctx.params.username ?? '').toLowerCase()) return null
  let coach: ReturnType<typeof serializePublicUser> | null = null
  try {
    coach = serializePublicUser(await findPublicCoach(ctx.em.fork(), type.coach.id))
  } catch (err) {
    if (!(err instanceof HttpError && err.status === 404)) throw err
  }
  if (!coach) return null
  const user = ctx.user
  const held = user
    ? await ctx.em
        .fork()
        .findOne(
          Booking,
          { user: user.id, sessionType: type.id, status: 'PENDING', deletedAt: null, holdExpiresAt: { $gt: new Date() } },
          { filters: false, orderBy: { createdAt: 'desc' } },
        )
    : null
  const start = ctx.url.searchParams.get('start')
  return {
    type,
    coach,
    start: start && /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(start) && !Number.isNaN(Date.parse(start)) ? new Date(start).toISOString() : null,
    resume: held && {
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
      startsAt: held.startsAt?.toISOString() ?? '',
    },
  }
}
type Data = NonNullable<Awaited<ReturnType<typeof load>>>

const pathOf = (t: PublicSessionType) => `/${t.coach.username ?? t.coach.id}/sessions/${t.id}`

function summary(t: PublicSessionType) {
  const lead = `${t.durationMinutes}-minute ${SESSION_MODE_LABEL[t.mode].toLowerCase()} session with ${t.coach.name}${t.price > 0 ? '' : ', free'}.`
  const text = (t.description ?? '').replace(/\s+/g, ' ').trim()
  const full = text ? `${lead} ${text}` : lead
  return full.length > 200 ? `${full.slice(0, 197).trimEnd()}…` : full
}

/** schema.org Service: the session, its provider (the coach) and its offer (price, currency, where it is booked). */
export function serviceLd(t: PublicSessionType, coach: { name?: string | null; avatarUrl?: string | null }): WithContext<Service> {
  const url = `${config.APP_URL}${pathOf(t)}`
  const offer: Offer = {
    '@type': 'Offer',
    price: t.price.toFixed(exponentOf(t.currency)),
    priceCurrency: t.currency.toUpperCase(),
    availability: 'https://schema.org/InStock',
    url,
  }
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: t.title,
    description: summary(t),
    serviceType: 'One-to-one session',
    url,
    provider: {
      '@type': 'Person',
      name: coach.name || t.coach.name,
      url: `${config.APP_URL}/${t.coach.username ?? t.coach.id}`,
      ...(coach.avatarUrl ? { image: coach.avatarUrl.startsWith('/') ? `${config.APP_URL}${coach.avatarUrl}` : coach.avatarUrl } : {}),
    },
    offers: offer,
  }
}

const fact = css({ display: 'flex', flexDir: 'column', gap: '0.5' })

function SessionPage({ data, ctx }: { data: Data; ctx: PageContext }) {
  const { type: t, coach } = data
  const user = ctx.user
  const tz = t.timeZone
  return (
    <div className={css({ bg: 'bg.canvas', pb: '16' })}>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: escapeJson(serviceLd(t, coach)) }} />
      <div className={cx(container, css({ pt: { base: '5', md: '6' } }))}>
        <nav aria-label="Breadcrumb" className={css({ mb: { base: '5', md: '6' } })}>
          <ol className={cx(muted, css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'center' }))}>
            <li>
              <a
                href={`/${t.coach.username}`}
                className={css({ color: 'fg.muted', textDecoration: 'none', _hover: { color: 'fg.default', textDecoration: 'underline' } })}
              >
                {t.coach.name}
              </a>
            </li>
            <li aria-hidden="true">/</li>
            <li aria-current="page" className={css({ color: 'fg.default', overflowWrap: 'anywhere' })}>
              {t.title}
            </li>
          </ol>
        </nav>
        <div
          className={css({
            display: 'grid',
            gap: '6',
            gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 7fr)' },
            alignItems: 'start',
          })}
        >
          <section aria-labelledby="session-title" className={cx(cardBox, css({ p: '6', display: 'flex', flexDir: 'column', gap: '4' }))}>
            <div className={css({ display: 'flex', gap: '1.5', flexWrap: 'wrap' })}>
              <span className={badge({ size: 'sm', variant: 'subtle' })}>{SESSION_MODE_LABEL[t.mode]}</span>
              <span className={badge({ size: 'sm', variant: 'subtle' })}>One to one</span>
            </div>
            <h1 id="session-title" className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold', lineHeight: 'tight', overflowWrap: 'anywhere' })}>
              {t.title}
            </h1>
            <dl className={css({ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: '3' })}>
              <div className={fact}>
                <dt className={muted}>Length</dt>
                <dd className={css({ fontWeight: 'medium' })}>{t.durationMinutes} minutes</dd>
              </div>
              <div className={fact}>
                <dt className={muted}>Price</dt>
                <dd className={css({ fontWeight: 'medium' })} data-testid="session-price">
                  {t.price > 0 ? (
                    <>
                      {money(t.price, t.currency)}
                      <PriceNote note={t.priceNote} />
                    </>
                  ) : (
                    'Free'
                  )}
                </dd>
              </div>
            </dl>
            {t.description && <p className={css({ whiteSpace: 'pre-line', lineHeight: 'relaxed' })}>{t.description}</p>}
            <div
              className={css({ pt: '4', borderTopWidth: '1px', borderColor: 'border.subtle', display: 'flex', flexDir: 'column', gap: '1.5' })}
              data-testid="refund-policy"
            >
              <h2 className={css({ fontSize: 'sm', fontWeight: 'semibold' })}>Refund policy</h2>
              <p className={css({ fontSize: 'sm' })}>{describeRefundPolicy(t.refundPolicy)}</p>
              <p className={muted}>If the coach cancels, you get everything back.</p>
            </div>
            <a
              href={`/${t.coach.username}`}
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
          </section>
          <section aria-label="Book a time" className={cx(cardBox, css({ p: { base: '5', md: '7' } }))}>
            <Island
              name="session-booking"
              props={{
                sessionTypeId: t.id,
                title: t.title,
                durationMinutes: t.durationMinutes,
                price: t.price,
                currency: t.currency,
                priceNote: t.priceNote,
                coachName: t.coach.name,
                coachTimeZone: tz,
                refundText: describeRefundPolicy(t.refundPolicy),
                refundPolicy: t.refundPolicy,
                place: SESSION_MODE_LABEL[t.mode],
                pagePath: pathOf(t),
                coachUrl: `/${t.coach.username ?? t.coach.id}`,
                viewer: user
                  ? { id: user.id, billingName: [user.profile?.firstName, user.profile?.lastName].filter(Boolean).join(' ') || user.email, email: user.email }
                  : null,
                start: data.start,
                today: localDate(Date.now(), tz),
                resume: data.resume,
              }}
            />
          </section>
        </div>
      </div>
    </div>
  )
}

export default {
  title: (d: Data) => `${d.type.title} with ${d.type.coach.name}`,
  description: 'Book a one-to-one session.',
  meta: (d: Data): PageMeta => ({ description: summary(d.type), canonical: `${config.APP_URL}${pathOf(d.type)}`, type: 'website' }),
  load,
  Page: SessionPage,
} satisfies PageModule<Data>
