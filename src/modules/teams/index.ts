/**
 * Teams: a team's own management in the product (members and their roles, invitations by
 * email, switching the current team, its settings and plan limits). Stands on tenants, roles,
 * users, workshops and job postings; nothing below imports it.
 */
export { inviteToTeam, showTeamInvitation, teamInvitationsPage, teamInvitationUrl } from './invitations.service'
export { assignableRoles, type MemberRow, teamMembersPage, teamsOf } from './members.service'
export { type TeamSettings, teamSettings } from './settings.service'
export { teamRoutes } from './team.routes'
export * from './team.schema'
export { TeamInvitation } from './team-invitation.entity'
