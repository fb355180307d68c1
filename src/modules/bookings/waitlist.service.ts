/**
 * The waitlist of a fully booked schedule: fair (first come, first offered), group-aware (a
 * party is offered seats only all together) and automatic (freed seats are offered in the very
 * transaction that frees them, so nobody who happens to look at the right moment takes them).
 *
 * The rule, in `offerFreedSeats`: the open entries are walked in the order people joined; each
 * whose whole party fits in the seats still free is offered them, and the walk goes on with
 * what is left. So a party of 3 does not block a party of 1 behind it when only 1 seat is free,
 * and it keeps its place: it is the first to be offered once 3 seats are free together.
 *
 * Offered seats count as taken (added to the schedule's seats_taken by the same guarded UPDATE
 * bookings use) until the offer is booked, expires (WAITLIST_OFFER_MINUTES, a job at the end
 * plus a sweep) or its holder leaves; then they go to the next in line. Lock order as in
 * seat-counter.ts: schedule counter first, then waitlist rows in position order.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { config } from '../../config'
import { clock } from '../../platform/clock'
import { afterCommit, transaction } from '../../platform/db/after-commit'
import { getOrm } from '../../platform/db/current'
import { conflict, fieldError, notFound } from '../../platform/http/errors'
import { enqueue } from '../../platform/jobs'
import { log } from '../../platform/log'
import type { User } from '../users'
import type { Workshop, WorkshopSchedule } from '../workshops'
import { allTenants } from './booking.access'
import { lockCounter, releaseSeats, takeSeats } from './seat-counter'
import { WaitlistEntry, type WaitlistStatus } from './waitlist.entity'
import { mailWaitlistClosed, mailWaitlistOffer } from './waitlist.mail'

export const EXPIRE_OFFER_JOB = 'bookings.waitlist-expire-offer'
export const SWEEP_WAITLIST_JOB = 'bookings.waitlist-sweep'

const freshEm = () => allTenants(getOrm().em.fork() as EntityManager)
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

export interface WaitlistView {
  id: string
  /** Place in the queue among open entries (1 = next); null once the entry is closed. */
  position: number | null
  seats: number
  status: WaitlistStatus
  offerExpiresAt: string | null
  bookingId: string | null
  workshopScheduleId: string
  createdAt: string
}

interface EntryRow {
  id: string
  workshop_schedule_id: string
  seats: number
  status: WaitlistStatus
  offer_expires_at: Date | null
  booking_id: string | null
  created_at: Date
  rank: number | null
}

const view = (r: EntryRow): WaitlistView => ({
  id: r.id,
  position: r.rank === null || r.rank === undefined ? null : Number(r.rank),
  seats: Number(r.seats),
  status: r.status,
  offerExpiresAt: r.offer_expires_at ? new Date(r.offer_expires_at).toISOString() : null,
  bookingId: r.booking_id,
  workshopScheduleId: r.workshop_schedule_id,
  createdAt: new Date(r.created_at).toISOString(),
})

const RANK = `case when e.status in ('WAITING', 'OFFERED') then (select count(*) from waitlist_entries o where o.workshop_schedule_id = e.workshop_schedule_id and o.status in ('WAITING', 'OFFERED') and o.position <= e.position) end as rank`

export async function entryView(em: EntityManager, id: string): Promise<WaitlistView | null> {
  const [r] = await em.execute<EntryRow[]>(`select e.*, ${RANK} from waitlist_entries e where e.id = ?`, [id])
  return r ? view(r) : null
}

/**
 * Joins the waitlist of a schedule for `seats` seats. Under the schedule counter's lock, so a
 * seat freed at the same moment is either seen here (409: book instead) or offered to this entry.
 */
export async function joinWaitlist(em: EntityManager, user: User, schedule: WorkshopSchedule, seats: number, at = clock.now()): Promise<WaitlistView> {
  em = allTenants(em)
  const workshop = schedule.workshop as unknown as Workshop
  if (seats > workshop.maxSeats) throw fieldError('seats', `At most ${plural(workshop.maxSeats, 'seat')} can be booked on this workshop.`)
  const id = await transaction(em, async (tem) => {
    const counter = await lockCounter(tem, schedule.id)
    if (!counter || counter.deleted) throw notFound('Workshop schedule')
    if (counter.startDate.getTime() <= at.getTime()) throw conflict('This workshop has already started and can no longer be booked.')
    const left = counter.maxSeats - counter.seatsTaken
    if (left >= seats)
      throw conflict(`${left === 1 ? '1 seat is' : `${left} seats are`} free: book ${seats === 1 ? 'it' : 'them'} instead of joining the waitlist.`)
    const [open] = await tem.execute(`select id from waitlist_entries where workshop_schedule_id = ? and user_id = ? and status in ('WAITING', 'OFFERED')`, [
      schedule.id,
      user.id,
    ])
    if (open) throw conflict('You are already on the waitlist for this workshop.')
    const [{ next }] = await tem.execute(`select coalesce(max(position), 0) + 1 as next from waitlist_entries where workshop_schedule_id = ?`, [schedule.id])
    const entry = tem.create(WaitlistEntry, {
      tenant: schedule.tenant.id,
      workshopSchedule: schedule.id,
      user: user.id,
      seats,
      position: Number(next),
      status: 'WAITING',
    })
    await tem.flush()
    return entry.id
  })
  return (await entryView(em, id))!
}

/** Leaves the list: an open offer's seats go to the next in line. */
export async function leaveWaitlist(em: EntityManager, userId: string, scheduleId: string, at = clock.now()): Promise<WaitlistView> {
  em = allTenants(em)
  const id = await transaction(em, async (tem) => {
    const counter = await lockCounter(tem, scheduleId)
    if (!counter) throw notFound('Waitlist entry')
    const [e] = await tem.execute<{ id: string; seats: number; status: WaitlistStatus }[]>(
      `select id, seats, status from waitlist_entries where workshop_schedule_id = ? and user_id = ? and status in ('WAITING', 'OFFERED') for update`,
      [scheduleId, userId],
    )
    if (!e) throw notFound('Waitlist entry')
    await tem.execute(`update waitlist_entries set status = 'LEFT', closed_at = ?, updated_at = now() where id = ?`, [at, e.id])
    if (e.status === 'OFFERED') {
      await releaseSeats(tem, scheduleId, Number(e.seats))
      await offerFreedSeats(tem, scheduleId, at)
    }
    return e.id
  })
  return (await entryView(em, id))!
}

/**
 * Offers the free seats of a schedule to the waitlist (see the file comment for the rule), in
 * the caller's transaction. Locks the schedule counter (already held when the caller just
 * changed it), then the entries it offers, in position order. Mail and expiry jobs after commit.
 */
/** Called in the transaction that offers freed seats to waiting people (the bell tells them). */
type OfferListener = (tem: EntityManager, entryIds: string[], expiresAt: Date) => Promise<void> | void
const offerListeners: OfferListener[] = []
export function onWaitlistOffered(fn: OfferListener) {
  offerListeners.push(fn)
}

export async function offerFreedSeats(tem: EntityManager, scheduleId: string, at = clock.now()): Promise<string[]> {
  const counter = await lockCounter(tem, scheduleId)
  if (!counter || counter.deleted || counter.status !== 'PUBLISHED' || counter.startDate.getTime() <= at.getTime()) return []
  let free = counter.maxSeats - counter.seatsTaken
  if (free <= 0) return []
  const waiting = await tem.execute<{ id: string; seats: number }[]>(
    `select id, seats from waitlist_entries where workshop_schedule_id = ? and status = 'WAITING' and seats <= ? order by position for update`,
    [scheduleId, free],
  )
  const picked: string[] = []
  let total = 0
  for (const e of waiting) {
    const n = Number(e.seats)
    if (n > free) continue
    picked.push(e.id)
    total += n
    free -= n
    if (free === 0) break
  }
  if (!picked.length) return []
  const taken = await takeSeats(tem, scheduleId, total)
  // Cannot happen while we hold the counter's lock; refuse rather than oversell if it ever does.
  if (!taken.ok) throw conflict('The waitlist could not be offered these seats.')
  const minutes = config.WAITLIST_OFFER_MINUTES * 60_000
  const expiresAt = new Date(Math.min(at.getTime() + minutes, counter.startDate.getTime()))
  await tem.execute(
    `update waitlist_entries set status = 'OFFERED', offered_at = ?, offer_expires_at = ?, updated_at = now() where id in (${picked.map(() => '?').join(', ')})`,
    [at, expiresAt, ...picked],
  )
  for (const fn of offerListeners) await fn(tem, picked, expiresAt)
  afterCommit(tem, async () => {
    for (const id of picked) {
      await enqueue(EXPIRE_OFFER_JOB, { entryId: id }, { startAfter: expiresAt }).catch((err) =>
        log.error({ err, entryId: id }, 'could not queue the offer expiry (the sweep will expire it)'),
      )
      await mailWaitlistOffer(freshEm(), id)
    }
  })
  return picked
}

/**
 * The offer of an entry becomes a booking: in the booking's transaction, the entry is locked and
 * marked BOOKED. Its seats are already counted, so the booking takes them over without another
 * capacity check. Answers nothing; throws 404/409/422 when the offer cannot be taken.
 */
export async function takeOffer(tem: EntityManager, o: { entryId: string; userId: string; scheduleId: string; seats: number; bookingId: string; at: Date }) {
  const [e] = await tem.execute<{ user_id: string; workshop_schedule_id: string; seats: number; status: WaitlistStatus; offer_expires_at: Date | null }[]>(
    `select user_id, workshop_schedule_id, seats, status, offer_expires_at from waitlist_entries where id = ? for update`,
    [o.entryId],
  )
  if (!e || e.user_id !== o.userId || e.workshop_schedule_id !== o.scheduleId) throw fieldError('waitlistEntryId', 'This waitlist offer is not yours.')
  if (e.status === 'BOOKED') throw conflict('This offer has already been booked.')
  if (e.status !== 'OFFERED') throw conflict('This offer is no longer open.')
  if (!e.offer_expires_at || new Date(e.offer_expires_at).getTime() <= o.at.getTime())
    throw conflict('This offer has expired: the seats went to the next person waiting.')
  if (Number(e.seats) !== o.seats) throw fieldError('seats', `This offer is for exactly ${plural(Number(e.seats), 'seat')}.`)
  await tem.execute(`update waitlist_entries set status = 'BOOKED', booking_id = ?, closed_at = ?, updated_at = now() where id = ?`, [
    o.bookingId,
    o.at,
    o.entryId,
  ])
}

/** An offer not taken in time: its seats go back and on to the next in line. Safe to run twice or late. */
export async function expireOffer(em: EntityManager, entryId: string, at = clock.now()): Promise<boolean> {
  em = allTenants(em)
  const [row] = await em.execute<{ workshop_schedule_id: string }[]>(`select workshop_schedule_id from waitlist_entries where id = ?`, [entryId])
  if (!row) return false
  return transaction(em, async (tem) => {
    await lockCounter(tem, row.workshop_schedule_id)
    const [e] = await tem.execute<{ seats: number; status: string; offer_expires_at: Date | null }[]>(
      `select seats, status, offer_expires_at from waitlist_entries where id = ? for update`,
      [entryId],
    )
    if (e?.status !== 'OFFERED' || !e.offer_expires_at || new Date(e.offer_expires_at).getTime() > at.getTime()) return false
    await tem.execute(`update waitlist_entries set status = 'EXPIRED', closed_at = ?, updated_at = now() where id = ?`, [at, entryId])
    await releaseSeats(tem, row.workshop_schedule_id, Number(e.seats))
    await offerFreedSeats(tem, row.workshop_schedule_id, at)
    return true
  })
}

/**
 * Closes the waitlist of a schedule that will not take place or has started: open entries
 * become CLOSED and offered seats go back (in the caller's transaction). Mails the people who
 * were waiting when `notify` is set (a cancelled schedule).
 */
export async function closeWaitlist(tem: EntityManager, scheduleId: string, at = clock.now(), notify = false): Promise<number> {
  await lockCounter(tem, scheduleId)
  const open = await tem.execute<{ id: string; seats: number; status: string }[]>(
    `select id, seats, status from waitlist_entries where workshop_schedule_id = ? and status in ('WAITING', 'OFFERED') order by position for update`,
    [scheduleId],
  )
  if (!open.length) return 0
  const offered = open.filter((e) => e.status === 'OFFERED').reduce((n, e) => n + Number(e.seats), 0)
  if (offered) await releaseSeats(tem, scheduleId, offered)
  await tem.execute(`update waitlist_entries set status = 'CLOSED', closed_at = ?, updated_at = now() where id in (${open.map(() => '?').join(', ')})`, [
    at,
    ...open.map((e) => e.id),
  ])
  if (notify) {
    const ids = open.map((e) => e.id)
    afterCommit(tem, async () => {
      for (const id of ids) await mailWaitlistClosed(freshEm(), id)
    })
  }
  return open.length
}

/**
 * The sweep (every minute): expires offers whose job was lost, offers free seats to waitlists
 * that missed them, and closes the waitlists of schedules that started or left the marketplace.
 */
export async function sweepWaitlists(em: EntityManager, at = clock.now()): Promise<{ expired: number; offered: number; closed: number }> {
  em = allTenants(em)
  let expired = 0
  let offered = 0
  let closed = 0
  const due = await em.execute<{ id: string }[]>(
    `select id from waitlist_entries where status = 'OFFERED' and offer_expires_at <= ? order by offer_expires_at limit 500`,
    [at],
  )
  for (const r of due) if (await expireOffer(em.fork() as EntityManager, r.id, at)) expired++
  const ended = await em.execute<{ id: string }[]>(
    `select distinct s.id from waitlist_entries e join workshop_schedules s on s.id = e.workshop_schedule_id
      where e.status in ('WAITING', 'OFFERED') and (s.start_date <= ? or s.status <> 'PUBLISHED' or s.deleted_at is not null) limit 200`,
    [at],
  )
  for (const s of ended) closed += await transaction(allTenants(em.fork() as EntityManager), (tem) => closeWaitlist(tem, s.id, at))
  const missed = await em.execute<{ id: string }[]>(
    `select s.id from workshop_schedules s join workshops w on w.id = s.workshop_id
      where s.status = 'PUBLISHED' and s.deleted_at is null and s.start_date > ? and s.seats_taken < w.max_seats
        and exists (select 1 from waitlist_entries e where e.workshop_schedule_id = s.id and e.status = 'WAITING' and e.seats <= w.max_seats - s.seats_taken)
      limit 200`,
    [at],
  )
  for (const s of missed) offered += (await transaction(allTenants(em.fork() as EntityManager), (tem) => offerFreedSeats(tem, s.id, at))).length
  return { expired, offered, closed }
}

export interface MyWaitlistRow extends WaitlistView {
  workshopTitle: string
  startDate: string
  endDate: string
  timezone: string
}

/** The open waitlist entries and offers of a user, soonest schedule first (one statement). */
export async function myWaitlist(em: EntityManager, userId: string, limit = 100): Promise<MyWaitlistRow[]> {
  const rows = await em.execute<(EntryRow & { title: string; start_date: Date; end_date: Date; timezone: string })[]>(
    `select e.*, ${RANK}, w.title, s.start_date, s.end_date, s.timezone
       from waitlist_entries e join workshop_schedules s on s.id = e.workshop_schedule_id join workshops w on w.id = s.workshop_id
      where e.user_id = ? and e.status in ('WAITING', 'OFFERED') order by s.start_date, e.created_at limit ?`,
    [userId, Math.max(1, Math.min(limit, 100))],
  )
  return rows.map((r) => ({
    ...view(r),
    workshopTitle: r.title,
    startDate: new Date(r.start_date).toISOString(),
    endDate: new Date(r.end_date).toISOString(),
    timezone: r.timezone,
  }))
}

/** The user's open entry on one schedule (the checkout shows it), or null. */
export async function myEntryOn(em: EntityManager, userId: string, scheduleId: string): Promise<WaitlistView | null> {
  const [r] = await em.execute<EntryRow[]>(
    `select e.*, ${RANK} from waitlist_entries e where e.user_id = ? and e.workshop_schedule_id = ? and e.status in ('WAITING', 'OFFERED')`,
    [userId, scheduleId],
  )
  return r ? view(r) : null
}
