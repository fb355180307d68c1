/** Columns of each client list (the server sorts by the ids of the sortable ones). */
import { css } from 'styled-system/css'
import type { PagedColumn } from '../../design-system/components/table/paged-table'
import { fmtDate, fmtDateTime, MODE_LABEL, money } from '../lib/format'
import { StatusBadge } from '../lib/status-badge'

type Row = Record<string, any>
const link = css({
  color: 'fg.default',
  fontWeight: 'medium',
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
  textDecorationColor: 'border.default',
  _hover: { textDecorationColor: 'currentColor' },
})
const sub = css({ display: 'block', fontSize: 'xs', color: 'fg.muted' })

export function bookingColumns(tz: string, href: (id: string) => string): PagedColumn<Row>[] {
  return [
    {
      id: 'workshop',
      header: 'Workshop',
      width: 260,
      sortable: true,
      cell: (r) => (
        <span>
          <a className={link} href={href(r.id)}>
            {r.workshop.title}
          </a>
          <span className={sub}>
            {r.coach.name}
            {r.mine ? '' : ' · seat from another booking'}
          </span>
        </span>
      ),
    },
    {
      id: 'when',
      header: 'When',
      width: 190,
      sortable: true,
      cell: (r) => (
        <span>
          {fmtDateTime(r.schedule.startDate, tz)}
          <span className={sub}>{MODE_LABEL[r.schedule.mode] ?? r.schedule.mode}</span>
        </span>
      ),
    },
    { id: 'seats', header: 'Seats', width: 90, sortable: true, cell: (r) => `${r.seatsAccepted}/${r.seats}` },
    {
      id: 'status',
      header: 'Status',
      width: 150,
      sortable: true,
      cell: (r) => <StatusBadge status={r.status} />,
    },
    { id: 'amount', header: 'Amount', width: 120, sortable: true, cell: (r) => money(r.amountDue, r.currency) },
  ]
}

export function paymentColumns(tz: string): PagedColumn<Row>[] {
  return [
    { id: 'date', header: 'Date', width: 170, sortable: true, cell: (r) => fmtDateTime(r.createdAt, tz) },
    {
      id: 'workshop',
      header: 'Workshop',
      width: 240,
      sortable: true,
      cell: (r) => (
        <a className={link} href={`/b/bookings/${r.bookingId}/payments`}>
          {r.workshopTitle}
        </a>
      ),
    },
    {
      id: 'kind',
      header: 'Type',
      width: 100,
      sortable: true,
      cell: (r) => (r.kind === 'refund' ? 'Refund' : 'Payment'),
    },
    {
      id: 'card',
      header: 'Card',
      width: 120,
      cell: (r) => (r.cardLast4 ? `${r.cardBrand ?? 'card'} •••• ${r.cardLast4}` : '—'),
    },
    { id: 'status', header: 'Status', width: 120, sortable: true, cell: (r) => <StatusBadge kind="payment" status={r.status} /> },
    {
      id: 'amount',
      header: 'Amount',
      width: 120,
      sortable: true,
      cell: (r) => `${r.kind === 'refund' ? '−' : ''}${money(r.amount, r.currency)}`,
    },
  ]
}

export function invoiceColumns(tz: string): PagedColumn<Row>[] {
  return [
    {
      id: 'number',
      header: 'Number',
      width: 130,
      sortable: true,
      cell: (r) => (
        <a className={link} href={r.url} download>
          {r.number}
        </a>
      ),
    },
    {
      id: 'kind',
      header: 'Document',
      width: 120,
      sortable: true,
      cell: (r) => (r.kind === 'credit_note' ? 'Credit note' : 'Invoice'),
    },
    { id: 'workshop', header: 'Workshop', width: 240, sortable: true, cell: (r) => r.workshopTitle },
    { id: 'issued', header: 'Issued', width: 130, sortable: true, cell: (r) => fmtDate(r.issuedAt, tz) },
    { id: 'total', header: 'Total', width: 110, sortable: true, cell: (r) => money(r.total, r.currency) },
  ]
}

export function groupColumns(tz: string): PagedColumn<Row>[] {
  return [
    {
      id: 'person',
      header: 'Person',
      width: 220,
      sortable: true,
      cell: (r) => (
        <span>
          {r.name}
          <span className={sub}>{r.email}</span>
        </span>
      ),
    },
    { id: 'workshops', header: 'Workshops', width: 300, cell: (r) => r.workshops.join(', ') },
    { id: 'bookings', header: 'Bookings', width: 100, sortable: true, cell: (r) => r.bookings },
    { id: 'status', header: 'Seat', width: 110, sortable: true, cell: (r) => <StatusBadge kind="seat" status={r.status} /> },
    { id: 'last', header: 'Last together', width: 150, sortable: true, cell: (r) => fmtDate(r.lastAt, tz) },
  ]
}

export function workshopColumns(tz: string): PagedColumn<Row>[] {
  return [
    {
      id: 'title',
      header: 'Workshop',
      width: 280,
      sortable: true,
      cell: (r) => (
        <span>
          <a className={link} href={`/b/workshops/${r.id}`}>
            {r.title}
          </a>
          <span className={sub}>{r.coachName}</span>
        </span>
      ),
    },
    {
      id: 'next',
      header: 'Next session',
      width: 180,
      sortable: true,
      cell: (r) => (r.nextStart ? fmtDateTime(r.nextStart, tz) : 'None coming'),
    },
    { id: 'bookings', header: 'Bookings', width: 100, sortable: true, cell: (r) => r.bookings },
    { id: 'seats', header: 'Seats', width: 90, sortable: true, cell: (r) => r.seats },
  ]
}
