/**
 * Mails of a one-to-one session: confirmed (with its calendar file), cancelled (with what the
 * refund policy gives back), moved to another time (the calendar file replaces the old time),
 * and a short note to the coach when a session is booked or cancelled. Times are written in the
 * coach's time zone, named.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { config } from '../../config'
import { log } from '../../platform/log'
import { layout, queueMail } from '../../platform/mail'
import { formatWithCode } from '../../shared/money'
import { BOOKING_STATUS, calendar, calendarHost, scheduleEvent } from '../calendar'
import { User } from '../users'
import type { Booking } from './booking.entity'
import { type BookingOccasion, calendarSequence, occasionOf } from './occasion'

const formats = new Map<string, Intl.DateTimeFormat>()
export function sessionWhen(s: Pick<BookingOccasion, 'timezone' | 'startDate' | 'endDate'>) {
  let f = formats.get(s.timezone)
  if (!f)
    formats.set(
      s.timezone,
      (f = new Intl.DateTimeFormat('en-GB', {
        timeZone: s.timezone,
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      })),
    )
  const end = new Intl.DateTimeFormat('en-GB', { timeZone: s.timezone, hour: '2-digit', minute: '2-digit' }).format(s.endDate)
  return `${f.format(s.startDate)}–${end} (${s.timezone})`
}
const money = (minor: number, currency: string) => formatWithCode(minor, currency)
const coachName = (s: BookingOccasion) => {
  const c = s.coach as User
  return [c.profile?.firstName, c.profile?.lastName].filter(Boolean).join(' ') || c.username || 'your coach'
}

/** Where the session happens, for someone whose booking is confirmed. */
function whereLine(s: BookingOccasion & { phone?: string | null }) {
  if (s.mode === 'PHONE') return `It is a phone call${s.phone ? `: ${s.phone}` : '.'}`
  if (s.mode === 'IN-PERSON') return `Where: ${s.addressLine1 ?? 'the address on your booking page'}`
  return s.meetingUrl ? `It takes place online: ${s.meetingUrl}` : 'It takes place online: your coach shares the link on your booking page.'
}

function refundLine(b: Booking) {
  if (!b.amountPaid) return ''
  const refund = b.refundAmount ?? b.amountPaid
  if (refund >= b.amountPaid) return ` The payment of ${money(b.amountPaid, b.currency)} is refunded to your card.`
  if (refund > 0)
    return ` Under the session's refund policy, ${money(refund, b.currency)} of the ${money(b.amountPaid, b.currency)} you paid is refunded to your card.`
  return ` Under the session's refund policy, a cancellation this close to the start is not refunded.`
}

export function sessionMail(b: Booking, s: BookingOccasion, kind: 'confirmed' | 'cancelled', link: string) {
  const title = s.workshop.title
  if (kind === 'confirmed')
    return layout(`Session confirmed: ${title}`, 'Your session is booked', [
      { p: `${title} with ${coachName(s)} — ${sessionWhen(s)}.` },
      { p: whereLine(s) },
      ...(b.amountPaid ? [{ p: `Paid ${money(b.amountPaid, b.currency)}.` }] : []),
      { p: 'The calendar file attached adds the session to your calendar.' },
      { button: { label: 'View your booking', url: link } },
    ])
  return layout(`Session cancelled: ${title}`, 'Your session is cancelled', [
    { p: `${title} with ${coachName(s)} — ${sessionWhen(s)}.` },
    { p: `Reason: ${b.cancellationReason ?? 'not given'}.${refundLine(b)}` },
    { button: { label: 'View your booking', url: link } },
  ])
}

/** The booking's calendar file (the same event UID as `GET /v1/bookings/{id}/calendar.ics`). */
export function sessionCalendar(b: Booking, s: BookingOccasion) {
  const event = scheduleEvent(s, { uid: `booking-${b.id}@${calendarHost()}`, withLink: b.status === 'CONFIRMED', status: BOOKING_STATUS[b.status] })
  const content = calendar({ ...event, sequence: calendarSequence() }, { productName: config.SITE_NAME })
  return { attachments: [{ filename: 'session.ics', content, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }] }
}

/** The coach hears of a session booked or cancelled (their own calendar file with it when booked). */
export async function mailCoachOfSession(em: EntityManager, b: Booking, kind: 'booked' | 'cancelled') {
  try {
    const s = await occasionOf(em, b)
    const client = await em.fork().findOne(User, { id: b.user.id }, { filters: false })
    if (!s || !client) return
    const coach = s.coach as User
    const who = [client.profile?.firstName, client.profile?.lastName].filter(Boolean).join(' ') || client.email
    const mail =
      kind === 'booked'
        ? layout(`New session: ${s.workshop.title} with ${who}`, 'A session was booked', [
            { p: `${who} booked ${s.workshop.title} — ${sessionWhen(s)}.` },
            { button: { label: 'Your sessions', url: `${config.APP_URL}/c/sessions` } },
          ])
        : layout(`Session cancelled: ${s.workshop.title} with ${who}`, 'A session was cancelled', [
            { p: `${s.workshop.title} with ${who} — ${sessionWhen(s)} — is cancelled. The time is free again.` },
            { p: `Reason: ${b.cancellationReason ?? 'not given'}.` },
          ])
    queueMail({ to: coach.email, ...mail })
  } catch (err) {
    log.error({ err, bookingId: b.id }, 'coach session mail could not be composed')
  }
}

/** "Your session moved": the new time, the old one, and the calendar file that replaces it. */
export async function mailSessionMoved(em: EntityManager, b: Booking, from: Date) {
  try {
    const s = await occasionOf(em, b)
    const user = await em.fork().findOne(User, { id: b.user.id }, { filters: false })
    if (!s || !user) return
    const before = sessionWhen({ timezone: s.timezone, startDate: from, endDate: new Date(from.getTime() + (s.endDate.getTime() - s.startDate.getTime())) })
    const mail = layout(`New time: ${s.workshop.title}`, 'Your session has moved', [
      { p: `${s.workshop.title} with ${coachName(s)} now takes place ${sessionWhen(s)}, instead of ${before}.` },
      { p: 'The attached calendar file replaces the old time in your calendar.' },
      { button: { label: 'View your booking', url: `${config.APP_URL}/b/bookings/${b.id}` } },
    ])
    queueMail({ to: user.email, ...mail, ...sessionCalendar(b, s) })
    const coach = s.coach as User
    queueMail({
      to: coach.email,
      ...layout(`Session moved: ${s.workshop.title}`, 'A session has moved', [
        { p: `${s.workshop.title} now takes place ${sessionWhen(s)}, instead of ${before}.` },
      ]),
    })
  } catch (err) {
    log.error({ err, bookingId: b.id }, 'session move mail could not be composed')
  }
}
