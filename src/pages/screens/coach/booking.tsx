/** /c/bookings/{id} and its tabs seats, payments, resources: one booking of the coach's schedules. */
import { css } from 'styled-system/css'
import { Table } from '../../../../design-system/components/table/table'
import { PAYMENT_LABEL, STATUS_LABEL } from '../../../../islands/lib/format'
import { type CoachBooking, coachBooking } from '../../../modules/coach'
import { bookingAnswers, bookingMessagesView } from '../../../modules/messages'
import { now } from '../../../platform/clock'
import { formatMove } from '../../../shared/datetime'
import { Island } from '../../island'
import type { PageContext, PageModule } from '../../routes'
import { teamId } from '../../team'
import { useTz } from '../client/parts'
import { card, Empty, fmtDateTime, link, money, muted, PageHeader, Status, stack, TabLinks, tableWrap } from './ui'

const num = css({ textAlign: 'end', fontVariantNumeric: 'tabular-nums' })
const sub = css({ display: 'block', color: 'fg.muted', fontSize: 'xs' })

/** A payment's status in the colours of the booking statuses. */
const PAYMENT_TONE: Record<string, string> = { succeeded: 'CONFIRMED', refunded: 'COMPLETED', failed: 'CANCELLED', canceled: 'EXPIRED', pending: 'PENDING' }

type Tab = '' | '/seats' | '/payments' | '/resources'
const TABS: [Tab, string][] = [
  ['', 'Overview'],
  ['/seats', 'Seats'],
  ['/payments', 'Payments'],
  ['/resources', 'Resources'],
]

function Details({ d }: { d: CoachBooking }) {
  const b = d.booking
  const tz = useTz()
  const row = (k: string, v: React.ReactNode, key?: string) => (
    <div key={key} className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '10rem 1fr' }, gap: '1', py: '1.5' })}>
      <dt className={muted}>{k}</dt>
      <dd className={css({ overflowWrap: 'anywhere' })}>{v}</dd>
    </div>
  )
  return (
    <div className={card}>
      <dl>
        {row(
          'Client',
          <>
            {d.client.name} ·{' '}
            <a className={link} href={`mailto:${d.client.email}`}>
              {d.client.email}
            </a>
            {d.client.phone ? ` · ${d.client.phone}` : ''}
          </>,
        )}
        {row(
          'Session',
          <>
            <a className={link} href={d.schedule.workshopId ? `/c/workshops/${d.schedule.workshopId}` : '/c/sessions'}>
              {d.schedule.title}
            </a>
            , {fmtDateTime(d.schedule.startDate, d.schedule.timezone)}
          </>,
        )}
        {d.schedule.id
          ? row('Seats', `${b.seats} (${d.seats.filter((s) => s.status === 'ACCEPTED').length} taken, ${d.seats.filter((s) => s.attended).length} attended)`)
          : null}
        {row(
          'Amount',
          <>
            {money(b.amountPaid, b.currency)} paid of {money(b.amountDue, b.currency)}
            {b.discount ? ` (voucher ${b.voucherCode}: −${money(b.discount, b.currency)})` : ''}
          </>,
        )}
        {row('Booked', fmtDateTime(b.createdAt, d.schedule.timezone))}
        {/* Each move from one time to another on the session's clock (the reader's beside), newest first. */}
        {d.moves.map((m, i) =>
          row(
            'Moved',
            `${formatMove(m.from, m.to, d.schedule.timezone, tz)}, on ${fmtDateTime(m.at, d.schedule.timezone)}${m.difference > 0 ? ` (paid ${money(m.difference, m.currency)} more)` : m.difference < 0 ? ` (${money(-m.difference, m.currency)} refunded)` : ''}`,
            `move-${i}`,
          ),
        )}
        {b.notes ? row("Client's notes", b.notes) : null}
        {b.cancellationReason ? row('Cancellation reason', b.cancellationReason) : null}
      </dl>
    </div>
  )
}

type Data = CoachBooking & {
  talk: Awaited<ReturnType<typeof bookingMessagesView>>
  answers: Awaited<ReturnType<typeof bookingAnswers>> | null
}

/** Answers to the booking questions: the booking's own, then each seat holder's. */
function Answers({ a }: { a: NonNullable<Data['answers']> }) {
  if (!a.booking.length && !a.seats.length) return null
  const list = (items: { id: string; question: string; answer: string }[]) => (
    <dl>
      {items.map((x) => (
        <div key={x.id} className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '14rem 1fr' }, gap: '1', py: '1' })}>
          <dt className={muted}>{x.question}</dt>
          <dd className={css({ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' })}>{x.answer}</dd>
        </div>
      ))}
    </dl>
  )
  return (
    <section className={card} aria-labelledby="answers-title" data-testid="booking-answers">
      <h2 id="answers-title" className={css({ fontWeight: 'semibold', mb: '2' })}>
        Answers
      </h2>
      {list(a.booking)}
      {a.seats.map((s, i) => (
        <div key={i} className={css({ mt: '3' })}>
          <h3 className={css({ fontSize: 'sm', fontWeight: 'medium' })}>{s.holder}</h3>
          {list(s.answers)}
        </div>
      ))}
    </section>
  )
}

function page(tab: Tab): PageModule<Data> {
  return {
    title: (d) => `Booking of ${d.client.name}`,
    load: async (ctx: PageContext) => {
      const d = await coachBooking(ctx.em, ctx.user!.id, await teamId(ctx), ctx.params.id)
      if (!d) return null
      // A one-to-one session (no schedule) has no seats to share and no workshop resources.
      if (!d.schedule.id && (tab === '/seats' || tab === '/resources')) return null
      const [talk, answers] =
        tab === '' ? await Promise.all([bookingMessagesView(ctx.em, ctx.user!.id, d.booking.id), bookingAnswers(ctx.em, d.booking.id)]) : [null, null]
      return { ...d, talk, answers }
    },
    Page: ({ data: d }) => {
      const base = `/c/bookings/${d.booking.id}`
      const tz = useTz()
      const island = {
        bookingId: d.booking.id,
        status: d.booking.status,
        ended: d.schedule.ended,
        coachNotes: d.booking.coachNotes,
        paid: d.booking.amountPaid > 0,
        seats: d.seats.map((s) => ({ id: s.id, holder: s.holder, status: s.status, attended: s.attended, attendanceNotes: s.attendanceNotes })),
        resources: d.resources,
        session: d.schedule.id
          ? null
          : {
              title: d.schedule.title,
              startDate: d.schedule.startDate.toISOString(),
              endDate: d.schedule.endDate.toISOString(),
              timeZone: d.schedule.timezone,
            },
        tz,
        now: now().toISOString(),
      }
      return (
        <div className={stack}>
          <PageHeader
            back={{ href: '/c/bookings', label: 'Bookings' }}
            title={`Booking of ${d.client.name}`}
            subtitle={
              <>
                {d.schedule.title} · <Status value={d.booking.status} label={STATUS_LABEL[d.booking.status]} />
              </>
            }
          />
          <TabLinks
            label="Booking sections"
            current={`${base}${tab}`}
            tabs={TABS.filter(([p]) => d.schedule.id || p === '' || p === '/payments').map(([p, l]) => ({ href: `${base}${p}`, label: l }))}
          />
          {tab === '' && (
            <>
              <Details d={d} />
              {d.answers ? <Answers a={d.answers} /> : null}
              <Island name="coach-booking" props={{ ...island, view: 'overview' }} />
              {d.talk ? <Island name="booking-messages" props={{ ...d.talk, tz: d.schedule.timezone }} /> : null}
            </>
          )}
          {tab === '/seats' && <Island name="coach-booking" props={{ ...island, view: 'seats' }} />}
          {tab === '/resources' && <Island name="coach-booking" props={{ ...island, view: 'resources' }} />}
          {tab === '/payments' &&
            (d.payments.length === 0 ? (
              <Empty>No payments on this booking.</Empty>
            ) : (
              <div className={tableWrap}>
                <Table.Root size="sm" aria-label="Payments of this booking">
                  <Table.Head>
                    <Table.Row>
                      <Table.Header>Date</Table.Header>
                      <Table.Header>Kind</Table.Header>
                      <Table.Header>Card</Table.Header>
                      <Table.Header className={num}>Amount</Table.Header>
                      <Table.Header>Status</Table.Header>
                    </Table.Row>
                  </Table.Head>
                  <Table.Body>
                    {d.payments.map((p) => (
                      <Table.Row key={p.id}>
                        <Table.Cell data-primary="">{fmtDateTime(p.createdAt, d.schedule.timezone)}</Table.Cell>
                        <Table.Cell data-label="Kind">
                          <span>
                            {p.kind === 'refund' ? 'Refund' : 'Payment'}
                            {p.reason ? <span className={sub}>{p.reason}</span> : null}
                          </span>
                        </Table.Cell>
                        <Table.Cell data-label="Card">{p.card ?? '—'}</Table.Cell>
                        <Table.Cell data-label="Amount" className={num}>
                          <span>
                            {p.kind === 'refund' ? '−' : ''}
                            {money(p.amount, p.currency)}
                            {p.amountRefunded ? <span className={sub}>{money(p.amountRefunded, p.currency)} refunded</span> : null}
                          </span>
                        </Table.Cell>
                        <Table.Cell data-label="Status">
                          <span>
                            <Status value={PAYMENT_TONE[p.status] ?? 'PENDING'} label={PAYMENT_LABEL[p.status] ?? p.status} />
                            {p.failure ? <span className={sub}>{p.failure}</span> : null}
                          </span>
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </div>
            ))}
          {tab === '/payments' && d.booking.amountPaid > 0 && (
            <p className={muted}>
              <a className={link} href={`/v1/payments/bookings/${d.booking.id}/invoice`}>
                Download the invoice (PDF)
              </a>
            </p>
          )}
        </div>
      )
    },
  }
}

export const overview = page('')
export const seats = page('/seats')
export const payments = page('/payments')
export const resources = page('/resources')
export default overview
