/** Background work of bookings (pg-boss queues; see src/platform/jobs). Invitations have theirs in invitations/invitation.hooks.ts. */
import type { EntityManager } from '@mikro-orm/postgresql'
import { clock } from '../../platform/clock'
import { getOrm } from '../../platform/db/current'
import { schedule, work } from '../../platform/jobs'
import { log } from '../../platform/log'
import { RELEASE_HOLD_JOB, releaseExpiredHold, releaseExpiredHolds, SWEEP_HOLDS_JOB } from './booking.service'
import { EXPIRE_RESCHEDULE_JOB, expireRescheduleHold, expireRescheduleHolds, SWEEP_RESCHEDULES_JOB } from './reschedule.service'
import { EXPIRE_OFFER_JOB, expireOffer, SWEEP_WAITLIST_JOB, sweepWaitlists } from './waitlist.service'

const fork = () => getOrm().em.fork() as EntityManager

// One job per PENDING booking, due when its hold ends.
work<{ bookingId: string }>(RELEASE_HOLD_JOB, async ({ bookingId }) => {
  if (await releaseExpiredHold(fork(), bookingId, clock.now())) log.info({ bookingId }, 'booking hold expired: seats released')
})

// Safety net: holds whose job was lost or ran early.
work(SWEEP_HOLDS_JOB, async () => {
  const n = await releaseExpiredHolds(fork(), clock.now())
  if (n) log.info({ released: n }, 'expired booking holds released')
})
schedule(SWEEP_HOLDS_JOB, '* * * * *')

// Waitlist offers: one job per offer, due when it ends; the sweep also offers seats a waitlist
// missed and closes the waitlists of schedules that started or were cancelled.
work<{ entryId: string }>(EXPIRE_OFFER_JOB, async ({ entryId }) => {
  if (await expireOffer(fork(), entryId, clock.now())) log.info({ entryId }, 'waitlist offer expired: seats passed on')
})
work(SWEEP_WAITLIST_JOB, async () => {
  const r = await sweepWaitlists(fork(), clock.now())
  if (r.expired || r.offered || r.closed) log.info(r, 'waitlist sweep')
})
schedule(SWEEP_WAITLIST_JOB, '* * * * *')

// Reschedules waiting for their price difference: the held target seats go back at the end of the hold.
work<{ bookingId: string }>(EXPIRE_RESCHEDULE_JOB, async ({ bookingId }) => {
  if (await expireRescheduleHold(fork(), bookingId, clock.now())) log.info({ bookingId }, 'reschedule hold expired: seats released')
})
work(SWEEP_RESCHEDULES_JOB, async () => {
  const n = await expireRescheduleHolds(fork(), clock.now())
  if (n) log.info({ released: n }, 'expired reschedule holds released')
})
schedule(SWEEP_RESCHEDULES_JOB, '* * * * *')
