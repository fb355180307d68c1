/** Accept or decline a seat invitation; signed-out visitors sign in or register first and come back. */
import { useState } from 'react'
import { css } from 'styled-system/css'
import { Button } from '../../design-system/components/button/button'
import { ApiError, post } from '../lib/api'
import type { ClientInvitationProps } from './props'

const linkButton = (solid: boolean) =>
  css({
    display: 'inline-flex', alignItems: 'center', justifyContent: 'center', h: '9', px: '3.5', borderRadius: 'l2', fontSize: 'sm', fontWeight: 'semibold', textDecoration: 'none',
    ...(solid ? { bg: 'colorPalette.default', color: 'colorPalette.fg', _hover: { bg: 'colorPalette.emphasized' } } : { borderWidth: '1px', borderColor: 'border.default', color: 'fg.default', _hover: { bg: 'bg.subtle' } }),
  })

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
        <a className={linkButton(true)} href={`/b/bookings/${bookingId}`}>View booking</a>
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
          <Button onClick={() => answer('accept')} loading={busy === 'accept'} disabled={!!busy}>
            Accept seat
          </Button>
        ) : (
          <>
            <a className={linkButton(true)} href={`/login?redirect=${encodeURIComponent(back)}`}>Log in to accept</a>
            <a className={linkButton(false)} href={`/register?redirect=${encodeURIComponent(back)}`}>Create an account</a>
          </>
        )}
        <Button variant="outline" onClick={() => answer('decline')} loading={busy === 'decline'} disabled={!!busy}>
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
