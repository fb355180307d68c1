/** Link (through the provider's sign-in) or unlink the Multiplai account. */
import { useState } from 'react'
import { css } from 'styled-system/css'
import { Button } from '../../design-system/components/button/button'
import { LinkButton } from '../../design-system/components/link-button/link-button'
import { del } from '../lib/api'
import { notify } from '../lib/toast'
import type { ClientAppsProps } from './props'

export default function ClientApps({ linked: initial, configured, returnTo }: ClientAppsProps) {
  const [linked, setLinked] = useState(initial)
  const [busy, setBusy] = useState(false)
  async function unlink() {
    setBusy(true)
    try {
      await del('/v1/auth/connect/multiplai')
      setLinked(false)
      notify({ type: 'success', title: 'Multiplai unlinked', description: 'Sign in with your email code from now on.' })
    } catch {
      // toast from the API client
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '3', alignItems: 'flex-start' })}>
      <p data-testid="multiplai-status" className={css({ fontWeight: 'semibold' })}>
        {linked ? 'Linked: you can sign in with Multiplai.' : 'Not linked.'}
      </p>
      {!configured ? (
        <p role="note" className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          Multiplai sign-in is not set up on this site yet, so accounts cannot be linked right now. Sign in with your email code meanwhile.
        </p>
      ) : linked ? (
        <Button variant="outline" onClick={unlink} loading={busy}>
          Unlink Multiplai
        </Button>
      ) : (
        <LinkButton href={`/v1/auth/connect/multiplai/redirect?redirect=${encodeURIComponent(returnTo)}`}>Link Multiplai account</LinkButton>
      )}
    </div>
  )
}
