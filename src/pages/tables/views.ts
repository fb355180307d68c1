/**
 * How each list table shows: its columns (the sortable ones are the ids the services order
 * by), its rows formatted on the server in the viewer's time zone, its empty state and the
 * action on selected rows. The island gets the result and only lays it out.
 */

import type { DataTableProps, TableCell, TableRow } from '../../../islands/data-table/props'
import { fmtDate, fmtDateTime, MODE_LABEL, money, PAYMENT_LABEL, SEAT_LABEL, STATUS_LABEL, STATUS_PALETTE } from '../../../islands/lib/format'
import { documentUrl } from '../../modules/payments'
import { formatMoment, formatStart, viewerStart } from '../../shared/datetime'
import { formatMinor } from '../../shared/money'
import { MEMBER_STATUS as MEMBER_WORDS, PAYOUT_STATUS, TEAM_INVITATION_STATUS, TRANSFER_STATUS, VOUCHER_STATUS as VOUCHER_WORDS } from '../../shared/vocabulary'
import { count, countRange } from '../../shared/words'
import { AUDIT_VIEW } from './audit-view'
import type { TableKind } from './spec'

type Row = Record<string, any>
type Column = DataTableProps['columns'][number]
export interface ViewOptions {
  tz: string
  /** Links inside a workshop (/b/workshops/{id}/bookings/{bookingId}) instead of /b/bookings/{id}. */
  bookingHref?: string
  /** The viewer (a booking of their own schedule links to it). */
  me?: string
  /** The table is inside one workshop's page: its rows need not name it again. */
  inWorkshop?: boolean
}
export interface View {
  columns: Column[]
  empty: DataTableProps['empty']
  action?: string
  row: (r: Row, o: ViewOptions) => { cells: Record<string, TableCell>; act?: string; data?: Record<string, unknown> }
}

/**
 * A session's start on its workshop's clock, the zone named ("Mon, Dec 7, 2026, 2:00 PM London
 * time"), and under it the viewer's own time where their clock differs, then `more`.
 */
function sessionCell(start: string, tz: string, viewer: string, more: Partial<TableCell> & { note?: string } = {}): TableCell {
  const { note, ...rest } = more
  const sub = [viewerStart(start, tz, viewer), note].filter(Boolean).join(' · ')
  return { text: formatStart(start, tz), ...(sub ? { sub } : {}), ...rest }
}

const status = (s: string, labels: Record<string, string> = STATUS_LABEL): TableCell => ({ text: labels[s] ?? s, tone: STATUS_PALETTE[s] ?? 'gray' })
const minor = (n: number, cur: string) => formatMinor(n, cur)
const pct = (a: number, b: number) => (b ? `${Math.round((a / b) * 100)}%` : '—')
const stars = (r: number) => '★★★★★'.slice(0, r) + '☆☆☆☆☆'.slice(0, 5 - r)
const col = (id: string, header: string, width: number, more: Partial<Column> = {}): Column => ({ id, header, width, ...more })
const S = { sortable: true } as const
const SE = { sortable: true, align: 'end' } as const

// The words come from the one vocabulary (src/shared/vocabulary.ts); the tones are the tables'.
const toned = (words: Record<string, string>, tones: Record<string, string>): Record<string, TableCell> =>
  Object.fromEntries(Object.entries(words).map(([k, text]) => [k, { text, tone: tones[k] ?? 'gray' }]))
const MEMBER_STATUS = toned(MEMBER_WORDS, { ACTIVE: 'green', SUSPENDED: 'red', PENDING: 'amber' })
const INVITATION_STATUS = toned(TEAM_INVITATION_STATUS, { PENDING: 'amber', ACCEPTED: 'green', DECLINED: 'red' })
const VOUCHER_STATUS = toned(VOUCHER_WORDS, { active: 'green', used_up: 'amber' })
export const KIND_LABEL: Record<string, string> = { percentage: 'Percentage', fixed: 'Fixed amount', free: 'Free' }
/** A role name as people read it ('job-poster' -> 'Job poster'). */
export const roleLabel = (r: string) => (r.charAt(0).toUpperCase() + r.slice(1)).replace(/[-_]/g, ' ')
/** What a voucher gives, in words: 20%, $15.00, free; the cap after it. */
export function voucherValue(r: { discountType: string; discountValue: number; maxDiscount: number | null; currency: string }) {
  const cap = r.maxDiscount ? ` (at most ${money(r.maxDiscount, r.currency)})` : ''
  if (r.discountType === 'free') return 'Free seats'
  if (r.discountType === 'percentage') return `${r.discountValue}% off${cap}`
  return `${money(r.discountValue, r.currency)} off${cap}`
}

/** The team's own lists (members, invitations, vouchers and a voucher's usage). */
const TEAM_VIEWS = {
  'team-members': {
    columns: [col('name', 'Member', 260, S), col('roles', 'Team roles', 200), col('status', 'Status', 120, S), col('joined', 'Joined', 130, S)],
    empty: { text: 'No members match.' },
    row: (r, o) => ({
      cells: {
        name: { text: r.person.name, sub: r.person.email },
        roles: {
          text: r.roles.length ? r.roles.map(roleLabel).join(', ') : 'No team role',
          sub: r.accountRoles.length ? `Account: ${r.accountRoles.map(roleLabel).join(', ')}` : undefined,
        },
        status: MEMBER_STATUS[r.status] ?? { text: r.status },
        joined: { text: fmtDate(r.joinedAt, o.tz) },
      },
      data: { userId: r.userId, name: r.person.name, roles: r.roles, status: r.status, manager: r.manager },
    }),
  },
  'team-invitations': {
    columns: [
      col('email', 'Email', 200, S),
      col('roles', 'Roles', 110),
      col('status', 'Status', 110, S),
      col('sent', 'Sent', 140, S),
      col('expires', 'Expires', 150, S),
    ],
    empty: { text: 'No invitations waiting. Invite someone by email with Invite member.' },
    row: (r, o) => ({
      cells: {
        email: { text: r.email },
        roles: { text: r.roles.map(roleLabel).join(', ') },
        status: INVITATION_STATUS[r.status] ?? { text: r.status },
        sent: { text: fmtDate(r.sentAt, o.tz), sub: r.inviter ? `by ${r.inviter.name}` : undefined },
        expires: { text: r.status === 'PENDING' || r.status === 'EXPIRED' ? fmtDateTime(r.expiresAt, o.tz) : '—' },
      },
      data: { email: r.email, status: r.status },
    }),
  },
  vouchers: {
    columns: [
      col('code', 'Code', 150, S),
      col('value', 'Discount', 150),
      col('uses', 'Uses', 90, SE),
      col('expires', 'Expires', 130, S),
      col('scope', 'Applies to', 140),
      col('status', 'Status', 100, S),
    ],
    empty: { text: 'No vouchers yet: create one with New voucher, for a launch or for friends.' },
    row: (r, o) => ({
      cells: {
        code: { text: r.code, href: `/c/vouchers/${r.id}`, sub: r.bookings ? count(r.bookings, 'booking') : undefined },
        value: { text: voucherValue(r as Parameters<typeof voucherValue>[0]), sub: KIND_LABEL[r.discountType] ?? r.discountType },
        uses: { text: r.maxUses ? `${r.uses} / ${r.maxUses}` : String(r.uses) },
        expires: { text: r.expiresAt ? fmtDateTime(r.expiresAt, o.tz) : 'Never' },
        scope: r.target
          ? { text: r.target.title, sub: r.target.startDate ? `Session of ${fmtDate(r.target.startDate, r.target.timezone ?? o.tz)}` : 'Every session' }
          : { text: 'All workshops' },
        status: VOUCHER_STATUS[r.status] ?? { text: r.status },
      },
      data: {
        code: r.code,
        discountType: r.discountType,
        discountValue: r.discountValue,
        maxDiscount: r.maxDiscount,
        maxUses: r.maxUses,
        expiresAt: r.expiresAt,
        modelType: r.modelType,
        modelId: r.modelId,
        disabled: r.disabled,
      },
    }),
  },
  'voucher-usage': {
    columns: [
      col('client', 'Booked by', 190, S),
      col('workshop', 'Workshop', 200),
      col('seats', 'Seats', 70, SE),
      col('discount', 'Discount', 110, SE),
      col('status', 'Status', 180, S),
      col('booked', 'Booked', 150, S),
    ],
    empty: { text: 'No booking has used this voucher yet.' },
    row: (r, o) => ({
      cells: {
        client: { text: r.client.name, sub: r.client.email, href: r.coachId === o.me ? `/c/bookings/${r.id}` : undefined },
        workshop: { text: r.workshop.title, sub: formatStart(r.workshop.startDate, r.workshop.timezone) },
        seats: { text: String(r.seats) },
        discount: { text: money(r.discount, r.currency), sub: `of ${money(r.total, r.currency)}` },
        status: status(r.status),
        booked: { text: fmtDate(r.bookedAt, o.tz) },
      },
    }),
  },
} satisfies Record<'team-members' | 'team-invitations' | 'vouchers' | 'voucher-usage', View>

export const VIEWS: Record<TableKind, View> = {
  ...TEAM_VIEWS,
  'team-audit': AUDIT_VIEW,
  'team-documents': {
    columns: [
      col('number', 'Number', 120, S),
      col('issued', 'Issued', 110, S),
      col('client', 'Client', 170, S),
      col('workshop', 'Workshop', 160),
      col('tax', 'Tax', 130),
      col('net', 'Net', 100, { align: 'end' }),
      col('total', 'Total', 110, SE),
    ],
    empty: { text: 'No invoices yet. An invoice is issued when a booking is paid; a refund issues a credit note.' },
    action: 'Download {n} selected',
    row: (r, o) => {
      const credit = r.kind === 'credit_note'
      const sign = credit ? '−' : ''
      return {
        cells: {
          number: { text: r.number, sub: credit ? 'Credit note' : 'Invoice', href: documentUrl(r.bookingId, r.kind, r.id), download: true },
          issued: { text: fmtDate(r.issuedAt, o.tz) },
          client: { text: r.company ?? r.client, sub: r.company ? r.client : undefined },
          workshop: { text: r.workshop },
          tax: {
            text:
              r.taxKind === 'none' ? 'No tax' : r.taxKind === 'reverse_charge' ? 'Reverse charge' : `${r.taxRate} %${r.taxCountry ? ` ${r.taxCountry}` : ''}`,
            sub: r.tax ? `${sign}${minor(r.tax, r.currency)}` : undefined,
          },
          net: { text: `${sign}${minor(r.net, r.currency)}` },
          total: { text: `${sign}${minor(r.total, r.currency)}` },
        },
        act: documentUrl(r.bookingId, r.kind, r.id),
      }
    },
  },
  'client-bookings': {
    columns: [
      col('workshop', 'Workshop', 260, S),
      col('when', 'When', 190, S),
      col('seats', 'Seats', 90, S),
      col('status', 'Status', 150, S),
      col('amount', 'Amount', 120, S),
    ],
    empty: { text: 'No bookings here yet. Find a workshop and book your seats.', href: '/workshops', cta: 'Browse workshops' },
    action: 'Add {n} to calendar',
    row: (r, o) => ({
      cells: {
        workshop: {
          text: r.workshop.title,
          href: o.bookingHref ? o.bookingHref.replace('{id}', r.id) : `/b/bookings/${r.id}`,
          sub: `${r.coach.name}${r.mine ? '' : ' · seat from another booking'}`,
        },
        when: sessionCell(r.schedule.startDate, r.schedule.timezone ?? o.tz, o.tz, { note: MODE_LABEL[r.schedule.mode] ?? r.schedule.mode }),
        seats: { text: `${r.seatsAccepted}/${r.seats}` },
        status: status(r.status),
        amount: { text: money(r.amountDue, r.currency) },
      },
      act: `/v1/bookings/${r.id}/calendar.ics`,
    }),
  },
  'client-payments': {
    columns: [
      col('date', 'Date', 170, S),
      col('workshop', 'Workshop', 240, S),
      col('kind', 'Type', 100, S),
      col('card', 'Card', 120),
      col('status', 'Status', 120, S),
      col('amount', 'Amount', 120, S),
    ],
    empty: { text: 'No payments yet. Payments and refunds of your bookings show up here.', href: '/workshops', cta: 'Browse workshops' },
    row: (r, o) => ({
      cells: {
        date: { text: fmtDateTime(r.createdAt, o.tz) },
        workshop: { text: r.workshopTitle, href: `/b/bookings/${r.bookingId}/payments` },
        kind: { text: r.kind === 'refund' ? 'Refund' : 'Payment' },
        card: { text: r.cardLast4 ? `${r.cardBrand ?? 'card'} •••• ${r.cardLast4}` : '—' },
        status: status(r.status, PAYMENT_LABEL),
        amount: { text: `${r.kind === 'refund' ? '−' : ''}${money(r.amount, r.currency)}` },
      },
    }),
  },
  'client-invoices': {
    columns: [
      col('number', 'Number', 130, S),
      col('kind', 'Document', 120, S),
      col('workshop', 'Workshop', 240, S),
      col('issued', 'Issued', 130, S),
      col('total', 'Total', 110, S),
    ],
    empty: { text: 'No invoices yet. An invoice is issued when a booking is paid.' },
    action: 'Download {n} selected',
    row: (r, o) => ({
      cells: {
        number: { text: r.number, href: r.url, download: true },
        kind: { text: r.kind === 'credit_note' ? 'Credit note' : 'Invoice' },
        workshop: { text: r.workshopTitle },
        issued: { text: fmtDate(r.issuedAt, o.tz) },
        total: { text: money(r.total, r.currency) },
      },
      act: r.url,
    }),
  },
  'client-groups': {
    columns: [
      col('person', 'Person', 220, S),
      col('workshops', 'Workshops', 300),
      col('bookings', 'Bookings', 100, S),
      col('status', 'Seat', 110, S),
      col('last', 'Last together', 150, S),
    ],
    empty: { text: 'No one shares your bookings yet. Invite people to the free seats of a booking.', href: '/b/bookings', cta: 'Go to my bookings' },
    row: (r, o) => ({
      cells: {
        person: { text: r.name, sub: r.email ?? undefined },
        workshops: { text: r.workshops.join(', ') },
        bookings: { text: String(r.bookings) },
        status: status(r.status, SEAT_LABEL),
        last: { text: fmtDate(r.lastAt, o.tz) },
      },
    }),
  },
  'client-workshops': {
    columns: [col('title', 'Workshop', 280, S), col('next', 'Next session', 180, S), col('bookings', 'Bookings', 100, S), col('seats', 'Seats', 90, S)],
    empty: { text: 'You have no workshops yet. Book a seat and the workshop appears here.', href: '/workshops', cta: 'Browse workshops' },
    row: (r, o) => ({
      cells: {
        title: { text: r.title, href: `/b/workshops/${r.id}`, sub: r.coachName },
        next: { text: r.nextStart ? fmtDateTime(r.nextStart, o.tz) : 'None coming' },
        bookings: { text: String(r.bookings) },
        seats: { text: String(r.seats) },
      },
    }),
  },
  'coach-bookings': {
    columns: [
      col('client', 'Client', 190, S),
      col('workshop', 'Workshop', 190, S),
      col('session', 'Session', 180, S),
      col('seats', 'Seats', 90, SE),
      col('paid', 'Paid', 100, SE),
      col('status', 'Status', 180, S),
    ],
    empty: { text: 'No bookings yet. Publish a schedule so clients can book it.', href: '/c/workshops', cta: 'Go to my workshops' },
    row: (r, o) => ({
      cells: {
        client: { text: r.client, href: `/c/bookings/${r.id}`, sub: r.email },
        workshop: { text: r.title },
        session: sessionCell(r.startDate, r.timezone, o.tz),
        seats: { text: String(r.seats), sub: r.attended ? `${r.attended} attended` : undefined },
        paid: { text: minor(r.amountPaid, r.currency) },
        status: status(r.status),
      },
    }),
  },
  'coach-workshops': {
    columns: [
      col('title', 'Workshop', 260, S),
      col('price', 'Price', 100, SE),
      col('seats', 'Seats', 90, SE),
      col('coming', 'Coming', 90, SE),
      col('past', 'Past', 80, SE),
      col('published', 'Published', 120, S),
    ],
    empty: { text: 'No workshops yet: create your first one with New workshop.' },
    row: (r) => ({
      cells: {
        title: { text: r.title, href: `/c/workshops/${r.id}`, sub: r.deleted ? 'Deleted: open it to restore' : undefined },
        price: { text: minor(r.price, r.currency).replace(/^\$0\.00$/, 'Free') },
        seats: { text: countRange(r.minSeats, r.maxSeats, 'seat') },
        coming: { text: String(r.coming) },
        past: { text: String(r.past) },
        published: r.published ? { text: `${r.published} live`, tone: 'green' } : { text: '—' },
      },
    }),
  },
  'coach-invoices': {
    columns: [
      col('client', 'Client', 180, S),
      col('session', 'Session', 180, S),
      col('paid', 'Paid', 100, SE),
      col('status', 'Status', 150, S),
      col('invoice', 'Invoice', 160),
      col('credit', 'Credit note', 150),
    ],
    empty: { text: 'No paid bookings yet, so no invoices.' },
    row: (r, o) => ({
      cells: {
        client: { text: r.client, href: `/c/bookings/${r.id}/payments` },
        session: sessionCell(r.startDate, r.timezone, o.tz),
        paid: { text: minor(r.amountPaid, r.currency) },
        status: status(r.status),
        invoice: { text: r.invoice ? `${r.invoice} (PDF)` : 'Invoice (PDF)', href: `/v1/payments/bookings/${r.id}/invoice`, download: true },
        credit:
          r.creditNote || r.status === 'CANCELLED'
            ? {
                text: r.creditNote ? `${r.creditNote} (PDF)` : 'Credit note (PDF)',
                href: `/v1/payments/bookings/${r.id}/invoice?document=credit-note`,
                download: true,
              }
            : { text: '—' },
      },
    }),
  },
  'coach-history': {
    columns: [
      col('session', 'Session', 220, S),
      col('mode', 'Mode', 110),
      col('seats', 'Seats sold', 110, SE),
      col('fill', 'Fill rate', 100, SE),
      col('attended', 'Attended', 150, SE),
      col('rating', 'Rating', 110, SE),
    ],
    empty: { text: 'No past sessions yet: they show here once a session has ended.' },
    row: (r, o) => ({
      cells: {
        session: sessionCell(r.startDate, r.timezone, o.tz, { href: `/c/bookings?schedule=${r.id}`, note: r.cancelled ? 'Cancelled' : undefined }),
        mode: { text: MODE_LABEL[r.mode] ?? r.mode },
        seats: { text: String(r.confirmed) },
        fill: { text: pct(r.confirmed, r.maxSeats) },
        attended: { text: `${r.attended} of ${r.accepted} (${pct(r.attended, r.accepted)})` },
        rating: { text: r.rating == null ? '—' : `${r.rating} (${r.ratings})` },
      },
    }),
  },
  'coach-feedbacks': {
    columns: [
      col('rating', 'Rating', 120, S),
      col('author', 'From', 160),
      col('comment', 'Comment', 300),
      col('workshop', 'Workshop', 220, S),
      col('date', 'Received', 140, S),
    ],
    empty: { text: 'No feedback yet: attendees can rate a session once it has ended.' },
    row: (r, o) => ({
      cells: {
        rating: { text: stars(r.rating), label: `${r.rating} out of 5` },
        author: { text: r.author },
        comment: { text: r.comment ?? 'No comment.', testId: 'feedback' },
        workshop: { text: r.title, href: `/c/workshops/${r.workshopId}/history`, sub: `Session of ${fmtDate(r.startDate, r.timezone)}` },
        date: { text: fmtDate(r.createdAt, o.tz) },
      },
    }),
  },
  'coach-payouts': {
    columns: [
      col('session', 'Session', 220, S),
      col('bookings', 'Bookings', 130, SE),
      col('gross', 'Gross', 100, SE),
      col('refunds', 'Refunds', 100, { align: 'end' }),
      col('fee', 'Fee', 100, { align: 'end' }),
      col('net', 'Net', 110, { align: 'end' }),
      col('status', 'Status', 180, S),
    ],
    empty: { text: 'No payouts yet: they appear once bookings are paid.', href: '/c/workshops', cta: 'Go to my workshops' },
    row: (r, o) => ({
      cells: {
        session: payoutSession(r, o),
        bookings: { text: `${r.bookings} (${count(r.seats, 'seat')})` },
        gross: { text: minor(r.gross, r.currency) },
        refunds: { text: r.refunded ? `−${minor(r.refunded, r.currency)}` : '—' },
        fee: { text: minor(r.fee, r.currency) },
        net: { text: minor(r.net, r.currency) },
        status: {
          text: PAYOUT_STATUS[r.status === 'paid' ? 'paid' : r.transferred > 0 ? 'partly' : 'pending'],
          tone: r.status === 'paid' ? 'green' : 'amber',
          sub:
            r.status === 'paid'
              ? r.paidAt
                ? `Paid ${fmtDate(r.paidAt, r.timezone)}`
                : undefined
              : r.transferred > 0
                ? `${minor(r.transferred, r.currency)} transferred`
                : r.ended
                  ? undefined
                  : 'Not ended yet',
        },
      },
    }),
  },
  'coach-transfers': {
    columns: [
      col('session', 'Session', 200, S),
      col('client', 'Booking', 170, S),
      col('gross', 'Gross', 90, SE),
      col('refunds', 'Refunds', 90, { align: 'end' }),
      col('fee', 'Fee', 80, { align: 'end' }),
      col('net', 'Net', 90, SE),
      col('status', 'Transfer', 170, S),
    ],
    empty: {
      text: 'No transfers yet: each paid booking shows here, and its money goes to you after the session.',
      href: '/c/workshops',
      cta: 'Go to my workshops',
    },
    row: (r, o) => ({
      cells: {
        session: payoutSession(r, o),
        client: {
          text: r.client,
          href: `/c/bookings/${r.bookingId}/payments`,
          sub: `${count(r.seats, 'seat')} · ${STATUS_LABEL[r.bookingStatus] ?? r.bookingStatus}`,
        },
        gross: { text: minor(r.gross, r.currency) },
        refunds: { text: r.refunded ? `−${minor(r.refunded, r.currency)}` : '—' },
        fee: { text: minor(r.fee, r.currency), sub: `${r.feePercent}%` },
        net: { text: minor(r.net, r.currency) },
        status: transferCell(r),
      },
    }),
  },
}

/** A payout row's session: its workshop (a link to the workshop's payouts) and start, or only the start inside the workshop's page. */
const payoutSession = (r: Row, o: ViewOptions): TableCell =>
  o.inWorkshop
    ? sessionCell(r.startDate, r.timezone, o.tz)
    : { text: r.title, href: `/c/workshops/${r.workshopId}/payouts`, sub: formatStart(r.startDate, r.timezone) }

const TRANSFER_TONE: Record<string, string> = { pending: 'amber', transferred: 'green', partially_reversed: 'amber', reversed: 'red' }
const TRANSFER_LABEL: Record<string, [string, string]> = Object.fromEntries(
  Object.entries(TRANSFER_STATUS).map(([k, text]) => [k, [text, TRANSFER_TONE[k] ?? 'gray'] as [string, string]]),
)

/** A transfer's state, and under it why it waits or where the money went. */
function transferCell(r: Row): TableCell {
  const [text, tone] = TRANSFER_LABEL[r.status] ?? [r.status, 'gray']
  let sub: string | undefined
  if (r.status === 'pending') {
    if (!r.due) sub = r.ended ? `Refund window until ${formatMoment(r.dueAt, r.timezone)}` : 'Session not over yet'
    else if (!r.accountEnabled) sub = 'Waits for your payout account'
    else sub = r.failureMessage ? 'Stripe refused it: retrying' : 'Being transferred'
  } else if (r.stripeTransferId) {
    // The date, and the transfer id shortened (the whole one is in the API).
    const id = r.stripeTransferId.length > 12 ? `tr_…${r.stripeTransferId.slice(-6)}` : r.stripeTransferId
    sub = `${r.transferredAt ? `${fmtDate(r.transferredAt, r.timezone)} · ` : ''}${id}`
    if (r.reversed) sub = `−${minor(r.reversed, r.currency)} reversed · ${sub}`
  } else sub = r.transferredAt ? `Paid outside Stripe · ${fmtDate(r.transferredAt, r.timezone)}` : 'Paid outside Stripe'
  return { text, tone, sub }
}

/** The rows of a page as the island shows them. */
export const displayRows = (kind: TableKind, rows: Row[], o: ViewOptions): TableRow[] => rows.map((r) => ({ id: String(r.id), ...VIEWS[kind].row(r, o) }))
