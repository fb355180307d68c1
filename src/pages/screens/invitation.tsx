/**
 * /invitations/{token}: the page the invitation email links to. Shows the workshop and who
 * invited; accept or decline (signed-out visitors log in or register first and come back here);
 * clear pages for expired, declined, already-used and unknown tokens.
 */
import { css } from 'styled-system/css'
import { fmtRange, MODE_LABEL } from '../../../islands/lib/format'
import { showInvitation } from '../../modules/invitations'
import { HttpError } from '../../platform/http/errors'
import { Island } from '../island'
import { buttonLink } from '../layouts/parts'
import type { PageContext, PageModule } from '../routes'
import { useTz } from './client/parts'

async function load(ctx: PageContext) {
  try {
    return { invitation: await showInvitation(ctx.em, ctx.params.token), token: ctx.params.token }
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
  ACCEPTED: ['This invitation has already been used', 'The seat was accepted. If it was you, the booking is in your bookings.'],
  DECLINED: ['This invitation was declined', 'Ask the person who invited you to send a new one if you changed your mind.'],
  EXPIRED: ['This invitation has expired', 'Invitations expire when the workshop starts or after 14 days. Ask the person who invited you to send a new one.'],
}

function Page({ data, ctx }: { data: Data; ctx: PageContext }) {
  const tz = useTz()
  const inv = data.invitation
  if (!inv)
    return (
      <div className={box}>
        <div className={card}>
          <h1 className={css({ fontSize: '2xl', fontWeight: 'bold' })}>Invitation not found</h1>
          <p className={css({ color: 'fg.muted' })}>
            This link is not valid: it may have been replaced by a newer invitation or mistyped. Ask the person who invited you to send it again.
          </p>
          <a className={buttonLink()} href="/workshops">
            Browse workshops
          </a>
        </div>
      </div>
    )
  const s = inv.workshopSchedule
  const cancelled = inv.bookingStatus !== 'PENDING' && inv.bookingStatus !== 'CONFIRMED'
  const closed = cancelled ? (['This booking was cancelled', 'The seat is no longer available.'] as [string, string]) : CLOSED[inv.status]
  const title = s.workshop.title ?? ''
  return (
    <div className={box}>
      <div className={card}>
        <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{inv.inviter ? `${inv.inviter.name} invited you to a seat` : 'You are invited to a seat'}</p>
        <h1 className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold' })}>{title}</h1>
        <p>
          {fmtRange(s.startDate, s.endDate, tz)} ({tz.replace(/_/g, ' ')}) · {MODE_LABEL[s.mode] ?? s.mode}
        </p>
        {closed ? (
          <div role="status" className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
            <h2 className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>{closed[0]}</h2>
            <p className={css({ color: 'fg.muted' })}>{closed[1]}</p>
            <a className={buttonLink('outline')} href={ctx.user ? '/b' : '/workshops'}>
              {ctx.user ? 'Go to dashboard' : 'Browse workshops'}
            </a>
          </div>
        ) : (
          <Island name="client-invitation" props={{ mode: 'token', token: data.token, bookingId: inv.bookingId, signedIn: !!ctx.user, workshopTitle: title }} />
        )}
      </div>
    </div>
  )
}

export default {
  title: (d: Data) => (d.invitation ? `Invitation to ${d.invitation.workshopSchedule.workshop.title ?? 'a workshop'}` : 'Invitation not found'),
  stream: true,
  // The token in the address is the credential: never indexed.
  meta: () => ({ noindex: true }),
  load,
  Page,
} satisfies PageModule<Data>
