/**
 * /b/bookings/{id} and its tabs seats, payments, resources (also reached inside a workshop as
 * /b/workshops/{id}/bookings/{bookingId}): status, workshop, coach, dates in the viewer's time
 * zone, venue or meeting link (confirmed only), voucher and amounts, and every action.
 */
import { css } from 'styled-system/css'
import { fmtDateTime, MODE_LABEL, money } from '../../../../islands/lib/format'
import { clientBookingDetail, clientResources } from '../../../modules/bookings'
import { listGroups } from '../../../modules/invitations'
import { bookingMessagesView } from '../../../modules/messages'
import { now } from '../../../platform/clock'
import { formatMove, formatStart, sessionWhen } from '../../../shared/datetime'
import { Island } from '../../island'
import type { PageContext, PageModule } from '../../routes'
import { loadTableData, tableView } from '../../tables'
import { Card, Dl, linkClass, mutedText, PageHeader, pageStack, StatusBadge, TabLinks, useTz } from './parts'
import { ResourceList } from './resources'

export type Tab = 'overview' | 'seats' | 'payments' | 'resources'

async function loadFor(ctx: PageContext, tab: Tab) {
  const me = ctx.user!
  const id = ctx.params.bookingId ?? ctx.params.id
  const detail = await clientBookingDetail(ctx.em, me.id, id)
  if (!detail) return null
  // A one-to-one session has no seats to share and no workshop resources.
  if (detail.booking.sessionTypeId && (tab === 'seats' || tab === 'resources')) return null
  if (ctx.params.bookingId && detail.booking.workshop.id !== ctx.params.id) return null
  const scope = { booking: detail.booking.id }
  const [resources, people, tables, talk] = await Promise.all([
    tab === 'resources' ? clientResources(ctx.em, me.id, detail.booking.workshop.id) : Promise.resolve([]),
    tab === 'seats' && detail.booking.mine ? listGroups(ctx.em, me, new URL('http://x/?perPage=100')).then((r) => r.data) : Promise.resolve([]),
    tab === 'payments'
      ? Promise.all([
          loadTableData(ctx, 'client-payments', { scope, bare: true }),
          loadTableData(ctx, 'client-invoices', { scope, prefix: 'inv-', bare: true }),
        ])
      : null,
    tab === 'overview' ? bookingMessagesView(ctx.em, me.id, detail.booking.id) : null,
  ])
  return {
    ...detail,
    talk,
    resources,
    tables,
    people: people.filter((p: any) => p.userId).map((p: any) => ({ userId: p.userId as string, name: (p.person?.name ?? p.email) as string })),
    now: now().toISOString(),
  }
}
type Data = NonNullable<Awaited<ReturnType<typeof loadFor>>>

function Overview({ data, tz }: { data: Data; tz: string }) {
  const b = data.booking
  const s = b.schedule
  const confirmed = b.status === 'CONFIRMED' || b.status === 'COMPLETED'
  const session = !!b.sessionTypeId
  return (
    <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', lg: '3fr 2fr' }, gap: '4' })}>
      <Card title={session ? 'Session' : 'Workshop'} id="workshop">
        <Dl
          items={[
            [
              session ? 'Session' : 'Workshop',
              <a
                key="w"
                className={linkClass}
                href={session ? `/${b.coach.username ?? b.coach.id}/sessions/${b.sessionTypeId}` : `/b/workshops/${b.workshop.id}`}
              >
                {b.workshop.title}
              </a>,
            ],
            [
              'Coach',
              b.coach.username ? (
                <a key="c" className={linkClass} href={`/${b.coach.username}`}>
                  {b.coach.name}
                </a>
              ) : (
                b.coach.name
              ),
            ],
            ['When', sessionWhen(s.startDate, s.endDate, s.timezone, tz)],
            ['Format', s.mode === 'PHONE' ? 'Phone call' : (MODE_LABEL[s.mode] ?? s.mode)],
            ...(s.venue ? ([['Venue', s.venue]] as [string, string][]) : []),
            [
              s.mode === 'PHONE' ? 'How to call' : 'Meeting link',
              s.mode === 'PHONE' && s.meetingUrl ? (
                s.meetingUrl
              ) : s.meetingUrl ? (
                <a key="m" className={linkClass} href={s.meetingUrl} target="_blank" rel="noopener noreferrer">
                  {s.meetingUrl}
                </a>
              ) : s.mode === 'IN-PERSON' ? (
                'In person only'
              ) : confirmed ? (
                'Not set yet'
              ) : (
                'Shown once the booking is confirmed'
              ),
            ],
          ]}
        />
      </Card>
      <Card title="Booking" id="booking">
        <Dl
          items={[
            // The status shows once, under the page's title.
            ...(session ? [] : ([['Seats', `${b.seatsAccepted} taken of ${b.seats}`]] as [string, string][])),
            ['Price', money(b.amountTotal, b.currency)],
            ...(b.voucherCode ? ([['Voucher', `${b.voucherCode} (−${money(b.discount, b.currency)})`]] as [string, string][]) : []),
            ['To pay', money(b.amountDue, b.currency)],
            ['Paid', money(b.amountPaid, b.currency)],
            ...(() => {
              const refunded = data.payments
                .filter((p) => p.kind === 'refund' && p.status !== 'failed' && p.status !== 'canceled')
                .reduce((n, p) => n + p.amount, 0)
              return refunded > 0 ? ([['Refunded', money(refunded, b.currency)]] as [string, string][]) : []
            })(),
            ['Booked on', fmtDateTime(b.createdAt, tz)],
            ...(b.status === 'PENDING' && b.holdExpiresAt
              ? ([[session ? 'Time held until' : 'Seats held until', fmtDateTime(b.holdExpiresAt, tz)]] as [string, string][])
              : []),
            ...data.moves.map(
              (m) =>
                [
                  'Moved',
                  // A session's move from one time to another on its clock, the reader's beside; a workshop's from the date it left.
                  session
                    ? `${formatMove(m.from, m.to, s.timezone, tz)}, on ${fmtDateTime(m.at, tz)}`
                    : `from ${formatStart(m.from, s.timezone)} on ${fmtDateTime(m.at, tz)}${m.difference > 0 ? ` (paid ${money(m.difference, b.currency)} more)` : m.difference < 0 ? ` (${money(-m.difference, b.currency)} refunded)` : ''}`,
                ] as [string, string],
            ),
            ...(b.cancellationReason ? ([['Cancelled', `${fmtDateTime(b.cancelledAt, tz)}: ${b.cancellationReason}`]] as [string, string][]) : []),
          ]}
        />
      </Card>
    </div>
  )
}

function makePage(tab: Tab) {
  return function Page({ data, ctx }: { data: Data; ctx: PageContext }) {
    const tz = useTz()
    const b = data.booking
    const base = ctx.params.bookingId ? `/b/workshops/${ctx.params.id}/bookings/${b.id}` : `/b/bookings/${b.id}`
    const tabs: [string, string][] = ctx.params.bookingId
      ? [['Overview', base]]
      : b.sessionTypeId
        ? [
            ['Overview', base],
            ['Payments', `${base}/payments`],
          ]
        : [
            ['Overview', base],
            ['Seats', `${base}/seats`],
            ['Payments', `${base}/payments`],
            ['Resources', `${base}/resources`],
          ]
    const refund = data.payments.filter((p) => p.kind === 'refund')
    return (
      <div className={pageStack}>
        <PageHeader
          title={b.workshop.title}
          crumbs={
            ctx.params.bookingId
              ? [
                  ['Workshops', '/b/workshops'],
                  [b.workshop.title, `/b/workshops/${b.workshop.id}`],
                  ['Bookings', `/b/workshops/${b.workshop.id}/bookings`],
                ]
              : [['Bookings', '/b/bookings']]
          }
          description={
            <>
              <StatusBadge status={b.status} />{' '}
              <span className={mutedText}>{sessionWhen(b.schedule.startDate, b.schedule.endDate, b.schedule.timezone, tz)}</span>
            </>
          }
        />
        <Island
          name="client-booking"
          props={{
            booking: {
              id: b.id,
              status: b.status,
              mine: b.mine,
              scheduleId: b.schedule.id ?? '',
              startDate: b.schedule.startDate,
              endDate: b.schedule.endDate,
              amountDue: b.amountDue,
              amountPaid: b.amountPaid,
              currency: b.currency,
              workshopTitle: b.workshop.title,
              seats: b.seats,
            },
            hasInvoice: data.invoices.some((i) => i.kind === 'invoice') || b.amountPaid > 0,
            hasCreditNote: data.invoices.some((i) => i.kind === 'credit_note') || refund.length > 0,
            refunded: refund.reduce((n, p) => n + p.amount, 0),
            canLeaveFeedback: data.canLeaveFeedback,
            feedback: data.feedback,
            now: data.now,
            tz,
            session: b.sessionTypeId
              ? { typeId: b.sessionTypeId, pageUrl: `/${b.coach.username ?? b.coach.id}/sessions/${b.sessionTypeId}`, timeZone: b.schedule.timezone }
              : null,
          }}
        />
        <TabLinks label="Booking sections" tabs={tabs} current={tab === 'overview' ? base : `${base}/${tab}`} />
        {tab === 'overview' ? <Overview data={data} tz={tz} /> : null}
        {tab === 'overview' && data.talk ? <Island name="booking-messages" props={{ ...data.talk, tz }} /> : null}
        {tab === 'seats' ? (
          <Card title="Seats" id="seats">
            <Island
              name="client-seats"
              props={{
                bookingId: b.id,
                seats: b.seats,
                rows: data.seats,
                canManage: b.mine && ['PENDING', 'CONFIRMED'].includes(b.status) && new Date(b.schedule.startDate).getTime() > new Date(data.now).getTime(),
                people: data.people,
                tz,
              }}
            />
          </Card>
        ) : null}
        {tab === 'payments' && data.tables ? (
          <>
            <Card title="Payments and refunds" id="payments">
              <Island name="data-table" props={tableView(data.tables[0], tz, 'Payments of this booking')} />
            </Card>
            <Card title="Invoices" id="invoices">
              <Island name="data-table" props={tableView(data.tables[1], tz, 'Invoices of this booking')} />
            </Card>
          </>
        ) : null}
        {tab === 'resources' ? (
          <Card title="Resources" id="resources">
            <ResourceList rows={data.resources} attending={['CONFIRMED', 'COMPLETED'].includes(b.status)} />
          </Card>
        ) : null}
      </div>
    )
  }
}

export function bookingPage(tab: Tab): PageModule<Data> {
  return {
    title: (d: Data) => `${tab === 'overview' ? 'Booking' : tab[0].toUpperCase() + tab.slice(1)} · ${d.booking.workshop.title}`,
    stream: true,
    load: (ctx) => loadFor(ctx, tab),
    Page: makePage(tab),
  }
}
export default bookingPage('overview')
