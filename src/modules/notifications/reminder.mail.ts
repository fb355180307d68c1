/**
 * The reminder (24 hours, 1 hour before) and feedback-request mails of one seat: where and when
 * (online: the meeting link; in person: the venue and its address; hybrid: both), the
 * booking's .ics attached to reminders (the same event UID as the booking's calendar file),
 * the feedback form's link after the session, and each mail's one-click unsubscribe link for
 * its kind with the RFC 8058 List-Unsubscribe and List-Unsubscribe-Post headers.
 */
import { config } from '../../config'
import { layout, type MailMessage } from '../../platform/mail'
import { countryByCode } from '../../shared/countries'
import { sessionWhen } from '../../shared/datetime'
import { count } from '../../shared/words'
import { bookingCalendar, type Occasion } from '../calendar'
import type { User } from '../users'

/** A schedule (workshop and coach loaded) or a booked one-to-one session shaped like one (calendar's Occasion). */
type WorkshopSchedule = Occasion & { kind?: 'session'; phone?: string | null }

import { KIND_LABELS, type NotificationKind } from './notification.schema'
import { unsubscribeUrl } from './preferences'

/** "Mon, Dec 7, 2026, 2:00 PM – 5:00 PM London time": the product's one way to write a session. */
const when = (s: WorkshopSchedule) => sessionWhen(s.startDate, s.endDate, s.timezone)

/** "in 24 hours", "in 1 hour", "in 40 minutes": from the moment the mail is written. */
export function startsIn(start: Date, at: Date) {
  const minutes = Math.max(1, Math.round((start.getTime() - at.getTime()) / 60_000))
  if (minutes >= 90) return `in ${count(Math.round(minutes / 60), 'hour')}`
  if (minutes >= 55) return 'in 1 hour'
  return `in ${count(minutes, 'minute')}`
}

const coachName = (s: WorkshopSchedule) => {
  const c = s.coach as User
  return [c.profile?.firstName, c.profile?.lastName].filter(Boolean).join(' ') || c.username || 'your coach'
}

export function venueLine(s: WorkshopSchedule) {
  const country = s.country ? (countryByCode(s.country)?.name ?? s.country) : null
  return [s.venueName, s.addressLine1, s.addressLine2, [s.zip, s.city].filter(Boolean).join(' '), s.state, country].filter(Boolean).join(', ')
}

export interface ReminderInput {
  kind: NotificationKind
  to: { id: string; email: string; firstName: string | null }
  bookingId: string
  schedule: WorkshopSchedule
  at: Date
}

export function composeReminder({ kind, to, bookingId, schedule: s, at }: ReminderInput): MailMessage {
  const title = s.workshop.title
  const hi = to.firstName ? `Hi ${to.firstName},` : 'Hello,'
  const bookingUrl = `${config.APP_URL}/b/bookings/${bookingId}`
  const unsubscribe = unsubscribeUrl(to.id, kind)
  const what = s.kind === 'session' ? 'session' : 'workshop'
  const note = {
    text:
      kind === 'feedback_request'
        ? `You get this mail because you ${what === 'session' ? 'booked this session' : 'had a seat at this workshop'}.`
        : `You get this reminder because you ${what === 'session' ? 'booked this session' : 'have a seat at this workshop'}. You can also choose your mails in Settings, Preferences.`,
    link: { label: `Unsubscribe from ${KIND_LABELS[kind].plural}`, url: unsubscribe },
  }
  const headers = { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }

  if (kind === 'feedback_request') {
    const mail = layout(`How was ${title}?`, `How was ${title}?`, [
      { p: hi },
      {
        p: `Thank you for joining ${coachName(s)} on ${when(s)}. A rating and a few words take a minute, and they help ${coachName(s)} and the people deciding whether to book.`,
      },
      { button: { label: 'Leave feedback', url: `${bookingUrl}#feedback` } },
      { note },
    ])
    return { to: to.email, ...mail, headers }
  }

  const rel = startsIn(s.startDate, at)
  const where: { p?: string; button?: { label: string; url: string } }[] = []
  if (s.mode === 'ONLINE' || s.mode === 'HYBRID') {
    if (s.meetingUrl) {
      where.push({ p: s.mode === 'HYBRID' ? `Join online: ${s.meetingUrl}` : `It takes place online: ${s.meetingUrl}` })
      where.push({ button: { label: 'Join the session', url: s.meetingUrl } })
    } else where.push({ p: 'It takes place online: the coach will share the link on your booking page.' })
  }
  if (s.mode === 'IN-PERSON' || s.mode === 'HYBRID') where.unshift({ p: `${s.mode === 'HYBRID' ? 'In person at' : 'Where'}: ${venueLine(s)}` })
  if (s.mode === 'PHONE') where.push({ p: `It is a phone call${s.phone ? `: ${s.phone}` : '.'}` })
  const mail = layout(`Reminder: ${title} starts ${rel}`, `${title} starts ${rel}`, [
    { p: hi },
    { p: `${title} with ${coachName(s)} starts on ${when(s)}.` },
    ...where,
    { button: { label: 'View your booking', url: bookingUrl } },
    { p: 'The calendar file attached adds the session to your calendar.' },
    { note },
  ])
  return {
    to: to.email,
    ...mail,
    headers,
    attachments: [
      { filename: `${what}.ics`, content: bookingCalendar(s, bookingId, 'CONFIRMED'), contentType: 'text/calendar; charset=utf-8; method=PUBLISH' },
    ],
  }
}
