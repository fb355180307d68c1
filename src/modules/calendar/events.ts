/** The calendar event of a schedule, shared by the .ics routes and the reminder mails. */
import { config } from '../../config'
import type { User } from '../users'
import type { WorkshopSchedule } from '../workshops'
import { calendar, type IcsEvent } from './ics'

/** Where a schedule takes place, in one line (venue and address; online; or both). */
export function place(s: WorkshopSchedule) {
  const address = [s.venueName, s.addressLine1, s.addressLine2, s.city, s.state, s.zip, s.country].filter(Boolean).join(', ')
  if (s.mode === 'ONLINE') return 'Online'
  return s.mode === 'HYBRID' ? `${address} (or online)` : address
}

/** The event of a schedule (workshop and coach loaded); the meeting link only for those who may join. */
export function scheduleEvent(s: WorkshopSchedule, opts: { uid: string; withLink: boolean; status?: IcsEvent['status'] }): IcsEvent {
  const coach = s.coach as User
  const name = [coach.profile?.firstName, coach.profile?.lastName].filter(Boolean).join(' ') || coach.username || 'Coach'
  const publicUrl = `${config.APP_URL}/workshops/${s.id}/book`
  const link = opts.withLink && s.meetingUrl ? s.meetingUrl : null
  return {
    uid: opts.uid,
    start: s.startDate,
    end: s.endDate,
    timezone: s.timezone || 'UTC',
    summary: s.workshop.title,
    description: [s.workshop.description, `Coach: ${name}`, link ? `Join: ${link}` : null, publicUrl].filter(Boolean).join('\n\n'),
    location: link && s.mode === 'ONLINE' ? link : place(s),
    url: link ?? publicUrl,
    organizer: { name },
    status: opts.status,
    updatedAt: s.updatedAt,
  }
}

export const BOOKING_STATUS: Record<string, IcsEvent['status']> = {
  PENDING: 'TENTATIVE',
  CONFIRMED: 'CONFIRMED',
  COMPLETED: 'CONFIRMED',
  NO_SHOW: 'CONFIRMED',
  CANCELLED: 'CANCELLED',
}

export const calendarHost = () => new URL(config.APP_URL).host

/** A booking's .ics (the same UID as `GET /v1/bookings/{id}/calendar.ics`, so calendars update one event). */
export function bookingCalendar(s: WorkshopSchedule, bookingId: string, status: string) {
  const withLink = ['CONFIRMED', 'COMPLETED'].includes(status)
  return calendar(scheduleEvent(s, { uid: `booking-${bookingId}@${calendarHost()}`, withLink, status: BOOKING_STATUS[status] }), {
    productName: config.SITE_NAME,
  })
}
