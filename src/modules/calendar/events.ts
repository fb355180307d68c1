/** The calendar event of a schedule (or of a one-to-one session), shared by the .ics routes and the reminder mails. */
import { config } from '../../config'
import type { User } from '../users'
import type { WorkshopSchedule } from '../workshops'
import { calendar, type IcsEvent } from './ics'

/**
 * What an event is made of: a workshop schedule (workshop and coach loaded), or a booked
 * one-to-one session shaped the same way by the sessions module (`mode` PHONE for a call,
 * `publicUrl` its booking page).
 */
export type Occasion = Pick<
  WorkshopSchedule,
  'id' | 'startDate' | 'endDate' | 'timezone' | 'meetingUrl' | 'venueName' | 'addressLine1' | 'addressLine2' | 'city' | 'state' | 'zip' | 'country'
> & {
  mode: string
  coach: unknown
  workshop: { title: string; description?: string | null }
  updatedAt?: Date
  publicUrl?: string
}

/** Where a schedule takes place, in one line (venue and address; online; or both; a phone call). */
export function place(s: Occasion) {
  const address = [s.venueName, s.addressLine1, s.addressLine2, s.city, s.state, s.zip, s.country].filter(Boolean).join(', ')
  if (s.mode === 'ONLINE') return 'Online'
  if (s.mode === 'PHONE') return 'Phone call'
  return s.mode === 'HYBRID' ? `${address} (or online)` : address
}

/** The event of a schedule (workshop and coach loaded); the meeting link only for those who may join. */
export function scheduleEvent(s: Occasion, opts: { uid: string; withLink: boolean; status?: IcsEvent['status'] }): IcsEvent {
  const coach = s.coach as User
  const name = [coach.profile?.firstName, coach.profile?.lastName].filter(Boolean).join(' ') || coach.username || 'Coach'
  const publicUrl = s.publicUrl ?? `${config.APP_URL}/workshops/${s.id}/book`
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
export function bookingCalendar(s: Occasion, bookingId: string, status: string) {
  const withLink = ['CONFIRMED', 'COMPLETED'].includes(status)
  return calendar(scheduleEvent(s, { uid: `booking-${bookingId}@${calendarHost()}`, withLink, status: BOOKING_STATUS[status] }), {
    productName: config.SITE_NAME,
  })
}
