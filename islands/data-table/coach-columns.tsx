/** Columns of each coach list (the server sorts by the ids of the sortable ones; amounts in minor units). */
import { css } from 'styled-system/css'
import type { PagedColumn } from '../../design-system/components/table/paged-table'
import { fmtDate, fmtDateTime, money } from '../lib/format'
import { StatusBadge } from '../lib/status-badge'

type Row = Record<string, any>
const link = css({ color: 'fg.default', fontWeight: 'medium', textDecoration: 'underline', textUnderlineOffset: '2px' })
const sub = css({ display: 'block', fontSize: 'xs', color: 'fg.muted' })
const minor = (n: number, cur: string) => money(n / 100, cur)
const stars = (r: number) => '★★★★★'.slice(0, r) + '☆☆☆☆☆'.slice(0, 5 - r)

export function coachBookingColumns(): PagedColumn<Row>[] {
  return [
    {
      id: 'client',
      header: 'Client',
      width: 220,
      sortable: true,
      cell: (r) => (
        <span>
          <a className={link} href={`/c/bookings/${r.id}`}>
            {r.client}
          </a>
          <span className={sub}>{r.email}</span>
        </span>
      ),
    },
    { id: 'workshop', header: 'Workshop', width: 220, sortable: true, cell: (r) => r.title },
    { id: 'session', header: 'Session', width: 200, sortable: true, cell: (r) => fmtDateTime(r.startDate, r.timezone) },
    {
      id: 'seats',
      header: 'Seats',
      width: 100,
      sortable: true,
      align: 'end',
      cell: (r) => (
        <span>
          {r.seats}
          {r.attended ? <span className={sub}>{r.attended} attended</span> : null}
        </span>
      ),
    },
    { id: 'paid', header: 'Paid', width: 110, sortable: true, align: 'end', cell: (r) => minor(r.amountPaid, r.currency) },
    { id: 'status', header: 'Status', width: 160, sortable: true, cell: (r) => <StatusBadge status={r.status} /> },
  ]
}

export function coachFeedbackColumns(tz: string): PagedColumn<Row>[] {
  return [
    {
      id: 'rating',
      header: 'Rating',
      width: 120,
      sortable: true,
      cell: (r) => (
        <span role="img" aria-label={`${r.rating} out of 5`} className={css({ color: 'yellow.11', whiteSpace: 'nowrap' })}>
          {stars(r.rating)}
        </span>
      ),
    },
    { id: 'author', header: 'From', width: 160, cell: (r) => r.author },
    {
      id: 'comment',
      header: 'Comment',
      width: 320,
      cell: (r) =>
        r.comment ? (
          <span data-testid="feedback" className={css({ whiteSpace: 'normal', overflowWrap: 'anywhere' })}>
            {r.comment}
          </span>
        ) : (
          <span data-testid="feedback" className={sub}>
            No comment.
          </span>
        ),
    },
    {
      id: 'workshop',
      header: 'Workshop',
      width: 220,
      sortable: true,
      cell: (r) => (
        <span>
          <a className={link} href={`/c/workshops/${r.workshopId}/history`}>
            {r.title}
          </a>
          <span className={sub}>Session of {fmtDate(r.startDate, r.timezone)}</span>
        </span>
      ),
    },
    { id: 'date', header: 'Received', width: 140, sortable: true, cell: (r) => fmtDate(r.createdAt, tz) },
  ]
}

export function coachPayoutColumns(): PagedColumn<Row>[] {
  return [
    {
      id: 'session',
      header: 'Session',
      width: 240,
      sortable: true,
      cell: (r) => (
        <span>
          <a className={link} href={`/c/workshops/${r.workshopId}/payouts`}>
            {r.title}
          </a>
          <span className={sub}>{fmtDateTime(r.startDate, r.timezone)}</span>
        </span>
      ),
    },
    { id: 'bookings', header: 'Bookings', width: 140, sortable: true, align: 'end', cell: (r) => `${r.bookings} (${r.seats} seats)` },
    { id: 'gross', header: 'Gross', width: 110, sortable: true, align: 'end', cell: (r) => minor(r.gross, r.currency) },
    { id: 'fee', header: 'Fee', width: 100, align: 'end', cell: (r) => minor(r.fee, r.currency) },
    { id: 'net', header: 'Net', width: 110, align: 'end', cell: (r) => minor(r.net, r.currency) },
    {
      id: 'status',
      header: 'Status',
      width: 170,
      sortable: true,
      cell: (r) => (
        <span>
          <StatusBadge kind="payment" status={r.status === 'paid' ? 'succeeded' : 'pending'} />
          <span className={sub}>
            {r.status === 'paid' ? (r.paidAt ? `Paid ${fmtDate(r.paidAt, r.timezone)}` : 'Paid') : r.ended ? 'Pending' : 'Pending (not ended)'}
          </span>
        </span>
      ),
    },
  ]
}
