/**
 * Invitations: single-use links to a booking's seats (show, accept, decline, expire), the groups a
 * user shares seats with, and answering a seat held in one's name. Loading it plugs the seat
 * invitation sender into bookings (invitation.hooks.ts).
 */

export { listGroups } from './group.service'
export { invitationRoutes } from './invitation.routes'
export { showInvitation } from './invitation.service'
