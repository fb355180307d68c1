/** The calendar event of a schedule, shared by the calendar files, the feed and mailed attachments. */
import { config } from '../../config'
import type { User } from '../users'
import type { WorkshopSchedule } from '../workshops'
import { calendar, type IcsEvent } from './ics'

function place(s: WorkshopSchedule) {
  const address = [s.venueName, s.addressLine1, s.addressLine2, s.city, s.state, s.zip, s.country].filter(Boolean).join(', ')
  if (s.mode === 'ONLINE') return 'Online'
  return s.mode === 'HYBRID' ? `${address} (or online)` : address
}

/** The event of a schedule; the meeting link only for those who may join. */
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

const BOOKING_STATUS: Record<string, IcsEvent['status']> = {
  PENDING: 'TENTATIVE',
  CONFIRMED: 'CONFIRMED',
  COMPLETED: 'CONFIRMED',
  NO_SHOW: 'CONFIRMED',
  CANCELLED: 'CANCELLED',
}

/**
 * A booking's .ics (the same UID as `GET /v1/bookings/{id}/calendar.ics`, so a calendar that
 * imported it before moves the event instead of adding a second one). `schedule` must have its
 * workshop and coach loaded.
 */
export function bookingIcs(schedule: WorkshopSchedule, bookingId: string, status: string, sequence?: number) {
  const withLink = status === 'CONFIRMED' || status === 'COMPLETED'
  const event = scheduleEvent(schedule, { uid: `booking-${bookingId}@${new URL(config.APP_URL).host}`, withLink, status: BOOKING_STATUS[status] })
  return calendar({ ...event, sequence }, { productName: config.SITE_NAME })
}
