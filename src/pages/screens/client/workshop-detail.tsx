/**
 * /b/workshops/{id} and its tabs history, bookings, calendar and resources: one workshop as its
 * attendee sees it (404 unless I booked it or hold a seat in it).
 */
import { css } from 'styled-system/css'
import { fmtDateTime, fmtRange, MODE_LABEL } from '../../../../islands/lib/format'
import { clientBookings, clientResources, clientWorkshops } from '../../../modules/bookings'
import { now } from '../../../platform/clock'
import { Island } from '../../island'
import type { PageContext, PageModule } from '../../routes'
import { loadTableData, tableView } from '../../tables'
import { SessionCalendar } from './calendar'
import { Card, Dl, Empty, linkClass, mutedText, PageHeader, pageStack, StatusBadge, TabLinks, useTz } from './parts'
import { ResourceList } from './resources'

export type WorkshopTab = 'overview' | 'history' | 'bookings' | 'calendar' | 'resources'

async function loadFor(ctx: PageContext, tab: WorkshopTab) {
  const me = ctx.user!
  const [workshop] = await clientWorkshops(ctx.em, me.id, ctx.params.id)
  if (!workshop) return null
  const bookingHref = `/b/workshops/${workshop.id}/bookings/{id}`
  const [bookings, resources, table] = await Promise.all([
    clientBookings(ctx.em, me.id, { workshopId: workshop.id }),
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
    const coming = data.bookings.filter((b) => new Date(b.schedule.endDate).getTime() >= t && b.status !== 'CANCELLED').reverse()
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
            <ResourceList rows={data.resources} attending={data.bookings.some((b) => ['CONFIRMED', 'COMPLETED'].includes(b.status))} />
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
