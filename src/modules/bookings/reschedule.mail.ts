/** "Your booking moved": to the booker and every seat holder, with the booking's new .ics. */
import type { EntityManager } from '@mikro-orm/postgresql'
import { config } from '../../config'
import { log } from '../../platform/log'
import { layout, queueMail } from '../../platform/mail'
import { sessionWhen } from '../../shared/datetime'
import { BOOKING_STATUS, calendar, scheduleEvent } from '../calendar'
import { WorkshopSchedule } from '../workshops'
import { Booking } from './booking.entity'
import { describeChanges, schedulePlace } from './reschedule.changes'

/** "Mon, Dec 7, 2026, 2:00 PM – 5:00 PM London time": the product's one way to write a session. */
const when = (s: WorkshopSchedule) => sessionWhen(s.startDate, s.endDate, s.timezone)

export async function mailRescheduled(em: EntityManager, bookingId: string, fromScheduleId: string) {
  try {
    const b = await em.findOne(Booking, { id: bookingId }, { filters: false })
    if (!b) return
    const [to, from] = await Promise.all([
      em.findOne(WorkshopSchedule, { id: b.workshopSchedule?.id ?? '' }, { filters: false, populate: ['workshop', 'coach'] }),
      em.findOne(WorkshopSchedule, { id: fromScheduleId }, { filters: false }),
    ])
    if (!to || !from) return
    const people = await em.execute<{ email: string; booker: boolean }[]>(
      `select distinct coalesce(u.email, bs.email) as email, (bs.user_id is not null and bs.user_id = b.user_id) as booker
         from booking_seats bs join bookings b on b.id = bs.booking_id left join users u on u.id = bs.user_id
        where bs.booking_id = ? and bs.deleted_at is null and bs.status in ('ACCEPTED', 'PENDING') and coalesce(u.email, bs.email) is not null`,
      [bookingId],
    )
    const [booker] = await em.execute<{ email: string }[]>(`select email from users where id = ?`, [b.user.id])
    const title = to.workshop.title
    // What the new date changes besides the time, said as the dialog said it before the client agreed.
    const changes = describeChanges(schedulePlace(from), schedulePlace(to))
    // Each move raises the event's SEQUENCE, so calendars replace the old date.
    const [{ moves }] = await em.execute<{ moves: number }[]>(
      `select count(*)::int as moves from booking_reschedules where booking_id = ? and status = 'DONE'`,
      [bookingId],
    )
    const event = scheduleEvent(to, {
      uid: `booking-${b.id}@${new URL(config.APP_URL).host}`,
      withLink: b.status === 'CONFIRMED',
      status: BOOKING_STATUS[b.status],
    })
    const ics = calendar({ ...event, sequence: Number(moves) }, { productName: config.SITE_NAME })
    const attachments = [{ filename: `${to.workshop.slug}.ics`, content: ics, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }]
    const emails = new Map<string, boolean>()
    if (booker) emails.set(booker.email.toLowerCase(), true)
    for (const p of people) if (!emails.has(p.email.toLowerCase())) emails.set(p.email.toLowerCase(), false)
    for (const [email, isBooker] of emails) {
      queueMail({
        to: email,
        attachments,
        ...layout(`New date: ${title}`, isBooker ? 'Your booking has moved' : 'Your seat has moved', [
          { p: `${title} now takes place on ${when(to)}, instead of ${when(from)}.` },
          ...(changes.length ? [{ p: `What else changes: ${changes.join(' ')}` }] : []),
          { p: 'The attached calendar file replaces the old date in your calendar.' },
          isBooker
            ? { button: { label: 'View your booking', url: `${config.APP_URL}/b/bookings/${b.id}` } }
            : { button: { label: 'Your bookings', url: `${config.APP_URL}/b` } },
        ]),
      })
    }
  } catch (err) {
    log.error({ err, bookingId }, 'reschedule mail could not be composed')
  }
}
