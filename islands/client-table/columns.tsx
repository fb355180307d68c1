/** Columns of each client list (section 9 tables: sortable headers, shift-click adds a sort). */
import { css } from 'styled-system/css'
import type { DataTableColumn } from '../../design-system/components/table/data-table'
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

export function bookingColumns(tz: string, href: (id: string) => string): DataTableColumn<Row>[] {
  return [
    {
      id: 'workshop',
      header: 'Workshop',
      size: 260,
      accessorFn: (r) => r.workshop.title,
      cell: ({ row }) => (
        <span>
          <a className={link} href={href(row.original.id)}>
            {row.original.workshop.title}
          </a>
          <span className={sub}>
            {row.original.coach.name}
            {row.original.mine ? '' : ' · seat from another booking'}
          </span>
        </span>
      ),
    },
    {
      id: 'when',
      header: 'When',
      size: 190,
      accessorFn: (r) => r.schedule.startDate,
      cell: ({ row }) => (
        <span>
          {fmtDateTime(row.original.schedule.startDate, tz)}
          <span className={sub}>{MODE_LABEL[row.original.schedule.mode] ?? row.original.schedule.mode}</span>
        </span>
      ),
    },
    { id: 'seats', header: 'Seats', size: 90, accessorFn: (r) => r.seats, cell: ({ row }) => `${row.original.seatsAccepted}/${row.original.seats}` },
    {
      id: 'status',
      header: 'Status',
      size: 150,
      accessorFn: (r) => r.status,
      filterFn: 'equalsString' as any,
      cell: ({ row }) => <StatusBadge status={row.original.status} />,
    },
    { id: 'amount', header: 'Amount', size: 120, accessorFn: (r) => r.amountDue, cell: ({ row }) => money(row.original.amountDue, row.original.currency) },
  ]
}

export function paymentColumns(tz: string): DataTableColumn<Row>[] {
  return [
    { id: 'date', header: 'Date', size: 170, accessorFn: (r) => r.createdAt, cell: ({ row }) => fmtDateTime(row.original.createdAt, tz) },
    {
      id: 'workshop',
      header: 'Workshop',
      size: 240,
      accessorFn: (r) => r.workshopTitle,
      cell: ({ row }) => (
        <a className={link} href={`/b/bookings/${row.original.bookingId}/payments`}>
          {row.original.workshopTitle}
        </a>
      ),
    },
    {
      id: 'kind',
      header: 'Type',
      size: 100,
      accessorFn: (r) => r.kind,
      filterFn: 'equalsString' as any,
      cell: ({ row }) => (row.original.kind === 'refund' ? 'Refund' : 'Payment'),
    },
    {
      id: 'card',
      header: 'Card',
      size: 120,
      accessorFn: (r) => r.cardLast4 ?? '',
      cell: ({ row }) => (row.original.cardLast4 ? `${row.original.cardBrand ?? 'card'} •••• ${row.original.cardLast4}` : '—'),
    },
    { id: 'status', header: 'Status', size: 120, accessorFn: (r) => r.status, cell: ({ row }) => <StatusBadge kind="payment" status={row.original.status} /> },
    {
      id: 'amount',
      header: 'Amount',
      size: 120,
      accessorFn: (r) => (r.kind === 'refund' ? -r.amount : r.amount),
      cell: ({ row }) => `${row.original.kind === 'refund' ? '−' : ''}${money(row.original.amount, row.original.currency)}`,
    },
  ]
}

export function invoiceColumns(tz: string): DataTableColumn<Row>[] {
  return [
    {
      id: 'number',
      header: 'Number',
      size: 130,
      accessorFn: (r) => r.number,
      cell: ({ row }) => (
        <a className={link} href={row.original.url} download>
          {row.original.number}
        </a>
      ),
    },
    {
      id: 'kind',
      header: 'Document',
      size: 120,
      accessorFn: (r) => r.kind,
      cell: ({ row }) => (row.original.kind === 'credit_note' ? 'Credit note' : 'Invoice'),
    },
    { id: 'workshop', header: 'Workshop', size: 240, accessorFn: (r) => r.workshopTitle },
    { id: 'issued', header: 'Issued', size: 130, accessorFn: (r) => r.issuedAt, cell: ({ row }) => fmtDate(row.original.issuedAt, tz) },
    { id: 'total', header: 'Total', size: 110, accessorFn: (r) => r.total, cell: ({ row }) => money(row.original.total, row.original.currency) },
  ]
}

export function groupColumns(tz: string): DataTableColumn<Row>[] {
  return [
    {
      id: 'person',
      header: 'Person',
      size: 220,
      accessorFn: (r) => r.name,
      cell: ({ row }) => (
        <span>
          {row.original.name}
          <span className={sub}>{row.original.email}</span>
        </span>
      ),
    },
    { id: 'workshops', header: 'Workshops', size: 300, accessorFn: (r) => r.workshops.join(', ') },
    { id: 'bookings', header: 'Bookings', size: 100, accessorFn: (r) => r.bookings },
    { id: 'status', header: 'Seat', size: 110, accessorFn: (r) => r.status, cell: ({ row }) => <StatusBadge kind="seat" status={row.original.status} /> },
    { id: 'last', header: 'Last together', size: 150, accessorFn: (r) => r.lastAt, cell: ({ row }) => fmtDate(row.original.lastAt, tz) },
  ]
}

export function workshopColumns(tz: string): DataTableColumn<Row>[] {
  return [
    {
      id: 'title',
      header: 'Workshop',
      size: 280,
      accessorFn: (r) => r.title,
      cell: ({ row }) => (
        <span>
          <a className={link} href={`/b/workshops/${row.original.id}`}>
            {row.original.title}
          </a>
          <span className={sub}>{row.original.coachName}</span>
        </span>
      ),
    },
    {
      id: 'next',
      header: 'Next session',
      size: 180,
      accessorFn: (r) => r.nextStart ?? '',
      cell: ({ row }) => (row.original.nextStart ? fmtDateTime(row.original.nextStart, tz) : 'None coming'),
    },
    { id: 'bookings', header: 'Bookings', size: 100, accessorFn: (r) => r.bookings },
    { id: 'seats', header: 'Seats', size: 90, accessorFn: (r) => r.seats },
  ]
}
