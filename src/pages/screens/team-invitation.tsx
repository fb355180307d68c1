/**
 * /invitations/team/{token}: the page a team invitation email links to. Shows the team, who
 * invited and the roles; accept (signed in with the invited address) or decline. Signed-out
 * visitors log in or register and come back. Used, declined, withdrawn, expired and unknown
 * links each say so.
 */
import { showTeamInvitation } from '../../modules/teams'
import { Island } from '../island'
import type { PageContext, PageModule } from '../routes'
import { roleLabel } from '../tables/views'
import { InvitationCard, InvitationClosed, InvitationNotFound, invitationMeta, invitationTitle, invitedBy, loadInvitation } from './invitation-parts'

const load = loadInvitation(showTeamInvitation)
type Data = Awaited<ReturnType<typeof load>>

const CLOSED: Record<string, [string, string]> = {
  ACCEPTED: ['This invitation has already been used', 'It was accepted. If it was you, the team is in your coach area.'],
  DECLINED: ['This invitation was declined', 'Ask the team to invite you again if you changed your mind.'],
  REVOKED: ['This invitation was withdrawn', 'The team withdrew it. Ask them to send a new one if you expected to join.'],
  EXPIRED: ['This invitation has expired', 'Team invitations work for 7 days. Ask the team to send it again.'],
}

function Page({ data, ctx }: { data: Data; ctx: PageContext }) {
  const inv = data.invitation
  const way = ctx.user ? { href: '/c', label: 'Go to my coach area' } : { href: '/', label: 'Go to the home page' }
  if (!inv) return <InvitationNotFound ask="Ask the team to send it again." way={way} />
  const closed = CLOSED[inv.status]
  const other = ctx.user && ctx.user.email.toLowerCase() !== inv.email ? ctx.user.email : null
  return (
    <InvitationCard>
      {invitedBy(inv.inviter, 'join a team')}
      <h1 className={invitationTitle}>{inv.team.name}</h1>
      <p>
        As {inv.roles.map(roleLabel).join(' and ') || 'a member'}: you will run workshops and bookings with the team in Summit’s coach area. The invitation is
        for <strong>{inv.email}</strong>.
      </p>
      {closed ? (
        <InvitationClosed title={closed[0]} text={closed[1]} way={way} />
      ) : (
        <Island name="team-invitation" props={{ token: data.token, team: inv.team.name, email: inv.email, signedIn: !!ctx.user, otherAccount: other }} />
      )}
    </InvitationCard>
  )
}

export default {
  title: (d: Data) => (d.invitation ? `Join ${d.invitation.team.name}` : 'Invitation not found'),
  stream: true,
  meta: invitationMeta,
  load,
  Page,
} satisfies PageModule<Data>
