/**
 * Read side of the client area (/b): what a signed-in client sees of their bookings, seats and
 * invitations, as plain rows for the pages. "Mine" means: bookings I made, plus bookings where I
 * hold an accepted seat: the rows of booking_people (kept by triggers, migration scale_reads), read
 * in start order from its index, so a page costs the rows it shows whatever I booked before.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { now } from '../../platform/clock'
import { type ListQuery, likePattern, pagedSql } from '../../platform/db/paged-sql'
import { queryPrepared } from '../../platform/db/prepared'
import { isId } from '../../platform/http/ids'
import { toMajor } from '../../shared/money'

/** A booking is mine: I made it or hold an accepted seat in it (booking_people `p`). */
const MINE = `b.deleted_at is null and exists (select 1 from booking_people mp where mp.booking_id = b.id and mp.user_id = ?)`

// Seats on a schedule, or a one-to-one session: its own times, its type's title, the coach's zone, and where it happens.
const COLUMNS = `b.id, b.status, b.seats, b.amount_total, b.discount, b.amount_due, b.amount_paid, b.currency, b.voucher_code,
  b.hold_expires_at, b.created_at, b.cancellation_reason, b.cancelled_at, b.confirmed_at,
  s.id as schedule_id, coalesce(s.start_date, b.starts_at) as start_date, coalesce(s.end_date, b.ends_at) as end_date,
  coalesce(s.timezone, sav.time_zone, 'UTC') as timezone, coalesce(s.mode, case st.mode when 'IN_PERSON' then 'IN-PERSON' else st.mode end) as mode,
  s.venue_name, coalesce(s.address_line1, case when st.mode = 'IN_PERSON' then st.location end) as address_line1, s.city, s.country,
  coalesce(s.meeting_url, case when st.mode <> 'IN_PERSON' then st.location end) as meeting_url,
  coalesce(w.id, st.id) as workshop_id, coalesce(w.title, st.title) as title, w.image, w.slug, b.session_type_id,
  c.id as coach_id, c.username as coach_username, c.email as coach_email,
  trim(coalesce(c.profile->>'firstName', '') || ' ' || coalesce(c.profile->>'lastName', '')) as coach_name,
  (select count(*) from booking_seats x where x.booking_id = b.id and x.deleted_at is null and x.status = 'ACCEPTED')::int as seats_accepted,
  (select count(*) from booking_seats x where x.booking_id = b.id and x.deleted_at is null and x.status = 'PENDING' and (x.user_id is not null or x.email is not null))::int as seats_invited`

/** A booking's schedule and workshop, or its session type and the coach's zone; its coach. */
const SOURCES = `left join workshop_schedules s on s.id = b.workshop_schedule_id left join workshops w on w.id = s.workshop_id
  left join session_types st on st.id = b.session_type_id left join availabilities sav on sav.coach_id = b.session_coach_id
  join users c on c.id = coalesce(s.coach_id, b.session_coach_id)`
/** My bookings through booking_people `p` (its `booker` is `mine`). */
const FROM_MINE = `from booking_people p join bookings b on b.id = p.booking_id ${SOURCES}`
/** One booking, with whether I made it. */
const FROM = `from bookings b ${SOURCES}`
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
    amountTotal: toMajor(r.amount_total, r.currency),
    discount: toMajor(r.discount, r.currency),
    amountDue: toMajor(r.amount_due, r.currency),
    amountPaid: toMajor(r.amount_paid, r.currency),
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
      // The meeting link only for confirmed attendees (section: meeting link visibility).
      meetingUrl: confirmed && r.mode !== 'IN-PERSON' ? (r.meeting_url ?? null) : null,
    },
    workshop: { id: r.workshop_id, title: r.title, image: r.image ?? null },
    coach: { id: r.coach_id, name: r.coach_name || r.coach_username || r.coach_email, username: r.coach_username ?? null },
  }
}

/** Columns and source of my bookings (`p.booker` is whether I made it). */
export const MINE_ROWS = `select ${COLUMNS}, p.booker as mine ${FROM_MINE}`

/**
 * My coming bookings (not cancelled, not started) in start order, at most `limit`; with
 * `workshopId` one workshop's. Read from booking_people's index: the next ones, whatever the past.
 */
export async function upcomingBookings(em: EntityManager, userId: string, limit: number, opts: { workshopId?: string } = {}): Promise<ClientBookingRow[]> {
  const at = now()
  const rows = opts.workshopId
    ? await queryPrepared<any>(
        em,
        `${MINE_ROWS} where p.user_id = ? and p.workshop_id = ? and p.starts_at > ? and p.status in ('PENDING', 'CONFIRMED') and b.deleted_at is null
          order by p.starts_at, p.booking_id limit ?`,
        [userId, opts.workshopId, at, limit],
      )
    : await queryPrepared<any>(
        em,
        `${MINE_ROWS} where p.user_id = ? and p.starts_at > ? and p.status in ('PENDING', 'CONFIRMED') and b.deleted_at is null
          order by p.starts_at, p.booking_id limit ?`,
        [userId, at, limit],
      )
  return rows.map(toRow)
}

/** My bookings (of one workshop) whose session starts between two instants, in start order, at most 200: a calendar's window. */
export async function bookingsBetween(em: EntityManager, userId: string, from: Date, to: Date, workshopId: string): Promise<ClientBookingRow[]> {
  if (!isUuid(workshopId)) return []
  const rows = await queryPrepared<any>(
    em,
    `${MINE_ROWS} where p.user_id = ? and p.workshop_id = ? and p.starts_at >= ? and p.starts_at < ? and b.deleted_at is null order by p.starts_at desc, p.booking_id limit 200`,
    [userId, workshopId, from, to],
  )
  return rows.map(toRow)
}

/** What the dashboard lists of my bookings: a screenful of each, with "See all" into the bookings list. */
export interface ClientDashboardLists {
  /** The next confirmed session. */
  next: ClientBookingRow | null
  /** The next coming bookings (held or confirmed), at most 5. */
  upcoming: ClientBookingRow[]
  /** Bookings I made that wait for my payment, at most 5. */
  unpaid: ClientBookingRow[]
  /** My coming bookings (among the next 100) with seats nobody holds or is invited to, at most 5. */
  toFill: ClientBookingRow[]
}

/** The dashboard's lists in one statement, each a screenful read from booking_people's indexes. */
export async function clientDashboardLists(em: EntityManager, userId: string): Promise<ClientDashboardLists> {
  const at = now()
  const active = `p.user_id = ? and p.starts_at > ? and p.status in ('PENDING', 'CONFIRMED') and b.deleted_at is null`
  const rows = await queryPrepared<any>(
    em,
    `(select 'upcoming' as part, x.* from (${MINE_ROWS} where ${active} order by p.starts_at, p.booking_id limit 5) x)
     union all
     (select 'next', x.* from (${MINE_ROWS} where ${active} and p.status = 'CONFIRMED' order by p.starts_at, p.booking_id limit 1) x)
     union all
     (select 'unpaid', x.* from (${MINE_ROWS} where p.user_id = ? and p.status = 'PENDING' and p.booker and b.deleted_at is null order by p.starts_at, p.booking_id limit 5) x)
     union all
     (select 'fill', x.* from (select * from (${MINE_ROWS} where ${active} and p.booker order by p.starts_at, p.booking_id limit 100) y
                                 where y.seats > y.seats_accepted + y.seats_invited order by y.start_date, y.id limit 5) x)`,
    [userId, at, userId, at, userId, userId, at],
  )
  const part = (name: string) => rows.filter((r: any) => r.part === name).map(toRow)
  return { next: part('next')[0] ?? null, upcoming: part('upcoming'), unpaid: part('unpaid'), toFill: part('fill') }
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
  /** Moves to another date or time, newest first (at most 20): the start it left and the one it went to, when, and the price difference (decimal). */
  moves: { from: string; to: string; at: string; difference: number }[]
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
  const [row] = await queryPrepared<any>(em, `select ${COLUMNS}, b.user_id as booker_id, (b.user_id = ?) as mine ${FROM} where b.id = ? and ${MINE}`, [
    userId,
    bookingId,
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
    // Invoices, my feedback and the moves (the 20 latest): a move's kind is the start it went to and its
    // comment the one it left (a workshop's from its schedules, a session's from its own times).
    queryPrepared<any>(
      em,
      `select 'invoice' as what, i.id, i.kind, i.number, i.issued_at, i.total, i.currency, null::int as rating, i.refund_id::text as comment from invoices i where i.booking_id = ?
       union all
       select 'feedback', f.id, null, null, f.created_at, null, null, f.rating, f.comment from feedbacks f
        where (f.workshop_schedule_id = ?::uuid or (?::uuid is null and f.booking_seat_id in (select fs.id from booking_seats fs where fs.booking_id = ?)))
          and f.user_id = ? and f.deleted_at is null
       union all
       select * from (
         select 'move', r.id, to_char(coalesce(ts.start_date, r.to_starts_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), null::int, r.completed_at,
                r.difference, r.currency, null::int, to_char(coalesce(fs.start_date, r.from_starts_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
           from booking_reschedules r left join workshop_schedules fs on fs.id = r.from_schedule_id left join workshop_schedules ts on ts.id = r.to_schedule_id
          where r.booking_id = ? and r.status = 'DONE' order by r.completed_at desc limit 20) m`,
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
      .map((e: any) => ({
        from: e.comment as string,
        to: e.kind as string,
        at: new Date(e.issued_at).toISOString(),
        difference: toMajor(Number(e.total), e.currency),
      }))
      .sort((a, b) => b.at.localeCompare(a.at)),
  }
}

/**
 * The invoice of a paid booking and a credit note per refund (issued, or numbered on download);
 * credit notes issued before one was issued per refund cover the refunds made before them.
 */
function documentsOf(payments: any[], issued: any[]) {
  const out: any[] = []
  const paid = payments.filter((p) => p.kind === 'payment' && (p.status === 'succeeded' || p.status === 'refunded'))
  if (paid.length)
    out.push(
      issued.find((i) => i.kind === 'invoice') ?? {
        id: `${paid[0].booking_id}-invoice`,
        kind: 'invoice',
        number: null,
        issued_at: paid[paid.length - 1].created_at,
        total: paid.reduce((n, p) => n + Number(p.amount), 0),
        currency: paid[0].currency,
      },
    )
  const notes = issued.filter((i) => i.kind === 'credit_note')
  out.push(...notes)
  for (const r of payments.filter((p) => p.kind === 'refund' && p.status === 'succeeded')) {
    const covered = notes.some((n) => n.comment === r.id || (!n.comment && new Date(n.issued_at) >= new Date(r.created_at)))
    if (!covered)
      out.push({
        id: `${r.booking_id}-credit_note-${r.id}`,
        kind: 'credit_note',
        number: null,
        issued_at: r.created_at,
        total: Number(r.amount),
        currency: r.currency,
      })
  }
  return out
}

export const paymentRow = (p: any, workshopTitle: string): ClientPaymentRow => ({
  id: p.id,
  bookingId: p.booking_id,
  kind: p.kind,
  status: p.status,
  amount: toMajor(p.amount, p.currency),
  amountRefunded: toMajor(p.amount_refunded, p.currency),
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
  total: toMajor(Number(i.total), i.currency),
  currency: i.currency,
  workshopTitle,
  // An issued credit note by its id; one not numbered yet: the booking's owed ones are issued on download.
  url: `/v1/payments/bookings/${bookingId}/invoice${i.kind === 'credit_note' ? `?document=credit-note${i.number != null && isUuid(String(i.id)) ? `&id=${i.id}` : ''}` : ''}`,
})

/** The latest `limit` payments and refunds of the bookings I made (the dashboard's): one statement. */
export async function latestPayments(em: EntityManager, userId: string, limit: number) {
  const rows = await queryPrepared<any>(
    em,
    `select p.id, p.booking_id, p.kind, p.status, p.amount, p.amount_refunded, p.currency, p.card_brand, p.card_last4, p.reason, p.failure_message, p.created_at, coalesce(w.title, st.title) as title
       from payments p join bookings b on b.id = p.booking_id ${TITLE_FROM}
      where p.user_id = ? and b.user_id = p.user_id and b.deleted_at is null order by p.created_at desc, p.id limit ?`,
    [userId, Math.max(0, Math.min(limit, 50))],
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

/**
 * The bookings list orders by the session's start (booking_people's index order), newest first
 * unless another column is asked: then the person's own rows are sorted (a bounded set per person).
 */
const BOOKING_ORDER = { workshop: 't.title', when: 't.starts_at', seats: 't.seats', status: 't.status', amount: 't.amount_due' }
const BOOKING_STATUS = ['PENDING', 'CONFIRMED', 'COMPLETED', 'CANCELLED', 'NO_SHOW']

/**
 * One page of my bookings, filtered (status, upcoming or past, text) and ordered by the session's
 * start on the server: one statement, reading booking_people in its index order (the page's rows
 * and an index count). `workshopId` keeps one workshop's; `ended` only the sessions that are over.
 */
export async function clientBookingsPage(em: EntityManager, userId: string, q: ListQuery, scope: { workshopId?: string; ended?: boolean } = {}) {
  if (scope.workshopId && !isUuid(scope.workshopId)) return { rows: [] as ClientBookingRow[], total: 0, page: 0 }
  const where: string[] = ['p.user_id = ?']
  const params: unknown[] = [userId]
  if (scope.workshopId) where.push('p.workshop_id = ?') && params.push(scope.workshopId)
  // Over: started before now (a session of a few hours ends soon after; its end is checked below).
  if (scope.ended) where.push('p.starts_at < ?') && params.push(now())
  const status = q.filters.status
  if (status && BOOKING_STATUS.includes(status)) where.push('p.status = ?') && params.push(status)
  if (q.filters.when === 'upcoming') where.push('p.starts_at > ?') && params.push(now())
  if (q.filters.when === 'past') where.push('p.starts_at <= ?') && params.push(now())
  const like = likePattern(q.filters.q)
  const search = like ? ` and (coalesce(w.title, st.title) ilike ? or c.profile->>'firstName' ilike ? or c.profile->>'lastName' ilike ?)` : ''
  const searchParams = like ? [like, like, like] : []
  const ended = scope.ended ? ' and coalesce(s.end_date, b.ends_at) < ?' : ''
  const endedParams = scope.ended ? [now()] : []
  const page = await pagedSql(
    em,
    `select ${COLUMNS}, p.booker as mine, p.starts_at ${FROM_MINE} where ${where.join(' and ')}${ended}${search}`,
    [...params, ...endedParams, ...searchParams],
    q,
    BOOKING_ORDER,
    't.starts_at desc, t.created_at desc, t.id',
    like || scope.ended
      ? {
          sql: `select 1 ${FROM_MINE} where ${where.join(' and ')}${ended}${search}`,
          params: [...params, ...endedParams, ...searchParams],
        }
      : { sql: `select 1 from booking_people p where ${where.join(' and ')}`, params },
  )
  return { ...page, rows: page.rows.map(toRow) }
}

const PAYMENT_ORDER = { date: 't.created_at', workshop: 't.title', kind: 't.kind', status: 't.status', amount: 't.amount' }

/**
 * One page of the payments and refunds of my bookings (or of one booking of mine): one statement,
 * in the order they were made (payments by payer and date: payments_user_created_idx).
 */
export async function clientPaymentsPage(em: EntityManager, userId: string, q: ListQuery, scope: { bookingId?: string } = {}) {
  if (scope.bookingId && !isUuid(scope.bookingId)) return { rows: [] as ClientPaymentRow[], total: 0, page: 0 }
  // A whole booking's payments are shown to its seat holders too; the list of all mine only has the bookings I made.
  const where = [scope.bookingId ? `${MINE} and b.id = ?` : 'p.user_id = ? and b.user_id = p.user_id and b.deleted_at is null']
  const params: unknown[] = scope.bookingId ? [userId, scope.bookingId] : [userId]
  if (q.filters.type === 'payment' || q.filters.type === 'refund') where.push('p.kind = ?') && params.push(q.filters.type)
  const like = likePattern(q.filters.q)
  if (like) where.push('coalesce(w.title, st.title) ilike ?') && params.push(like)
  const from = `from payments p join bookings b on b.id = p.booking_id ${TITLE_FROM}
      where ${where.join(' and ')}`
  const page = await pagedSql(
    em,
    `select p.id, p.booking_id, p.kind, p.status, p.amount, p.amount_refunded, p.currency, p.card_brand, p.card_last4, p.reason, p.failure_message, p.created_at, coalesce(w.title, st.title) as title ${from}`,
    params,
    q,
    PAYMENT_ORDER,
    't.created_at desc, t.id',
    like || scope.bookingId
      ? { sql: `select 1 ${from}`, params }
      : { sql: `select 1 from payments p where p.user_id = ?${q.filters.type === 'payment' || q.filters.type === 'refund' ? ' and p.kind = ?' : ''}`, params },
  )
  return { ...page, rows: page.rows.map((p: any) => paymentRow(p, p.title)) }
}

const INVOICE_ORDER = { number: 't.number', kind: 't.kind', workshop: 't.title', issued: 't.issued_at', total: 't.total' }

/**
 * One page of the invoices and credit notes of my bookings (or of one booking of mine): one
 * statement. A paid booking has an invoice and a refunded one a credit note (numbered when first
 * downloaded); the bookings I paid are walked in the order they were paid (bookings_user_paid_idx)
 * and each gives its documents, so a page reads its own bookings only.
 */
export async function clientInvoicesPage(em: EntityManager, userId: string, q: ListQuery, scope: { bookingId?: string } = {}) {
  if (scope.bookingId && !isUuid(scope.bookingId)) return { rows: [] as ClientInvoiceRow[], total: 0, page: 0 }
  const mine = scope.bookingId ? `${MINE} and b.id = ?` : 'b.user_id = ? and b.deleted_at is null and b.amount_paid > 0'
  const params: unknown[] = scope.bookingId ? [userId, scope.bookingId] : [userId]
  const like = likePattern(q.filters.q)
  // A booking's documents: its invoice, a credit note per refund, and the earlier per-booking credit notes.
  const docs = `cross join lateral (
         select 'invoice' as kind, null::uuid as refund_id, max(p.created_at) as at, sum(p.amount)::int as total, max(p.currency) as currency
           from payments p where p.booking_id = b.id and p.kind = 'payment' and p.status in ('succeeded', 'refunded') having count(*) > 0
         union all
         select 'credit_note', r.id, r.created_at, r.amount, r.currency
           from payments r where r.booking_id = b.id and r.kind = 'refund' and r.status = 'succeeded'
            and not exists (select 1 from invoices c where c.booking_id = r.booking_id and c.kind = 'credit_note' and c.refund_id is null and c.issued_at >= r.created_at)
         union all
         select 'credit_note', null, c.issued_at, c.total, c.currency from invoices c where c.booking_id = b.id and c.kind = 'credit_note' and c.refund_id is null) d`
  const page = await pagedSql(
    em,
    `select coalesce(i.id::text, b.id::text || '-' || d.kind || coalesce('-' || d.refund_id::text, '')) as id, b.id as booking_id, d.kind, i.number,
            coalesce(i.issued_at, d.at) as issued_at, coalesce(i.total, d.total) as total, d.currency, coalesce(w.title, st.title) as title, b.confirmed_at as paid_at
       from bookings b ${TITLE_FROM}
       ${docs}
       left join invoices i on i.booking_id = b.id and i.kind = d.kind
             and (d.kind = 'invoice' or i.refund_id = d.refund_id or (d.refund_id is null and i.refund_id is null and i.issued_at = d.at))
      where ${mine} ${like ? 'and coalesce(w.title, st.title) ilike ?' : ''}`,
    [...params, ...(like ? [like] : [])],
    q,
    INVOICE_ORDER,
    't.paid_at desc, t.booking_id, t.kind',
    // Documents: one per booking paid (with a payment) and one per refund, counted from the payments' index.
    scope.bookingId || like
      ? {
          sql: `select 1 from bookings b ${TITLE_FROM} ${docs}
                 where ${mine} ${like ? 'and coalesce(w.title, st.title) ilike ?' : ''}`,
          params: [...params, ...(like ? [like] : [])],
        }
      : {
          sql: `select distinct p.booking_id, p.kind, case when p.kind = 'refund' then p.id end from payments p
                 where p.user_id = ? and ((p.kind = 'payment' and p.status in ('succeeded', 'refunded')) or (p.kind = 'refund' and p.status = 'succeeded'))`,
          params: [userId],
        },
  )
  return { ...page, rows: page.rows.map((i: any) => invoiceRow(i, i.booking_id, i.title)) }
}
