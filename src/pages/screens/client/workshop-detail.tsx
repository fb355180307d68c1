/**
 * /b/workshops/{id} and its tabs history, bookings, calendar and resources: one workshop as its
 * attendee sees it (404 unless I booked it or hold a seat in it).
 */
import { css } from 'styled-system/css'
import { fmtDateTime, fmtRange, MODE_LABEL } from '../../../../islands/lib/format'
import { bookingsBetween, clientResources, clientWorkshop, upcomingBookings } from '../../../modules/bookings'
import { now } from '../../../platform/clock'
import { Island } from '../../island'
import type { PageContext, PageModule } from '../../routes'
import { loadTableData, tableView } from '../../tables'
import { SessionCalendar } from './calendar'
import { Card, Dl, Empty, linkClass, mutedText, PageHeader, pageStack, StatusBadge, TabLinks, useTz } from './parts'
import { ResourceList } from './resources'

export type WorkshopTab = 'overview' | 'history' | 'bookings' | 'calendar' | 'resources'

const DAY = 86_400_000
/**
 * The instants a calendar view can show, with a week's margin for the days of the months beside
 * it and for time zones: `?view=week&date=` that week, `?month=YYYY-MM` that month, else the
 * month of `anchor` (the next session).
 */
function calendarWindow(params: URLSearchParams, anchor: string) {
  const date = params.get('date')
  if (params.get('view') === 'week' && date && /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(Date.parse(date))) {
    const t = Date.parse(`${date}T00:00:00Z`)
    return { from: new Date(t - 8 * DAY), to: new Date(t + 9 * DAY) }
  }
  const month = params.get('month')
  const first = month && /^\d{4}-\d{2}$/.test(month) && !Number.isNaN(Date.parse(`${month}-01`)) ? `${month}-01` : `${anchor.slice(0, 7)}-01`
  const t = Date.parse(`${first}T00:00:00Z`)
  return { from: new Date(t - 8 * DAY), to: new Date(t + 40 * DAY) }
}

async function loadFor(ctx: PageContext, tab: WorkshopTab) {
  const me = ctx.user!
  const workshop = await clientWorkshop(ctx.em, me.id, ctx.params.id)
  if (!workshop) return null
  const bookingHref = `/b/workshops/${workshop.id}/bookings/{id}`
  const upcoming = await upcomingBookings(ctx.em, me.id, 10, { workshopId: workshop.id })
  const [bookings, resources, table] = await Promise.all([
    // The overview lists the next sessions (a screenful; the Bookings tab pages through all); the
    // calendar the sessions of the month or week it shows.
    tab === 'calendar'
      ? (() => {
          const w = calendarWindow(ctx.url.searchParams, upcoming[0]?.schedule.startDate ?? now().toISOString())
          return bookingsBetween(ctx.em, me.id, w.from, w.to, workshop.id)
        })()
      : Promise.resolve(upcoming),
    tab === 'resources' ? clientResources(ctx.em, me.id, workshop.id) : Promise.resolve([]),
    tab === 'history' || tab === 'bookings'
      ? loadTableData(ctx, 'client-bookings', {
          scope: { workshop: workshop.id, ...(tab === 'history' ? { ended: '1' } : {}) },
          bookingHref,
          // The client has booked this workshop: an empty history only means no session has ended yet.
          ...(tab === 'history' ? { empty: { text: 'No past session of this workshop yet: the sessions you book show here once they have ended.' } } : {}),
        })
      : null,
  ])
  return { workshop, bookings, resources, table, now: now().toISOString() }
}
type Data = NonNullable<Awaited<ReturnType<typeof loadFor>>>

function makePage(tab: WorkshopTab) {
  return function Page({ data, ctx }: { data: Data; ctx: PageContext }) {
    const tz = useTz()
    const w = data.workshop
    const base = `/b/workshops/${w.id}`
    const t = new Date(data.now).getTime()
    const coming = data.bookings.filter((b) => new Date(b.schedule.endDate).getTime() >= t && b.status !== 'CANCELLED')
    return (
      <div className={pageStack}>
        <PageHeader title={w.title} crumbs={[['Workshops', '/b/workshops']]} description={`With ${w.coachName}`} />
        <TabLinks
          label="Workshop sections"
          current={tab === 'overview' ? base : `${base}/${tab}`}
          tabs={[
            ['Overview', base],
            ['History', `${base}/history`],
            ['Bookings', `${base}/bookings`],
            ['Calendar', `${base}/calendar`],
            ['Resources', `${base}/resources`],
          ]}
        />
        {tab === 'overview' ? (
          <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', lg: '3fr 2fr' }, gap: '4', alignItems: 'start' })}>
            <Card title="About" id="about">
              {w.description ? <p className={css({ whiteSpace: 'pre-line' })}>{w.description}</p> : <p className={mutedText}>No description.</p>}
            </Card>
            <Card title="Your sessions" id="sessions">
              <Dl
                items={[
                  ['Bookings', String(w.bookings)],
                  ['Seats', String(w.seats)],
                  ['Next session', w.nextStart ? fmtDateTime(w.nextStart, tz) : 'None coming'],
                ]}
              />
              {coming.length ? (
                <ul className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
                  {coming.map((b) => (
                    <li key={b.id} className={css({ fontSize: 'sm' })}>
                      <a className={linkClass} href={`${base}/bookings/${b.id}`}>
                        {fmtRange(b.schedule.startDate, b.schedule.endDate, tz)}
                      </a>{' '}
                      · {MODE_LABEL[b.schedule.mode]} <StatusBadge status={b.status} />
                    </li>
                  ))}
                </ul>
              ) : (
                <Empty
                  action={
                    <a className={linkClass} href="/workshops">
                      Find a new date
                    </a>
                  }
                >
                  No session of this workshop coming up for you.
                </Empty>
              )}
            </Card>
          </div>
        ) : null}
        {tab === 'history' && data.table ? (
          <Card title="Past sessions" id="history">
            <Island name="data-table" props={tableView(data.table, tz, 'Past sessions')} />
          </Card>
        ) : null}
        {tab === 'bookings' && data.table ? (
          <Card title="Bookings" id="bookings">
            <Island name="data-table" props={tableView(data.table, tz, 'Bookings of this workshop')} />
          </Card>
        ) : null}
        {tab === 'calendar' ? (
          <Card title="Calendar" id="calendar">
            <SessionCalendar
              bookings={data.bookings.filter((b) => b.status !== 'CANCELLED')}
              tz={tz}
              params={ctx.url.searchParams}
              base={`${base}/calendar`}
              feedHref={`/v1/calendar/bookings.ics?workshopId=${w.id}`}
              now={data.now}
            />
          </Card>
        ) : null}
        {tab === 'resources' ? (
          <Card title="Resources" id="resources">
            <ResourceList rows={data.resources} attending={data.workshop.attending} />
          </Card>
        ) : null}
      </div>
    )
  }
}

export function workshopPage(tab: WorkshopTab): PageModule<Data> {
  return {
    title: (d: Data) => (tab === 'overview' ? d.workshop.title : `${tab[0].toUpperCase() + tab.slice(1)} · ${d.workshop.title}`),
    stream: true,
    load: (ctx) => loadFor(ctx, tab),
    Page: makePage(tab),
  }
}
export default workshopPage('overview')
