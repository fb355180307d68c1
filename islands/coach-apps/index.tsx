/** Link or unlink the Multiplai sign-in account. */
import { useState } from 'react'
import { css } from 'styled-system/css'
import { Button } from '../../design-system/components/button/button'
import { LinkButton } from '../../design-system/components/link-button/link-button'
import { hintCss } from '../coach-common/styles'
import { del } from '../lib/api'
import { notify } from '../lib/toast'
import type { CoachAppsProps } from './props'

export default function CoachApps({ linked, configured, connectUrl }: CoachAppsProps) {
  const [isLinked, setLinked] = useState(linked)
  const [busy, setBusy] = useState(false)
  const unlink = async () => {
    setBusy(true)
    try {
      await del('/v1/auth/connect/multiplai')
      setLinked(false)
      notify({ type: 'success', title: 'Multiplai unlinked', description: 'Sign in with your email code from now on.' })
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '3', alignItems: 'flex-start' })}>
      <p data-testid="multiplai-state">
        {isLinked ? 'Your account is linked to Multiplai: you can sign in with it.' : 'Your account is not linked to Multiplai.'}
      </p>
      {!configured && <p className={hintCss}>Multiplai sign-in is not configured on this site, so accounts cannot be linked right now.</p>}
      {isLinked ? (
        <Button variant="outline" onClick={unlink} disabled={busy}>
          {busy ? 'Unlinking...' : 'Unlink Multiplai'}
        </Button>
      ) : configured ? (
        <LinkButton href={connectUrl}>Link Multiplai</LinkButton>
      ) : null}
    </div>
  )
}
