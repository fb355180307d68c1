/**
 * Offering a seat to someone is a booking's business; the invitation itself (a single-use
 * link, its mail, accepting and declining it) is the invitations module's, which sits above
 * bookings. So `POST /booking-seats/{id}/send-invitation` calls the sender that module plugs
 * in here when it loads (src/modules/invitations/invitation.hooks.ts), the same way payments
 * listens to `onBookingCancelled`.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import type { User } from '../users'
import type { BookingSeat } from './booking.entity'

export type SeatInvitationSender = (em: EntityManager, seat: BookingSeat, inviter: User) => Promise<{ url: string; expiresAt: Date }>

let sender: SeatInvitationSender | null = null

/** Plugs in the sender of seat invitations (one; a second call replaces it). */
export function handleSeatInvitations(fn: SeatInvitationSender) {
  sender = fn
}

/** Mails a fresh single-use link for a seat; answers the link (shown once, to the inviter). */
export function sendInvitation(em: EntityManager, seat: BookingSeat, inviter: User) {
  if (!sender) throw new Error('No seat invitation sender: the invitations module is not loaded')
  return sender(em, seat, inviter)
}
