import type { EntityManager } from '@mikro-orm/postgresql'
import { config } from '../../config'
import { log } from '../../platform/log'
import { layout, queueMail } from '../../platform/mail'
import { sessionWhen } from '../../shared/datetime'
import { formatWithCode } from '../../shared/money'
import { count } from '../../shared/words'
import { User } from '../users'
import type { Booking } from './booking.entity'
import { type BookingOccasion, occasionOf } from './occasion'
import { mailCoachOfSession, sessionCalendar, sessionMail } from './session.mail'

/** "Mon, Dec 7, 2026, 2:00 PM – 5:00 PM London time": the product's one way to write a session. */
const when = (s: Pick<BookingOccasion, 'timezone' | 'startDate' | 'endDate'>) => sessionWhen(s.startDate, s.endDate, s.timezone)
const money = (minor: number, currency: string) => formatWithCode(minor, currency)

/** What the cancellation gives back: the refund policy's amount (a client), everything (the coach). */
function refundLine(b: Booking) {
  if (!b.amountPaid) return ''
  const refund = b.refundAmount ?? b.amountPaid
  if (refund >= b.amountPaid) return ` The payment of ${money(b.amountPaid, b.currency)} is refunded to your card.`
  if (refund > 0)
    return ` Under the workshop's refund policy, ${money(refund, b.currency)} of the ${money(b.amountPaid, b.currency)} you paid is refunded to your card.`
  return ` Under the workshop's refund policy, a cancellation this close to the start is not refunded.`
}

/**
 * Tells the booker their booking is confirmed or cancelled. Sent after the change committed,
 * without waiting: a failing mail server never undoes or fails a booking.
 */
export async function mailBookingChange(em: EntityManager, booking: Booking, kind: 'confirmed' | 'cancelled') {
  try {
    await compose(em, booking, kind)
  } catch (err) {
    log.error({ err, bookingId: booking.id }, 'booking mail could not be composed')
  }
}

async function compose(em: EntityManager, booking: Booking, kind: 'confirmed' | 'cancelled') {
  const fork = em.fork()
  const user = await fork.findOne(User, { id: booking.user.id }, { filters: false })
  const schedule = await occasionOf(fork as EntityManager, booking)
  if (!user || !schedule) return
  const workshop = schedule.workshop
  const link = `${config.APP_URL}/b/bookings/${booking.id}`
  const seats = count(booking.seats, 'seat')
  if (!booking.workshopSchedule) {
    queueMail({ to: user.email, ...sessionMail(booking, schedule, kind, link), ...(kind === 'confirmed' ? sessionCalendar(booking, schedule) : {}) })
    return mailCoachOfSession(fork as EntityManager, booking, kind === 'confirmed' ? 'booked' : 'cancelled')
  }
  const mail =
    kind === 'confirmed'
      ? layout(`Booking confirmed: ${workshop.title}`, 'Your booking is confirmed', [
          { p: `${workshop.title} — ${when(schedule)}.` },
          {
            p: `${seats}${booking.amountPaid ? `, paid ${money(booking.amountPaid, booking.currency)}` : ''}.${booking.seats > 1 ? ` Invite people to your other ${count(booking.seats - 1, 'seat')} from your booking.` : ''}`,
          },
          { button: { label: 'View your booking', url: link } },
        ])
      : layout(`Booking cancelled: ${workshop.title}`, 'Your booking is cancelled', [
          { p: `${workshop.title} — ${when(schedule)}.` },
          {
            p: `Reason: ${booking.cancellationReason ?? 'not given'}.${refundLine(booking)}`,
          },
          { button: { label: 'View your booking', url: link } },
        ])
  queueMail({ to: user.email, ...mail })
}
