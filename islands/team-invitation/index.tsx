/** Accept or decline an invitation to a team; accepting opens the team in the coach area. */
import { useState } from 'react'
import { css } from 'styled-system/css'
import { button } from 'styled-system/recipes/button'
import { Button } from '../../design-system/components/button/button'
import { ApiError, post } from '../lib/api'
import type { TeamInvitationProps } from './props'

const ROW = css({ display: 'flex', flexWrap: 'wrap', gap: '2' })

export default function TeamInvitation({ token, team, email, signedIn, otherAccount }: TeamInvitationProps) {
  const [state, setState] = useState<'open' | 'accepted' | 'declined'>('open')
  const [busy, setBusy] = useState<'' | 'accept' | 'decline'>('')
  const [error, setError] = useState('')

  async function answer(kind: 'accept' | 'decline') {
    setBusy(kind)
    setError('')
    try {
      await post(`/v1/team-invitations/${kind}`, { token }, { silent: true })
      setState(kind === 'accept' ? 'accepted' : 'declined')
    } catch (err) {
      setError(err instanceof ApiError && err.message ? err.message : 'Something went wrong!')
    } finally {
      setBusy('')
    }
  }

  if (state === 'accepted')
    return (
      <div role="status" className={css({ display: 'flex', flexDir: 'column', gap: '3', alignItems: 'flex-start' })}>
        <p className={css({ fontWeight: 'semibold' })}>You are a member of {team} now.</p>
        <a className={button({ size: 'sm' })} href="/c/team">
          Open the team
        </a>
      </div>
    )
  if (state === 'declined')
    return (
      <p role="status" className={css({ color: 'fg.muted' })}>
        You declined the invitation. {team} can invite you again if you change your mind.
      </p>
    )

  const back = `/invitations/team/${encodeURIComponent(token)}`
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
      {otherAccount ? (
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          You are signed in as {otherAccount}. This invitation is for {email}: sign out and sign in with that address to accept it.
        </p>
      ) : null}
      <div className={ROW}>
        {signedIn ? (
          <Button onClick={() => void answer('accept')} loading={busy === 'accept'} disabled={!!busy || !!otherAccount}>
            Join {team}
          </Button>
        ) : (
          <>
            <a className={button({ size: 'sm' })} href={`/login?redirect=${encodeURIComponent(back)}`}>
              Log in to accept
            </a>
            <a className={button({ size: 'sm', variant: 'outline' })} href={`/register?redirect=${encodeURIComponent(back)}`}>
              Create an account
            </a>
          </>
        )}
        <Button variant="outline" onClick={() => void answer('decline')} loading={busy === 'decline'} disabled={!!busy}>
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
