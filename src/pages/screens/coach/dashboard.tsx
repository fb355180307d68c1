/** /c "Coach Dashboard": revenue, seats sold, fill of coming schedules, next sessions, feedback, pending payouts. Server-rendered, no script of its own. */
import { css, cx } from 'styled-system/css'
import { type CoachDashboard, coachDashboard, planUsage } from '../../../modules/coach'
import { now } from '../../../platform/clock'
import { count } from '../../../shared/words'
import type { PageContext, PageModule } from '../../routes'
import { teamId } from '../../team'
import { RevenueChart } from './chart'
import { card, Empty, filterBar, fmtDateTime, fmtDay, input, link, MODE_LABEL, money, muted, outlineLink, PageHeader, plural, Stat, stack, stars } from './ui'

const RANGES = [
  ['7', 'Last 7 days'],
  ['30', 'Last 30 days'],
  ['90', 'Last 90 days'],
  ['365', 'Last 12 months'],
] as const
const DAY = 86_400_000
const isDay = (s: string | null) => !!s && /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s))

function rangeOf(url: URL) {
  const from = url.searchParams.get('from')
  const to = url.searchParams.get('to')
  if (isDay(from) && isDay(to) && Date.parse(to!) >= Date.parse(from!) && Date.parse(to!) - Date.parse(from!) <= 731 * DAY)
    return { key: 'custom', from: new Date(`${from}T00:00:00Z`), to: new Date(`${to}T23:59:59.999Z`) }
  const days = RANGES.find(([k]) => k === url.searchParams.get('range'))?.[0] ?? '30'
  const end = now()
  return { key: days, from: new Date(end.getTime() - (Number(days) - 1) * DAY), to: end }
}

interface Data {
  d: CoachDashboard
  range: ReturnType<typeof rangeOf>
  currency: string
}

async function load(ctx: PageContext): Promise<Data> {
  const range = rangeOf(ctx.url)
  const [d, plan] = [await coachDashboard(ctx.em, ctx.user!.id, await teamId(ctx), range.from, range.to), await planUsage(ctx.em, ctx.user!.defaultTenantSlug)]
  return { d, range, currency: plan?.currency ?? 'usd' }
}

function Page({ data, ctx }: { data: Data; ctx: PageContext }) {
  const { d, range, currency } = data
  const name = ctx.user?.profile?.firstName
  const notRunning = d.coming.filter((s) => s.confirmed < s.minSeats)
  const capacity = d.coming.reduce((n, s) => n + s.maxSeats, 0)
  const fillRate = capacity ? Math.round((d.coming.reduce((n, s) => n + s.seatsTaken, 0) / capacity) * 100) : null
  const iso = (x: Date) => x.toISOString().slice(0, 10)
  return (
    <div className={stack}>
      <PageHeader
        title="Coach Dashboard"
        subtitle={name ? `Welcome back, ${name}.` : 'Welcome back.'}
        actions={
          <a className={outlineLink} href="/c/workshops">
            Workshops
          </a>
        }
      />

      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'flex-end', justifyContent: 'space-between' })}>
        <nav aria-label="Range" className={css({ display: 'flex', gap: '1.5', flexWrap: 'wrap' })}>
          {RANGES.map(([k, l]) => (
            <a
              key={k}
              href={`/c?range=${k}`}
              aria-current={range.key === k ? 'page' : undefined}
              className={cx(
                outlineLink,
                range.key === k ? css({ bg: 'colorPalette.default', color: 'colorPalette.fg', borderColor: 'colorPalette.default' }) : undefined,
              )}
            >
              {l}
            </a>
          ))}
        </nav>
        <form method="get" action="/c" className={filterBar} aria-label="Custom date range">
          <label>
            From
            <input type="date" name="from" required defaultValue={iso(range.from)} className={input} />
          </label>
          <label>
            To
            <input type="date" name="to" required defaultValue={iso(range.to)} className={input} />
          </label>
          <button type="submit" className={outlineLink}>
            Show
          </button>
        </form>
      </div>

      <section aria-labelledby="money-h" className={stack}>
        <h2 id="money-h" className={css({ srOnly: true })}>
          Revenue from {fmtDay(range.from)} to {fmtDay(range.to)}
        </h2>
        <div className={css({ display: 'grid', gridTemplateColumns: { base: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' }, gap: '4' })}>
          <Stat label="Gross revenue" value={money(d.money.revenue, currency)} testId="gross" />
          <Stat label={`Platform fee (${d.money.feePercent}%)`} value={money(d.money.fee, currency)} testId="fee" />
          <Stat label="Net revenue" value={money(d.money.net, currency)} testId="net" />
          <Stat label="Seats sold" value={d.seatsSold} testId="seats-sold" />
        </div>
        <div className={card}>
          <RevenueChart points={d.series} currency={currency} />
        </div>
      </section>

      <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', lg: '3fr 2fr' }, gap: '6' })}>
        <section aria-labelledby="next-h" className={card}>
          <h2 id="next-h" className={css({ fontWeight: 'semibold', fontSize: 'lg' })}>
            Next sessions
          </h2>
          {d.coming.length === 0 ? (
            <Empty>
              No published schedule is coming up.{' '}
              <a className={link} href="/c/workshops">
                Schedule a workshop
              </a>
              .
            </Empty>
          ) : (
            <ul className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
              {d.coming.slice(0, 6).map((s) => {
                const fill = s.maxSeats ? Math.round((s.seatsTaken / s.maxSeats) * 100) : 0
                return (
                  <li
                    key={s.id}
                    className={css({
                      display: 'flex',
                      flexDir: 'column',
                      gap: '1',
                      pb: '3',
                      borderBottomWidth: '1px',
                      borderColor: 'border.subtle',
                      _last: { borderBottomWidth: '0', pb: '0' },
                    })}
                  >
                    <div className={css({ display: 'flex', justifyContent: 'space-between', gap: '2', flexWrap: 'wrap' })}>
                      <a className={link} href={`/c/workshops/${s.workshopId}`}>
                        {s.title}
                      </a>
                      <span className={muted}>
                        {s.running ? 'Running now' : fmtDateTime(s.startDate, s.timezone)} · {MODE_LABEL[s.mode] ?? s.mode}
                      </span>
                    </div>
                    <div className={css({ display: 'flex', gap: '3', alignItems: 'center' })}>
                      <div
                        role="meter"
                        aria-label={`Fill rate of ${s.title}`}
                        aria-valuemin={0}
                        aria-valuemax={100}
                        aria-valuenow={fill}
                        className={css({ flex: '1', h: '2', bg: 'bg.subtle', borderRadius: 'full', overflow: 'hidden' })}
                      >
                        <div className={css({ h: 'full', bg: 'colorPalette.default' })} style={{ width: `${fill}%` }} />
                      </div>
                      <span className={cx(muted, css({ whiteSpace: 'nowrap' }))}>
                        {s.seatsTaken}/{s.maxSeats} seats · {plural(s.attendees, 'attendee')}
                      </span>
                    </div>
                    {s.confirmed < s.minSeats && (
                      <span className={css({ fontSize: 'xs', color: 'red.11' })}>
                        Needs {count(s.minSeats - s.confirmed, 'more confirmed seat')} to reach the minimum of {s.minSeats}
                      </span>
                    )}
                  </li>
                )
              })}
            </ul>
          )}
          <p className={muted}>
            {plural(d.coming.length, 'coming schedule')}
            {fillRate !== null ? (
              <>
                , <span data-testid="fill-rate">{fillRate}%</span> filled
              </>
            ) : (
              ''
            )}
            {d.coming.length ? `; ${notRunning.length ? `${notRunning.length} not at their minimum seats yet` : 'all at their minimum seats'}` : ''}.{' '}
            <a className={link} href="/c/bookings">
              All bookings
            </a>
          </p>
        </section>

        <div className={stack}>
          <section aria-labelledby="fb-h" className={card}>
            <h2 id="fb-h" className={css({ fontWeight: 'semibold', fontSize: 'lg' })}>
              Feedback
            </h2>
            <p>
              <span className={css({ fontSize: '2xl', fontWeight: 'bold' })} data-testid="rating">
                {d.rating.average ?? '—'}
              </span>{' '}
              <span className={muted}>average of {plural(d.rating.count, 'rating')}</span>
            </p>
            {d.latestFeedback.length === 0 ? (
              <Empty>No feedback yet.</Empty>
            ) : (
              <ul className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
                {d.latestFeedback.map((f) => (
                  <li key={f.id} className={css({ fontSize: 'sm' })}>
                    <span role="img" aria-label={`${f.rating} out of 5`}>
                      {stars(f.rating)}
                    </span>{' '}
                    <strong>{f.author}</strong> <span className={muted}>on {f.title}</span>
                    {f.comment && <p className={css({ color: 'fg.default', overflowWrap: 'anywhere' })}>“{f.comment}”</p>}
                  </li>
                ))}
              </ul>
            )}
            <a className={link} href="/c/feedbacks">
              All feedback
            </a>
          </section>
          <section aria-labelledby="po-h" className={card}>
            <h2 id="po-h" className={css({ fontWeight: 'semibold', fontSize: 'lg' })}>
              Payouts pending
            </h2>
            <p>
              <span className={css({ fontSize: '2xl', fontWeight: 'bold' })} data-testid="payouts-pending">
                {money(d.payoutsPending.net, currency)}
              </span>{' '}
              <span className={muted}>net of {plural(d.payoutsPending.bookings, 'paid booking')}</span>
            </p>
            <a className={link} href="/c/account/payouts">
              Your payouts
            </a>
          </section>
        </div>
      </div>
    </div>
  )
}

export default { title: 'Coach Dashboard', defer: true, keep: true, load, Page } satisfies PageModule<Data>
