/**
 * "Set up payouts" (and its later forms: continue, update details, open the Express dashboard):
 * asks the API for a fresh Stripe link and goes there. Links expire within minutes, so one is
 * made on each click, never rendered into the page.
 */
import { useState } from 'react'
import { css } from 'styled-system/css'
import { Button } from '../../design-system/components/button/button'
import { errorCss } from '../coach-common/styles'
import { ApiError, post } from '../lib/api'
import type { CoachPayoutsProps } from './props'

const LABEL: Record<CoachPayoutsProps['status'], string> = {
  none: 'Set up payouts',
  pending: 'Continue setting up payouts',
  restricted: 'Update your payout details',
  enabled: 'Open the Stripe Express dashboard',
}

export default function CoachPayouts({ status }: CoachPayoutsProps) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const go = async () => {
    setBusy(true)
    setError(null)
    try {
      const { data } = await post<{ data: { url: string } }>('/v1/payouts/account/link', undefined, { silent: true })
      window.location.assign(data.url)
    } catch (err) {
      setError(err instanceof ApiError && err.message ? err.message : 'Stripe could not be reached. Please try again in a moment.')
      setBusy(false)
    }
  }
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '2', alignItems: 'flex-start' })}>
      <Button variant={status === 'enabled' ? 'outline' : 'solid'} onClick={go} loading={busy} loadingText="Opening Stripe...">
        {LABEL[status]}
      </Button>
      {error && (
        <p role="alert" className={errorCss}>
          {error}
        </p>
      )}
    </div>
  )
}
