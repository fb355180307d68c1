/**
 * Demo data for the coach area (after the catalogue, bookings and feedback demo data): every
 * coach page has something real to show. Adds to Maya's business a past hybrid session with
 * completed and no-show bookings, a cancelled coming session, resources of the remaining types,
 * attendance with notes on past seats, coach notes on bookings, and feedback of the new session.
 * Pictures are the demo's own (no external address is added here).
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { Booking, BookingSeat, type BookingStatus } from '../modules/bookings'
import { Feedback } from '../modules/feedback'
import { User } from '../modules/users'
import { Workshop, WorkshopResource, WorkshopSchedule } from '../modules/workshops'
import { log } from '../platform/log'

const DAY = 86_400_000
const NOTES = ['Arrived early and helped set up.', 'Left at the break: follow up by email.', 'Asked for the slides.', 'Great questions on delegation.']

export async function seedCoachArea(em: EntityManager) {
  const maya = await em.findOne(User, { username: 'maya' }, { filters: false })
  if (!maya) return
  const workshops = await em.find(Workshop, { coach: maya.id }, { filters: false, orderBy: { createdAt: 'asc' } })
  const conversations = workshops.find((w) => w.title === 'Difficult Conversations') ?? workshops[1]
  const bootcamp = workshops.find((w) => w.title === 'First-Time Manager Bootcamp') ?? workshops[0]
  if (!conversations || !bootcamp) return
  const clients = await em.find(
    User,
    { email: { $in: ['client@summit.localhost', 'dana@summit.localhost', 'priya@summit.localhost', 'tom@summit.localhost', 'amara@summit.localhost'] } },
    { filters: false },
  )
  if (clients.length < 3) return
  const now = Date.now()
  const at = (days: number, hour: number) => {
    const d = new Date(now + days * DAY)
    d.setUTCHours(hour, 0, 0, 0)
    return d
  }
  const venue = { venueName: 'Okafor Leadership Studio', addressLine1: '12 Clerkenwell Road', city: 'London', zip: 'EC1M 5PA' }
  const schedule = (w: Workshop, days: number, extra: Partial<WorkshopSchedule>) =>
    em.create(WorkshopSchedule, {
      tenant: w.tenant,
      coach: maya,
      workshop: w,
      startDate: at(days, 17),
      endDate: new Date(at(days, 17).getTime() + 2 * 3600e3),
      timezone: 'Europe/London',
      country: 'GB',
      level: 'INTERMEDIATE',
      status: 'PUBLISHED',
      visibility: 'PUBLIC',
      mode: 'HYBRID',
      meetingUrl: `https://meet.summit.localhost/difficult-conversations-${days}`,
      ...venue,
      payoutStatus: 'pending',
      seatsTaken: 0,
      ...extra,
    })

  // A past hybrid session: completed, no-show and cancelled bookings, attendance taken.
  const pastHybrid = schedule(conversations, -3, {})
  // A coming session the coach called off: its booking was cancelled and refunded.
  const cancelled = schedule(bootcamp, 20, { status: 'ARCHIVED', mode: 'ONLINE', ...{ venueName: null, addressLine1: null, city: null, zip: null } })
  const book = (s: WorkshopSchedule, user: User, status: BookingStatus, seats: number, extra: Partial<Booking> = {}) => {
    const price = (s.workshop as Workshop).price * seats
    const paid = status !== 'PENDING'
    const b = em.create(Booking, {
      tenant: s.tenant,
      user,
      workshopSchedule: s,
      seats,
      status,
      amountTotal: price,
      discount: 0,
      amountDue: price,
      amountPaid: paid ? price : 0,
      currency: 'usd',
      paymentMethod: paid ? 'card' : null,
      confirmedAt: paid ? new Date(s.startDate.getTime() - 5 * DAY) : null,
      meta: {},
      ...extra,
    })
    for (let i = 0; i < seats; i++)
      em.create(BookingSeat, {
        tenant: s.tenant,
        booking: b,
        user: i === 0 ? user : null,
        email: i === 0 ? null : `guest${i}.${user.username ?? 'x'}@summit.localhost`,
        status: i === 0 ? 'ACCEPTED' : 'PENDING',
        inviter: i === 0 ? null : user,
        meta: {},
      })
    if (status !== 'CANCELLED') s.seatsTaken += seats
    return b
  }
  const done1 = book(pastHybrid, clients[0], 'COMPLETED', 2, { coachNotes: 'Wants a follow-up session on giving feedback upwards.' })
  book(pastHybrid, clients[1], 'COMPLETED', 1)
  book(pastHybrid, clients[2], 'NO_SHOW', 1, { coachNotes: 'Did not show; offered a place in the next session.' })
  book(cancelled, clients[1], 'CANCELLED', 1, {
    cancellationReason: 'The venue is closed for repairs that week. Sorry! Your payment is refunded.',
    cancelledAt: new Date(now - DAY),
    amountPaid: 0,
  })
  void done1

  // Resources of the types Maya's workshops did not have yet.
  const resource = (w: Workshop, title: string, type: WorkshopResource['type'], extra: Partial<WorkshopResource>, sortOrder: number) =>
    em.create(WorkshopResource, { tenant: w.tenant, workshop: w, title, type, sortOrder, isVisible: true, isBroadcast: false, ...extra })
  resource(
    bootcamp,
    'How to run a one-to-one (video)',
    'video',
    { url: 'https://summit.localhost/videos/one-to-ones', description: 'Twelve minutes, with a worked example.' },
    4,
  )
  resource(
    bootcamp,
    'Manager coach assistant',
    'agent',
    { url: 'https://summit.localhost/apps/multiplai', description: 'Ask it about delegation between sessions.' },
    5,
  )
  resource(
    bootcamp,
    'First 90 days bundle',
    'bundle',
    {
      url: 'https://summit.localhost/guides/first-90-days',
      description: 'Checklists, templates and reading list.',
      isBroadcast: true,
      broadcastAt: new Date(now - 2 * DAY),
    },
    6,
  )
  resource(conversations, 'Conversation planner', 'link', { url: 'https://summit.localhost/guides/conversation-planner' }, 2)
  await em.flush()

  // Attendance on every accepted seat of Maya's past sessions (most attended, some with notes).
  const seats = await em.execute<{ id: string; status: string }[]>(
    `select bs.id, b.status from booking_seats bs join bookings b on b.id = bs.booking_id join workshop_schedules s on s.id = b.workshop_schedule_id
      where s.coach_id = ? and s.end_date < now() and bs.status = 'ACCEPTED' and b.status in ('CONFIRMED', 'COMPLETED', 'NO_SHOW') order by bs.created_at`,
    [maya.id],
  )
  for (const [i, s] of seats.entries()) {
    const attended = s.status !== 'NO_SHOW'
    await em.execute(`update booking_seats set attended = ?, attendance_notes = ? where id = ?`, [attended, i % 2 === 0 ? NOTES[i % NOTES.length] : null, s.id])
  }
  // Feedback of the new past session.
  const rated = await em.execute<{ seat_id: string; user_id: string }[]>(
    `select bs.id as seat_id, bs.user_id from booking_seats bs join bookings b on b.id = bs.booking_id
      where b.workshop_schedule_id = ? and b.status = 'COMPLETED' and bs.status = 'ACCEPTED' and bs.user_id is not null`,
    [pastHybrid.id],
  )
  const comments: [number, string][] = [
    [5, 'The hybrid set-up worked well: remote people were part of every role play.'],
    [4, 'Useful scripts for saying no to my own manager.'],
  ]
  rated.forEach((r, i) => {
    em.create(Feedback, {
      tenant: pastHybrid.tenant,
      workshopSchedule: pastHybrid,
      coach: maya,
      user: r.user_id,
      bookingSeatId: r.seat_id,
      rating: comments[i % 2][0],
      comment: comments[i % 2][1],
    })
  })
  await em.flush()
  log.info({ seatsWithAttendance: seats.length }, 'demo coach area loaded')
}
