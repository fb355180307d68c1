/**
 * /invitations/team/{token}: the page a team invitation email links to. Shows the team, who
 * invited and the roles; accept (signed in with the invited address) or decline. Signed-out
 * visitors log in or register and come back. Used, declined, withdrawn, expired and unknown
 * links each say so.
 */
import { css } from 'styled-system/css'
import { showTeamInvitation } from '../../modules/teams'
import { HttpError } from '../../platform/http/errors'
import { Island } from '../island'
import { buttonLink } from '../layouts/parts'
import type { PageContext, PageModule } from '../routes'
import { roleLabel } from '../tables/views'

async function load(ctx: PageContext) {
  try {
    return { invitation: await showTeamInvitation(ctx.em, ctx.params.token), token: ctx.params.token }
  } catch (err) {
    if (err instanceof HttpError && err.status === 404) return { invitation: null, token: ctx.params.token }
    throw err
  }
}
type Data = Awaited<ReturnType<typeof load>>

const box = css({ maxW: '2xl', mx: 'auto', px: { base: '4', md: '6' }, py: { base: '10', md: '16' }, display: 'flex', flexDir: 'column', gap: '5' })
const card = css({
  bg: 'bg.default',
  borderWidth: '1px',
  borderColor: 'border.subtle',
  borderRadius: 'l3',
  p: { base: '5', md: '8' },
  display: 'flex',
  flexDir: 'column',
  gap: '4',
})

const CLOSED: Record<string, [string, string]> = {
  ACCEPTED: ['This invitation has already been used', 'It was accepted. If it was you, the team is in your coach area.'],
  DECLINED: ['This invitation was declined', 'Ask the team to invite you again if you changed your mind.'],
  REVOKED: ['This invitation was withdrawn', 'The team withdrew it. Ask them to send a new one if you expected to join.'],
  EXPIRED: ['This invitation has expired', 'Team invitations work for 7 days. Ask the team to send it again.'],
}

function Page({ data, ctx }: { data: Data; ctx: PageContext }) {
  const inv = data.invitation
  if (!inv)
    return (
      <div className={box}>
        <div className={card}>
          <h1 className={css({ fontSize: '2xl', fontWeight: 'bold' })}>Invitation not found</h1>
          <p className={css({ color: 'fg.muted' })}>
            This link is not valid: it may have been replaced by a newer invitation or mistyped. Ask the team to send it again.
          </p>
          <a className={buttonLink()} href={ctx.user ? '/c' : '/'}>
            {ctx.user ? 'Go to my coach area' : 'Go to the home page'}
          </a>
        </div>
      </div>
    )
  const closed = CLOSED[inv.status]
  const other = ctx.user && ctx.user.email.toLowerCase() !== inv.email ? ctx.user.email : null
  return (
    <div className={box}>
      <div className={card}>
        <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
          {inv.inviter ? `${inv.inviter.name} invited you to join a team` : 'You are invited to join a team'}
        </p>
        <h1 className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold' })}>{inv.team.name}</h1>
        <p>
          As {inv.roles.map(roleLabel).join(' and ') || 'a member'}: you will run workshops and bookings with the team in Summit’s coach area. The invitation is
          for <strong>{inv.email}</strong>.
        </p>
        {closed ? (
          <div role="status" className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
            <h2 className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>{closed[0]}</h2>
            <p className={css({ color: 'fg.muted' })}>{closed[1]}</p>
            <a className={buttonLink('outline')} href={ctx.user ? '/c' : '/'}>
              {ctx.user ? 'Go to my coach area' : 'Go to the home page'}
            </a>
          </div>
        ) : (
          <Island name="team-invitation" props={{ token: data.token, team: inv.team.name, email: inv.email, signedIn: !!ctx.user, otherAccount: other }} />
        )}
      </div>
    </div>
  )
}

export default {
  title: (d: Data) => (d.invitation ? `Join ${d.invitation.team.name}` : 'Invitation not found'),
  stream: true,
  load,
  Page,
} satisfies PageModule<Data>
