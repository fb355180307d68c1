/**
 * /invitations/{token}: the page the invitation email links to. Shows the workshop and who
 * invited; accept or decline (signed-out visitors log in or register first and come back here);
 * clear pages for expired, declined, already-used and unknown tokens.
 */
import { fmtRange, MODE_LABEL } from '../../../islands/lib/format'
import { showInvitation } from '../../modules/invitations'
import { Island } from '../island'
import type { PageContext, PageModule } from '../routes'
import { useTz } from './client/parts'
import { InvitationCard, InvitationClosed, InvitationNotFound, invitationMeta, invitationTitle, invitedBy, loadInvitation } from './invitation-parts'

const load = loadInvitation(showInvitation)
type Data = Awaited<ReturnType<typeof load>>

const CLOSED: Record<string, [string, string]> = {
  ACCEPTED: ['This invitation has already been used', 'The seat was accepted. If it was you, the booking is in your bookings.'],
  DECLINED: ['This invitation was declined', 'Ask the person who invited you to send a new one if you changed your mind.'],
  EXPIRED: ['This invitation has expired', 'Invitations expire when the workshop starts or after 14 days. Ask the person who invited you to send a new one.'],
}

function Page({ data, ctx }: { data: Data; ctx: PageContext }) {
  const tz = useTz()
  const inv = data.invitation
  const way = ctx.user ? { href: '/b', label: 'Go to dashboard' } : { href: '/workshops', label: 'Browse workshops' }
  if (!inv) return <InvitationNotFound ask="Ask the person who invited you to send it again." way={{ href: '/workshops', label: 'Browse workshops' }} />
  const s = inv.workshopSchedule
  const cancelled = inv.bookingStatus !== 'PENDING' && inv.bookingStatus !== 'CONFIRMED'
  const closed = cancelled ? (['This booking was cancelled', 'The seat is no longer available.'] as [string, string]) : CLOSED[inv.status]
  const title = s.workshop.title ?? ''
  return (
    <InvitationCard>
      {invitedBy(inv.inviter, 'a seat')}
      <h1 className={invitationTitle}>{title}</h1>
      <p>
        {fmtRange(s.startDate, s.endDate, tz)} ({tz.replace(/_/g, ' ')}) · {MODE_LABEL[s.mode] ?? s.mode}
      </p>
      {closed ? (
        <InvitationClosed title={closed[0]} text={closed[1]} way={way} />
      ) : (
        <Island
          name="client-invitation"
          props={{ mode: 'token', token: data.token, bookingId: inv.bookingId, signedIn: !!ctx.user, workshopTitle: title, questions: inv.questions }}
        />
      )}
    </InvitationCard>
  )
}

export default {
  title: (d: Data) => (d.invitation ? `Invitation to ${d.invitation.workshopSchedule.workshop.title ?? 'a workshop'}` : 'Invitation not found'),
  stream: true,
  meta: invitationMeta,
  load,
  Page,
} satisfies PageModule<Data>
