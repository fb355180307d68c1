/** Accept or decline a seat invitation; signed-out visitors sign in or register first and come back. */
import { useState } from 'react'
import { css } from 'styled-system/css'
import { ApiError, post } from '../lib/api'
import type { ClientInvitationProps } from './props'

const plainButton = (solid: boolean) =>
  css({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    h: '9',
    px: '3.5',
    borderRadius: 'l2',
    fontSize: 'sm',
    fontWeight: 'semibold',
    cursor: 'pointer',
    _disabled: { opacity: 0.6, cursor: 'not-allowed' },
    ...(solid
      ? { bg: 'colorPalette.default', color: 'colorPalette.fg', _hover: { bg: 'colorPalette.emphasized' } }
      : { borderWidth: '1px', borderColor: 'border.default', color: 'fg.default', bg: 'bg.default', _hover: { bg: 'bg.subtle' } }),
  })

const linkButton = (solid: boolean) =>
  css({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    h: '9',
    px: '3.5',
    borderRadius: 'l2',
    fontSize: 'sm',
    fontWeight: 'semibold',
    textDecoration: 'none',
    ...(solid
      ? { bg: 'colorPalette.default', color: 'colorPalette.fg', _hover: { bg: 'colorPalette.emphasized' } }
      : { borderWidth: '1px', borderColor: 'border.default', color: 'fg.default', _hover: { bg: 'bg.subtle' } }),
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
        <a className={linkButton(true)} href={`/b/bookings/${bookingId}`}>
          View booking
        </a>
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
          <button type="button" className={plainButton(true)} onClick={() => answer('accept')} disabled={!!busy} aria-busy={busy === 'accept' || undefined}>
            {busy === 'accept' ? 'Accepting…' : 'Accept seat'}
          </button>
        ) : (
          <>
            <a className={linkButton(true)} href={`/login?redirect=${encodeURIComponent(back)}`}>
              Log in to accept
            </a>
            <a className={linkButton(false)} href={`/register?redirect=${encodeURIComponent(back)}`}>
              Create an account
            </a>
          </>
        )}
        <button type="button" className={plainButton(false)} onClick={() => answer('decline')} disabled={!!busy} aria-busy={busy === 'decline' || undefined}>
          {busy === 'decline' ? 'Declining…' : 'Decline'}
        </button>
      </div>
      {error ? (
        <p role="alert" className={css({ color: 'fg.error', fontSize: 'sm' })}>
          {error}
        </p>
      ) : null}
    </div>
  )
}
