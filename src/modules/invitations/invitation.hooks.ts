/**
 * What the invitations module plugs into the rest when it loads: the sender bookings calls for
 * `POST /booking-seats/{id}/send-invitation`, and the sweep that expires unanswered invitations
 * (pg-boss queue; see src/platform/jobs).
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { clock } from '../../platform/clock'
import { getOrm } from '../../platform/db/current'
import { schedule, work } from '../../platform/jobs'
import { handleSeatInvitations } from '../bookings'
import { EXPIRE_INVITATIONS_JOB, expireInvitations, sendInvitation } from './invitation.service'

handleSeatInvitations((em, seat, inviter) => sendInvitation(em, seat, inviter))

work(EXPIRE_INVITATIONS_JOB, async () => {
  await expireInvitations(getOrm().em.fork() as EntityManager, clock.now())
})
schedule(EXPIRE_INVITATIONS_JOB, '*/5 * * * *')
