/** Background work of bookings (pg-boss queues; see src/platform/jobs). Invitations have theirs in invitations/invitation.hooks.ts. */
import type { EntityManager } from '@mikro-orm/postgresql'
import { clock } from '../../platform/clock'
import { getOrm } from '../../platform/db/current'
import { schedule, work } from '../../platform/jobs'
import { log } from '../../platform/log'
import { RELEASE_HOLD_JOB, releaseExpiredHold, releaseExpiredHolds, SWEEP_HOLDS_JOB } from './booking.service'

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
