/** Accept or decline a seat invitation; signed-out visitors sign in or register first and come back. */
import { useState } from 'react'
import { css } from 'styled-system/css'
import { Button } from '../../design-system/components/button/button'
import { LinkButton } from '../../design-system/components/link-button/link-button'
import { ApiError, post } from '../lib/api'
import type { ClientInvitationProps } from './props'

export default function ClientInvitation({ mode, token, seatId, bookingId, signedIn, workshopTitle }: ClientInvitationProps) {
  const [state, setState] = useState<'open' | 'accepted' | 'declined'>('open')
  const [busy, setBusy] = useState<'' | 'accept' | 'decline'>('')
  const [error, setError] = useState('')

  async function answer(kind: 'accept' | 'decline') {
    setBusy(kind)
    setError('')
    try {
      if (mode === 'token') await post(`/v1/invitations/${kind}`, { invitation_token: token }, { silent: true })
      else await post(`/v1/invitations/seats/${seatId}/${kind}`, undefined, { silent: true })
      setState(kind === 'accept' ? 'accepted' : 'declined')
    } catch (err) {
      // Section 8: the server's message (expired, already used, another account...).
      setError(err instanceof ApiError && err.message ? err.message : 'Something went wrong!')
    } finally {
      setBusy('')
    }
  }

  if (state === 'accepted')
    return (
      <div role="status" className={css({ display: 'flex', flexDir: 'column', gap: '2', alignItems: 'flex-start' })}>
        <p className={css({ fontWeight: 'semibold' })}>You have a seat at {workshopTitle}.</p>
        <LinkButton href={`/b/bookings/${bookingId}`}>View booking</LinkButton>
      </div>
    )
  if (state === 'declined')
    return (
      <p role="status" className={css({ color: 'fg.muted' })}>
        You declined this invitation. The seat goes back to the person who invited you.
      </p>
    )

  const back = token ? `/invitations/${encodeURIComponent(token)}` : '/b'
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
        {signedIn ? (
          <Button onClick={() => answer('accept')} disabled={!!busy} loading={busy === 'accept'} loadingText="Accepting…">
            Accept seat
          </Button>
        ) : (
          <>
            <LinkButton href={`/login?redirect=${encodeURIComponent(back)}`}>Log in to accept</LinkButton>
            <LinkButton variant="outline" href={`/register?redirect=${encodeURIComponent(back)}`}>
              Create an account
            </LinkButton>
          </>
        )}
        <Button variant="outline" onClick={() => answer('decline')} disabled={!!busy} loading={busy === 'decline'} loadingText="Declining…">
          Decline
        </Button>
      </div>
      {error ? (
        <p role="alert" className={css({ color: 'fg.error', fontSize: 'sm' })}>
          {error}
        </p>
      ) : null}
    </div>
  )
}
