/**
 * Read side of the client area (/b): what a signed-in client sees of their bookings, seats and
 * invitations, as plain rows for the pages. Every function sends a fixed number of SQL
 * statements whatever the number of bookings (the list is one statement; a detail is four).
 * "Mine" means: bookings I made, plus bookings where I hold an accepted seat.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { now } from '../../platform/clock'
import { type ListQuery, likePattern, pagedSql } from '../../platform/db/paged-sql'
import { queryPrepared } from '../../platform/db/prepared'
import { isId } from '../../platform/http/ids'
import { toMajor } from '../../shared/money'

export const LIST_LIMIT = 500

const MINE = `b.deleted_at is null and (b.user_id = ? or exists (select 1 from booking_seats ms where ms.booking_id = b.id and ms.user_id = ? and ms.status = 'ACCEPTED' and ms.deleted_at is null))`

// Seats on a schedule, or a one-to-one session: its own times, its type's title, the coach's zone, and where it happens.
const COLUMNS = `b.id, b.status, b.seats, b.amount_total, b.discount, b.amount_due, b.amount_paid, b.currency, b.voucher_code,
  b.hold_expires_at, b.created_at, b.cancellation_reason, b.cancelled_at, b.confirmed_at, (b.user_id = ?) as mine,
  s.id as schedule_id, coalesce(s.start_date, b.starts_at) as start_date, coalesce(s.end_date, b.ends_at) as end_date,
  coalesce(s.timezone, sav.time_zone, 'UTC') as timezone, coalesce(s.mode, case st.mode when 'IN_PERSON' then 'IN-PERSON' else st.mode end) as mode,
  s.venue_name, coalesce(s.address_line1, case when st.mode = 'IN_PERSON' then st.location end) as address_line1, s.city, s.country,
  coalesce(s.meeting_url, case when st.mode <> 'IN_PERSON' then st.location end) as meeting_url,
  coalesce(w.id, st.id) as workshop_id, coalesce(w.title, st.title) as title, w.image, w.slug, b.session_type_id,
  c.id as coach_id, c.username as coach_username, c.email as coach_email,
  trim(coalesce(c.profile->>'firstName', '') || ' ' || coalesce(c.profile->>'lastName', '')) as coach_name,
  (select count(*) from booking_seats x where x.booking_id = b.id and x.deleted_at is null and x.status = 'ACCEPTED')::int as seats_accepted,
  (select count(*) from booking_seats x where x.booking_id = b.id and x.deleted_at is null and x.status = 'PENDING' and (x.user_id is not null or x.email is not null))::int as seats_invited`

const FROM = `from bookings b left join workshop_schedules s on s.id = b.workshop_schedule_id left join workshops w on w.id = s.workshop_id
  left join session_types st on st.id = b.session_type_id left join availabilities sav on sav.coach_id = b.session_coach_id
  join users c on c.id = coalesce(s.coach_id, b.session_coach_id)`
/** A booking's workshop title, or its session type's (payments and invoices lists). */
const TITLE_FROM = `left join workshop_schedules s on s.id = b.workshop_schedule_id left join workshops w on w.id = s.workshop_id left join session_types st on st.id = b.session_type_id`

const iso = (d: unknown) => (d ? new Date(d as string).toISOString() : null)

export interface ClientBookingRow {
  id: string
  status: string
  seats: number
  seatsAccepted: number
  seatsInvited: number
  seatsFree: number
  amountTotal: number
  discount: number
  amountDue: number
  amountPaid: number
  currency: string
  voucherCode: string | null
  holdExpiresAt: string | null
  createdAt: string
  cancellationReason: string | null
  cancelledAt: string | null
  confirmedAt: string | null
  /** I made it (false: I hold a seat in someone else's booking). */
  mine: boolean
  /** `id` is null for a one-to-one session (its times are the booking's). */
  schedule: { id: string | null; startDate: string; endDate: string; timezone: string; mode: string; venue: string | null; meetingUrl: string | null }
  /** The workshop, or for a one-to-one session its session type. */
  workshop: { id: string; title: string; image: string | null }
  /** A one-to-one session: its type (the booking page is `/{coach}/sessions/{typeId}`). */
  sessionTypeId: string | null
  coach: { id: string; name: string; username: string | null }
}

function toRow(r: any): ClientBookingRow {
  const confirmed = r.status === 'CONFIRMED' || r.status === 'COMPLETED'
  const venue = [r.venue_name, r.address_line1, r.city, r.country].filter(Boolean).join(', ') || null
  return {
    id: r.id,
    status: r.status,
    seats: r.seats,
    seatsAccepted: Number(r.seats_accepted),
    seatsInvited: Number(r.seats_invited),
    seatsFree: Math.max(0, r.seats - Number(r.seats_accepted) - Number(r.seats_invited)),
    amountTotal: toMajor(r.amount_total),
    discount: toMajor(r.discount),
    amountDue: toMajor(r.amount_due),
    amountPaid: toMajor(r.amount_paid),
    currency: r.currency,
    voucherCode: r.voucher_code ?? null,
    holdExpiresAt: iso(r.hold_expires_at),
    createdAt: iso(r.created_at)!,
    cancellationReason: r.cancellation_reason ?? null,
    cancelledAt: iso(r.cancelled_at),
    confirmedAt: iso(r.confirmed_at),
    mine: !!r.mine,
    sessionTypeId: r.session_type_id ?? null,
    schedule: {
      id: r.schedule_id ?? null,
      startDate: iso(r.start_date)!,
      endDate: iso(r.end_date)!,
      timezone: r.timezone,
      mode: r.mode,
      venue: r.mode === 'ONLINE' ? null : venue,
      // The meeting link only for confirmed attendees (section: meeting link visibility); a phone call's note likewise.
      meetingUrl: confirmed && r.mode !== 'IN-PERSON' ? (r.meeting_url ?? null) : null,
    },
    workshop: { id: r.workshop_id, title: r.title, image: r.image ?? null },
    coach: { id: r.coach_id, name: r.coach_name || r.coach_username || r.coach_email, username: r.coach_username ?? null },
  }
}

/** Every booking of mine (newest schedule first), in one statement. */
export async function clientBookings(em: EntityManager, userId: string, opts: { workshopId?: string } = {}): Promise<ClientBookingRow[]> {
  const rows = await queryPrepared<any>(
    em,
    `select ${COLUMNS} ${FROM} where ${MINE} ${opts.workshopId ? 'and w.id = ?' : ''} order by coalesce(s.start_date, b.starts_at) desc, b.created_at desc limit ${LIST_LIMIT}`,
    [userId, userId, userId, ...(opts.workshopId ? [opts.workshopId] : [])],
  )
  return rows.map(toRow)
}

export const isUuid = isId

export interface ClientSeatRow {
  id: string
  status: string
  userId: string | null
  email: string | null
  name: string | null
  isBooker: boolean
  isMe: boolean
  invitationSentAt: string | null
  invitationExpiresAt: string | null
  respondedAt: string | null
  attended: boolean
}

export interface ClientPaymentRow {
  id: string
  bookingId: string
  kind: string
  status: string
  amount: number
  amountRefunded: number
  currency: string
  cardBrand: string | null
  cardLast4: string | null
  reason: string | null
  failureMessage: string | null
  createdAt: string
  workshopTitle: string
}

export interface ClientInvoiceRow {
  id: string
  bookingId: string
  kind: string
  number: string
  issuedAt: string
  total: number
  currency: string
  workshopTitle: string
  url: string
}

export interface ClientBookingDetail {
  booking: ClientBookingRow
  seats: ClientSeatRow[]
  payments: ClientPaymentRow[]
  invoices: ClientInvoiceRow[]
  feedback: { rating: number; comment: string | null } | null
  /** The viewer attended (booker with an accepted seat, or seat holder) and the schedule ended. */
  canLeaveFeedback: boolean
  /** Moves to another date, newest first: the date it left, when, and the price difference (decimal). */
  moves: { from: string; at: string; difference: number }[]
}

const seatRow = (r: any, me: string, bookerId: string): ClientSeatRow => ({
  id: r.id,
  status: r.status,
  userId: r.user_id ?? null,
  email: r.email ?? r.user_email ?? null,
  name: r.user_name?.trim() || r.username || null,
  isBooker: r.user_id === bookerId,
  isMe: r.user_id === me,
  invitationSentAt: iso(r.invitation_sent_at),
  invitationExpiresAt: iso(r.invitation_expires_at),
  respondedAt: iso(r.responded_at),
  attended: !!r.attended,
})

/** Same numbering as payments/invoice.service documentNumber. */
const documentNumber = (kind: string, number: number) => `${kind === 'credit_note' ? 'CN' : 'INV'}-${String(number).padStart(6, '0')}`

/** One booking of mine with its seats, payments, invoices and my feedback: four statements. */
export async function clientBookingDetail(em: EntityManager, userId: string, bookingId: string): Promise<ClientBookingDetail | null> {
  if (!isUuid(bookingId)) return null
  const [row] = await queryPrepared<any>(em, `select ${COLUMNS}, b.user_id as booker_id ${FROM} where b.id = ? and ${MINE}`, [
    userId,
    bookingId,
    userId,
    userId,
  ])
  if (!row) return null
  const booking = toRow(row)
  const [seats, payments, extra] = await Promise.all([
    queryPrepared<any>(
      em,
      `select x.id, x.status, x.user_id, x.email, x.invitation_sent_at, x.invitation_expires_at, x.responded_at, x.attended,
              u.email as user_email, u.username, trim(coalesce(u.profile->>'firstName', '') || ' ' || coalesce(u.profile->>'lastName', '')) as user_name
         from booking_seats x left join users u on u.id = x.user_id
        where x.booking_id = ? and x.deleted_at is null order by (x.user_id = ?) desc nulls last, x.created_at, x.id`,
      [bookingId, row.booker_id],
    ),
    queryPrepared<any>(
      em,
      `select p.id, p.booking_id, p.kind, p.status, p.amount, p.amount_refunded, p.currency, p.card_brand, p.card_last4, p.reason, p.failure_message, p.created_at
         from payments p where p.booking_id = ? order by p.created_at, p.id`,
      [bookingId],
    ),
    queryPrepared<any>(
      em,
      `select 'invoice' as what, i.id, i.kind, i.number, i.issued_at, i.total, i.currency, null::int as rating, null as comment from invoices i where i.booking_id = ?
       union all
       select 'feedback', f.id, null, null, f.created_at, null, null, f.rating, f.comment from feedbacks f
        where (f.workshop_schedule_id = ?::uuid or (?::uuid is null and f.booking_seat_id in (select fs.id from booking_seats fs where fs.booking_id = ?)))
          and f.user_id = ? and f.deleted_at is null
       union all
       select 'move', r.id, null, null, r.completed_at, r.difference, r.currency, null, to_char(fs.start_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
         from booking_reschedules r join workshop_schedules fs on fs.id = r.from_schedule_id where r.booking_id = ? and r.status = 'DONE'`,
      [bookingId, booking.schedule.id, booking.schedule.id, bookingId, userId, bookingId],
    ),
  ])
  const fb = extra.find((e: any) => e.what === 'feedback')
  const attended = booking.mine || seats.some((s: any) => s.user_id === userId && s.status === 'ACCEPTED')
  const ended = new Date(booking.schedule.endDate).getTime() < now().getTime()
  return {
    booking,
    seats: seats.map((s: any) => seatRow(s, userId, row.booker_id)),
    payments: payments.map((p: any) => paymentRow(p, booking.workshop.title)),
    invoices: documentsOf(
      payments,
      extra.filter((e: any) => e.what === 'invoice'),
    ).map((i: any) => invoiceRow(i, bookingId, booking.workshop.title)),
    feedback: fb ? { rating: Number(fb.rating), comment: fb.comment ?? null } : null,
    canLeaveFeedback: !fb && attended && ended && ['CONFIRMED', 'COMPLETED'].includes(booking.status),
    moves: extra
      .filter((e: any) => e.what === 'move')
      .map((e: any) => ({ from: e.comment as string, at: new Date(e.issued_at).toISOString(), difference: toMajor(Number(e.total)) }))
      .sort((a, b) => b.at.localeCompare(a.at)),
  }
}

/** The invoice of a paid booking and the credit note of a refunded one (issued or not yet). */
function documentsOf(payments: any[], issued: any[]) {
  const out: any[] = []
  const paid = payments.filter((p) => p.kind === 'payment' && (p.status === 'succeeded' || p.status === 'refunded'))
  const refunds = payments.filter((p) => p.kind === 'refund' && p.status === 'succeeded')
  for (const [kind, rows] of [
    ['invoice', paid],
    ['credit_note', refunds],
  ] as const) {
    if (!rows.length) continue
    const doc = issued.find((i) => i.kind === kind)
    out.push(
      doc ?? {
        id: `${rows[0].booking_id}-${kind}`,
        kind,
        number: null,
        issued_at: rows[rows.length - 1].created_at,
        total: rows.reduce((n, p) => n + Number(p.amount), 0),
        currency: rows[0].currency,
      },
    )
  }
  return out
}

export const paymentRow = (p: any, workshopTitle: string): ClientPaymentRow => ({
  id: p.id,
  bookingId: p.booking_id,
  kind: p.kind,
  status: p.status,
  amount: toMajor(p.amount),
  amountRefunded: toMajor(p.amount_refunded),
  currency: p.currency,
  cardBrand: p.card_brand ?? null,
  cardLast4: p.card_last4 ?? null,
  reason: p.reason ?? null,
  failureMessage: p.failure_message ?? null,
  createdAt: iso(p.created_at)!,
  workshopTitle,
})

export const invoiceRow = (i: any, bookingId: string, workshopTitle: string): ClientInvoiceRow => ({
  id: i.id,
  bookingId,
  kind: i.kind,
  number: i.number != null ? documentNumber(i.kind, Number(i.number)) : 'Numbered on download',
  issuedAt: iso(i.issued_at)!,
  total: toMajor(Number(i.total)),
  currency: i.currency,
  workshopTitle,
  url: `/v1/payments/bookings/${bookingId}/invoice${i.kind === 'credit_note' ? '?document=credit-note' : ''}`,
})

/** The latest `limit` payments and refunds of the bookings I made (the dashboard's): one statement. */
export async function latestPayments(em: EntityManager, userId: string, limit: number) {
  const rows = await queryPrepared<any>(
    em,
    `select p.id, p.booking_id, p.kind, p.status, p.amount, p.amount_refunded, p.currency, p.card_brand, p.card_last4, p.reason, p.failure_message, p.created_at, w.title
       from payments p join bookings b on b.id = p.booking_id ${TITLE_FROM}
      where b.user_id = ? and b.deleted_at is null order by p.created_at desc, p.id limit ?`,
    [userId, Math.max(0, Math.min(limit, LIST_LIMIT))],
  )
  return rows.map((p: any) => paymentRow(p, p.title))
}

export interface ClientResourceRow {
  id: string
  title: string
  description: string | null
  type: string
  url: string | null
  /** A download address when the file is stored by the app. */
  fileUrl: string | null
  fileType: string | null
  fileSize: number | null
}

/**
 * The visible resources of a workshop for one of its confirmed attendees (booker or accepted
 * seat), with the coach's per-booking preferences applied; [] for anyone else. Two statements.
 */
export async function clientResources(em: EntityManager, userId: string, workshopId: string): Promise<ClientResourceRow[]> {
  if (!isUuid(workshopId)) return []
  const { attendeeBookings, attendeeVisibility } = await import('../workshops')
  const { WorkshopResource } = await import('../workshops')
  const bookings = await attendeeBookings(em, workshopId, userId)
  if (!bookings.length) return []
  const rows = await em.find(
    WorkshopResource,
    { $and: [{ workshop: workshopId }, attendeeVisibility(bookings)] },
    {
      orderBy: { sortOrder: 'asc', createdAt: 'asc' },
      filters: { tenant: false },
    },
  )
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    description: r.description ?? null,
    type: r.type,
    url: r.url ?? null,
    fileUrl: r.filePath && isUuid(r.filePath) ? `/v1/files/${r.filePath}` : null,
    fileType: r.fileType ?? null,
    fileSize: r.fileSize ?? null,
  }))
}

export type { ListQuery }

const BOOKING_ORDER = { workshop: 't.title', when: 't.start_date', seats: 't.seats', status: 't.status', amount: 't.amount_due' }
const BOOKING_STATUS = ['PENDING', 'CONFIRMED', 'COMPLETED', 'CANCELLED', 'NO_SHOW']

/**
 * One page of my bookings, filtered (status, upcoming or past, text) and sorted on the server:
 * one statement. `workshopId` keeps one workshop's; `ended` only the sessions that are over.
 */
export async function clientBookingsPage(em: EntityManager, userId: string, q: ListQuery, scope: { workshopId?: string; ended?: boolean } = {}) {
  if (scope.workshopId && !isUuid(scope.workshopId)) return { rows: [] as ClientBookingRow[], total: 0, page: 0 }
  const where: string[] = [MINE]
  const params: unknown[] = [userId, userId, userId]
  if (scope.workshopId) where.push('w.id = ?') && params.push(scope.workshopId)
  if (scope.ended) where.push('coalesce(s.end_date, b.ends_at) < ?') && params.push(now())
  const status = q.filters.status
  if (status && BOOKING_STATUS.includes(status)) where.push('b.status = ?') && params.push(status)
  if (q.filters.when === 'upcoming') where.push('coalesce(s.start_date, b.starts_at) > ?') && params.push(now())
  if (q.filters.when === 'past') where.push('coalesce(s.start_date, b.starts_at) <= ?') && params.push(now())
  const like = likePattern(q.filters.q)
  if (like) {
    where.push(`(coalesce(w.title, st.title) ilike ? or c.profile->>'firstName' ilike ? or c.profile->>'lastName' ilike ?)`)
    params.push(like, like, like)
  }
  const page = await pagedSql(
    em,
    `select ${COLUMNS} ${FROM} where ${where.join(' and ')}`,
    params,
    q,
    BOOKING_ORDER,
    't.start_date desc, t.created_at desc, t.id',
  )
  return { ...page, rows: page.rows.map(toRow) }
}

const PAYMENT_ORDER = { date: 't.created_at', workshop: 't.title', kind: 't.kind', status: 't.status', amount: 't.amount' }

/** One page of the payments and refunds of my bookings (or of one booking of mine): one statement. */
export async function clientPaymentsPage(em: EntityManager, userId: string, q: ListQuery, scope: { bookingId?: string } = {}) {
  if (scope.bookingId && !isUuid(scope.bookingId)) return { rows: [] as ClientPaymentRow[], total: 0, page: 0 }
  // A whole booking's payments are shown to its seat holders too; the list of all mine only has the bookings I made.
  const where = [scope.bookingId ? `${MINE} and b.id = ?` : 'b.user_id = ? and b.deleted_at is null']
  const params: unknown[] = scope.bookingId ? [userId, userId, scope.bookingId] : [userId]
  if (q.filters.type === 'payment' || q.filters.type === 'refund') where.push('p.kind = ?') && params.push(q.filters.type)
  const like = likePattern(q.filters.q)
  if (like) where.push('coalesce(w.title, st.title) ilike ?') && params.push(like)
  const page = await pagedSql(
    em,
    `select p.id, p.booking_id, p.kind, p.status, p.amount, p.amount_refunded, p.currency, p.card_brand, p.card_last4, p.reason, p.failure_message, p.created_at,
            coalesce(w.title, st.title) as title
       from payments p join bookings b on b.id = p.booking_id ${TITLE_FROM}
      where ${where.join(' and ')}`,
    params,
    q,
    PAYMENT_ORDER,
    't.created_at desc, t.id',
  )
  return { ...page, rows: page.rows.map((p: any) => paymentRow(p, p.title)) }
}

const INVOICE_ORDER = { number: 't.number', kind: 't.kind', workshop: 't.title', issued: 't.issued_at', total: 't.total' }

/** One page of the invoices and credit notes of my bookings (or of one booking of mine): one statement. */
export async function clientInvoicesPage(em: EntityManager, userId: string, q: ListQuery, scope: { bookingId?: string } = {}) {
  if (scope.bookingId && !isUuid(scope.bookingId)) return { rows: [] as ClientInvoiceRow[], total: 0, page: 0 }
  const mine = scope.bookingId ? `${MINE} and b.id = ?` : 'b.user_id = ? and b.deleted_at is null'
  const params: unknown[] = scope.bookingId ? [userId, userId, scope.bookingId] : [userId]
  const like = likePattern(q.filters.q)
  if (like) params.push(like)
  // A paid booking has an invoice and a refunded one a credit note (numbered when first downloaded).
  const page = await pagedSql(
    em,
    `select coalesce(i.id::text, d.booking_id::text || '-' || d.kind) as id, d.booking_id, d.kind, i.number, coalesce(i.issued_at, d.at) as issued_at,
            coalesce(i.total, d.total) as total, d.currency, coalesce(w.title, st.title) as title
       from (select p.booking_id, case when p.kind = 'refund' then 'credit_note' else 'invoice' end as kind, max(p.created_at) as at, sum(p.amount)::int as total, max(p.currency) as currency
               from payments p join bookings b on b.id = p.booking_id
              where ${mine} and ((p.kind = 'payment' and p.status in ('succeeded', 'refunded')) or (p.kind = 'refund' and p.status = 'succeeded'))
              group by 1, 2) d
       join bookings b on b.id = d.booking_id ${TITLE_FROM}
       left join invoices i on i.booking_id = d.booking_id and i.kind = d.kind
      ${like ? 'where coalesce(w.title, st.title) ilike ?' : ''}`,
    params,
    q,
    INVOICE_ORDER,
    't.issued_at desc, t.id',
  )
  return { ...page, rows: page.rows.map((i: any) => invoiceRow(i, i.booking_id, i.title)) }
}
