/**
 * What the bell tells about bookings, plugged into the bookings module's hooks (written in the
 * transaction of the change): a booking cancelled by the coach's side, a booking moved to
 * another date, seats offered from a waitlist. Each event once per person (its event key).
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { HOLD_EXPIRED_REASON, onBookingCancelled, onBookingRescheduled, onWaitlistOffered } from '../bookings'
import { tell } from '../inbox'

const fmt = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
})

/** The booker and the accepted seat holders of a booking. */
async function holdersOf(tem: EntityManager, bookingId: string) {
  return tem.execute<{ user_id: string; title: string; start_date: Date }[]>(
    `select distinct p.user_id, w.title, s.start_date from (
        select b.user_id from bookings b where b.id = ?
        union select bs.user_id from booking_seats bs where bs.booking_id = ? and bs.status = 'ACCEPTED' and bs.deleted_at is null and bs.user_id is not null) p
       join bookings b on b.id = ? join workshop_schedules s on s.id = b.workshop_schedule_id join workshops w on w.id = s.workshop_id`,
    [bookingId, bookingId, bookingId],
  )
}

// The coach's side cancels with a full refund (the client's own cancel follows the policy); an expired hold is no news.
onBookingCancelled(async (booking, tem, opts) => {
  if ((opts.refund ?? 'full') !== 'full' || booking.cancellationReason === HOLD_EXPIRED_REASON) return
  const people = await holdersOf(tem, booking.id)
  await tell(
    tem,
    people.map((p) => ({
      userId: p.user_id,
      kind: 'booking_cancelled' as const,
      title: `Cancelled by the coach: ${p.title}`,
      body: booking.cancellationReason ?? null,
      url: `/b/bookings/${booking.id}`,
      eventKey: `booking_cancelled:${booking.id}`,
    })),
  )
})

onBookingRescheduled(async (tem, booking, reschedule) => {
  const people = await holdersOf(tem, booking.id)
  await tell(
    tem,
    people.map((p) => ({
      userId: p.user_id,
      kind: 'booking_moved' as const,
      title: `Moved: ${p.title}`,
      body: `Now on ${fmt.format(new Date(p.start_date))}`,
      url: `/b/bookings/${booking.id}`,
      eventKey: `booking_moved:${reschedule.id}`,
    })),
  )
})

onWaitlistOffered(async (tem, entryIds, expiresAt) => {
  const rows = await tem.execute<{ id: string; user_id: string; seats: number; title: string; schedule_id: string }[]>(
    `select e.id, e.user_id, e.seats, w.title, s.id as schedule_id from waitlist_entries e
       join workshop_schedules s on s.id = e.workshop_schedule_id join workshops w on w.id = s.workshop_id
      where e.id = any(?::uuid[])`,
    [`{${entryIds.join(',')}}`],
  )
  await tell(
    tem,
    rows.map((r) => ({
      userId: r.user_id,
      kind: 'waitlist_offer' as const,
      title: `${r.seats === 1 ? 'A seat is' : `${r.seats} seats are`} free: ${r.title}`,
      body: `Held for you until ${fmt.format(expiresAt)}`,
      url: `/workshops/${r.schedule_id}/book?offer=${r.id}`,
      eventKey: `waitlist_offer:${r.id}:${expiresAt.getTime()}`,
    })),
  )
})
