/** /b: the client dashboard: next workshop, waitlist entries and offers, upcoming, waiting for payment, seats to fill, invitations to me, payments, metrics. */
import { css } from 'styled-system/css'
import { fmtDateTime, MODE_LABEL, money } from '../../../../islands/lib/format'
import { type ClientBookingRow, clientDashboardLists, invitationsToMe, latestPayments, myWaitlist } from '../../../modules/bookings'
import { clientMetrics } from '../../../modules/dashboard'
import { now } from '../../../platform/clock'
import { formatStart, sessionWhen, viewerStart } from '../../../shared/datetime'
import { count } from '../../../shared/words'
import { Island } from '../../island'
import type { PageContext, PageModule } from '../../routes'
import { Card, Empty, grid, linkClass, mutedText, PageHeader, pageStack, StatusBadge, useTz } from './parts'

async function load(ctx: PageContext) {
  const me = ctx.user!
  const t = now()
  // One query at a time: the page streams, so its latency matters less than leaving the
  // connection pool to the first bytes of other requests (a dashboard is ~5 queries).
  // Each list a screenful, read in index order: the page costs what it shows, whatever the history.
  const lists = await clientDashboardLists(ctx.em, me.id)
  const invitations = await invitationsToMe(ctx.em, me, 5)
  const payments = await latestPayments(ctx.em, me.id, 5)
  const waitlist = await myWaitlist(ctx.em, me.id, 5)
  const metrics = await clientMetrics(ctx.em, me.id, { from: new Date(t.getTime() - 30 * 86_400_000), to: t })
  return {
    ...lists,
    invitations,
    waitlist,
    payments,
    metrics: { ...metrics, nextWorkshopAt: metrics.nextWorkshopAt ? new Date(metrics.nextWorkshopAt).toISOString() : null },
    currency: metrics.currency,
  }
}
type Data = Awaited<ReturnType<typeof load>>

const row = css({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: '3',
  py: '2',
  borderTopWidth: '1px',
  borderColor: 'border.subtle',
  _first: { borderTopWidth: '0' },
  flexWrap: 'wrap',
})
const list = css({ display: 'flex', flexDir: 'column' })
const small = css({ fontSize: 'sm' })

/** A session's start on its workshop's clock, the zone named, the viewer's own time beside it where it differs. */
const sessionStart = (start: string, zone: string, viewer: string) => {
  const own = viewerStart(start, zone, viewer)
  return `${formatStart(start, zone)}${own ? ` (${own})` : ''}`
}

function NextWorkshop({ b, tz }: { b: ClientBookingRow | null; tz: string }) {
  if (!b)
    return (
      <Empty
        action={
          <a className={linkClass} href="/workshops">
            Browse workshops
          </a>
        }
      >
        No confirmed workshop coming up. Find one and book your seat.
      </Empty>
    )
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
      <a className={`${linkClass} ${css({ fontSize: 'lg' })}`} href={`/b/bookings/${b.id}`}>
        {b.workshop.title}
      </a>
      <p className={mutedText}>
        {sessionWhen(b.schedule.startDate, b.schedule.endDate, b.schedule.timezone, tz)} · with {b.coach.name}
      </p>
      <Island name="client-dashboard" props={{ part: 'countdown', startsAt: b.schedule.startDate }} />
      <p className={small}>
        {MODE_LABEL[b.schedule.mode]}
        {b.schedule.venue ? ` · ${b.schedule.venue}` : ''}
        {b.schedule.meetingUrl ? (
          <>
            {' · '}
            <a className={linkClass} href={b.schedule.meetingUrl} rel="noopener noreferrer" target="_blank">
              Join online
            </a>
          </>
        ) : null}
      </p>
      <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap' })}>
        <a className={linkClass} href={`/v1/bookings/${b.id}/calendar.ics`} download>
          Add to calendar
        </a>
        <a className={linkClass} href={`/b/bookings/${b.id}`}>
          Booking details
        </a>
      </div>
    </div>
  )
}

function Page({ data, ctx }: { data: Data; ctx: PageContext }) {
  const tz = useTz()
  const name = ctx.user?.profile?.firstName
  return (
    <div className={pageStack}>
      <PageHeader title="Dashboard" description={name ? `Welcome back, ${name}.` : 'Welcome back.'} />
      <div className={grid(2)}>
        <Card
          title="Next workshop"
          id="next"
          action={
            <a className={linkClass} href="/b/workshops">
              Workshops
            </a>
          }
        >
          <NextWorkshop b={data.next} tz={tz} />
        </Card>
        <Card
          title="Invitations for you"
          id="invitations"
          action={
            <a className={linkClass} href="/b/bookings">
              Bookings
            </a>
          }
        >
          {data.invitations.length ? (
            <ul className={list}>
              {data.invitations.map((i) => (
                <li
                  key={i.seatId}
                  className={css({
                    display: 'flex',
                    flexDir: 'column',
                    gap: '2',
                    py: '2',
                    borderTopWidth: '1px',
                    borderColor: 'border.subtle',
                    _first: { borderTopWidth: '0' },
                  })}
                >
                  <p className={small}>
                    <strong>{i.inviter ?? 'Someone'}</strong> invited you to <strong>{i.workshopTitle}</strong> on {sessionStart(i.startDate, i.timezone, tz)}.
                  </p>
                  <Island
                    name="client-invitation"
                    props={{ mode: 'seat', seatId: i.seatId, bookingId: i.bookingId, signedIn: true, workshopTitle: i.workshopTitle, questions: i.questions }}
                  />
                </li>
              ))}
            </ul>
          ) : (
            <Empty>No invitations waiting. When someone offers you a seat, accept or decline it here.</Empty>
          )}
        </Card>
      </div>
      {data.waitlist.length ? (
        <Card title="Waitlist" id="waitlist">
          <Island
            name="waitlist"
            props={{
              mode: 'mine',
              entries: data.waitlist.map((e) => ({
                id: e.id,
                position: e.position,
                seats: e.seats,
                status: e.status,
                offerExpiresAt: e.offerExpiresAt,
                workshopScheduleId: e.workshopScheduleId,
                workshopTitle: e.workshopTitle,
                when: sessionStart(e.startDate, e.timezone, tz),
              })),
            }}
          />
        </Card>
      ) : null}
      <div className={grid(2)}>
        <Card
          title="Upcoming bookings"
          id="upcoming"
          action={
            <a className={linkClass} href="/b/bookings">
              All bookings
            </a>
          }
        >
          {data.upcoming.length ? (
            <ul className={list}>
              {data.upcoming.map((b) => (
                <li key={b.id} className={row}>
                  <span className={css({ minW: '0' })}>
                    <a className={linkClass} href={`/b/bookings/${b.id}`}>
                      {b.workshop.title}
                    </a>
                    <span className={`${mutedText} ${css({ display: 'block' })}`}>{sessionStart(b.schedule.startDate, b.schedule.timezone, tz)}</span>
                  </span>
                  <StatusBadge status={b.status} />
                </li>
              ))}
            </ul>
          ) : (
            <Empty
              action={
                <a className={linkClass} href="/workshops">
                  Browse workshops
                </a>
              }
            >
              Nothing booked yet.
            </Empty>
          )}
        </Card>
        <Card
          title="Waiting for payment"
          id="unpaid"
          action={
            <a className={linkClass} href="/b/bookings">
              Bookings
            </a>
          }
        >
          {data.unpaid.length ? (
            <ul className={list}>
              {data.unpaid.map((b) => (
                <li key={b.id} className={row}>
                  <span className={css({ minW: '0' })}>
                    <a className={linkClass} href={`/b/bookings/${b.id}`}>
                      {b.workshop.title}
                    </a>
                    <span className={`${mutedText} ${css({ display: 'block' })}`}>
                      {money(b.amountDue, b.currency)} · held until {fmtDateTime(b.holdExpiresAt, tz)}
                    </span>
                  </span>
                  <a className={linkClass} href={`/workshops/${b.schedule.id}/book`}>
                    Resume checkout
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            <Empty>Every booking is paid.</Empty>
          )}
        </Card>
      </div>
      <div className={grid(2)}>
        <Card
          title="Seats to fill"
          id="seats"
          action={
            <a className={linkClass} href="/b/groups">
              Groups
            </a>
          }
        >
          {data.toFill.length ? (
            <ul className={list}>
              {data.toFill.map((b) => (
                <li key={b.id} className={row}>
                  <span className={css({ minW: '0' })}>
                    <a className={linkClass} href={`/b/bookings/${b.id}/seats`}>
                      {b.workshop.title}
                    </a>
                    <span className={`${mutedText} ${css({ display: 'block' })}`}>
                      {b.seatsFree} of {count(b.seats, 'seat')} free
                    </span>
                  </span>
                  <a className={linkClass} href={`/b/bookings/${b.id}/seats`}>
                    Invite
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            <Empty>No free seats. Book more seats to bring colleagues along.</Empty>
          )}
        </Card>
        <Card
          title="Recent payments"
          id="payments"
          action={
            <a className={linkClass} href="/b/payments">
              Payments
            </a>
          }
        >
          {data.payments.length ? (
            <ul className={list}>
              {data.payments.map((p) => (
                <li key={p.id} className={row}>
                  <span className={css({ minW: '0' })}>
                    <a className={linkClass} href={`/b/bookings/${p.bookingId}/payments`}>
                      {p.workshopTitle}
                    </a>
                    <span className={`${mutedText} ${css({ display: 'block' })}`}>{fmtDateTime(p.createdAt, tz)}</span>
                  </span>
                  <span className={small}>
                    {p.kind === 'refund' ? '−' : ''}
                    {money(p.amount, p.currency)}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <Empty>No payments yet.</Empty>
          )}
        </Card>
      </div>
      <Card title="Your activity" id="metrics">
        <Island name="client-dashboard" props={{ part: 'metrics', metrics: data.metrics, currency: data.currency }} />
      </Card>
    </div>
  )
}

export default { title: 'Dashboard', defer: true, keep: true, load, Page } satisfies PageModule<Data>
