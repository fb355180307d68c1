/**
 * The second check's dialog, for every island (islands/lib/api.ts opens it when an action is
 * answered 403 `reauthentication_required`, then sends the action again): confirm with a passkey
 * or with a code mailed to the account. Loaded on first need, in a React root of its own.
 */
import { startAuthentication } from '@simplewebauthn/browser'
import { useEffect, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { css } from 'styled-system/css'
import { Button } from '../../design-system/components/button/button'
import { Dialog } from '../../design-system/components/dialog/dialog'
import { PinInput } from '../../design-system/components/pin-input/pin-input'
import { REAUTH_WINDOW_MINUTES } from '../../src/modules/auth/reauth.schema'
import { MESSAGES } from '../../src/shared/rules'
import { ApiError, get, post } from './api'

const stack = css({ display: 'flex', flexDir: 'column', gap: '4' })
const note = css({ textStyle: 'sm', color: 'fg.muted' })
const problem = css({ textStyle: 'sm', color: 'fg.error' })

type Step = 'choose' | 'code'

function ConfirmIdentity({ onDone }: { onDone: (confirmed: boolean) => void }) {
  const [open, setOpen] = useState(true)
  const [passkeys, setPasskeys] = useState(0)
  const [step, setStep] = useState<Step>('choose')
  const [email, setEmail] = useState('')
  const [code, setCode] = useState<string[]>([])
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    get<{ data: { passkeys: number } }>('/v1/auth/reauthenticate', { silent: true })
      .then((r) => setPasskeys(r.data.passkeys))
      .catch(() => setPasskeys(0))
  }, [])

  const finish = (confirmed: boolean) => {
    setOpen(false)
    onDone(confirmed)
  }
  const fail = (err: unknown, fallback: string) => {
    setBusy(false)
    const e = err as ApiError
    setError(e instanceof ApiError ? (e.errors?.code?.[0] ?? e.errors?.passkey?.[0] ?? e.message) : fallback)
  }

  async function withPasskey() {
    setBusy(true)
    setError(null)
    try {
      const options = await post<{ data: any }>('/v1/auth/passkeys/authentication/options', { purpose: 'reauthenticate' }, { silent: true })
      const passkey = await startAuthentication({ optionsJSON: options.data })
      await post('/v1/auth/reauthenticate', { passkey }, { silent: true })
      finish(true)
    } catch (err) {
      fail(err, 'The passkey was not used. Try again, or confirm with a code from your mail.')
    }
  }

  async function sendCode() {
    setBusy(true)
    setError(null)
    try {
      const r = await post<{ data: { email: string } }>('/v1/auth/reauthenticate', {}, { silent: true })
      setEmail(r.data.email)
      setStep('code')
      setBusy(false)
    } catch (err) {
      fail(err, 'The code could not be sent. Please try again.')
    }
  }

  async function checkCode(digits: string[]) {
    const value = digits.join('')
    if (!/^\d{6}$/.test(value)) return setError(MESSAGES.otp)
    setBusy(true)
    setError(null)
    try {
      await post('/v1/auth/reauthenticate', { code: value }, { silent: true })
      finish(true)
    } catch (err) {
      setCode([])
      fail(err, MESSAGES.otp)
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && finish(false)}
      title="Confirm it's you"
      description={`This change needs a fresh confirmation: it protects your account if someone else got hold of your session. It lasts ${REAUTH_WINDOW_MINUTES} minutes.`}
      size="sm"
      footer={
        step === 'code' ? (
          <>
            <Button variant="outline" onClick={() => finish(false)} disabled={busy}>
              Cancel
            </Button>
            <Button onClick={() => checkCode(code)} loading={busy} data-testid="confirm-code">
              Confirm
            </Button>
          </>
        ) : (
          <Button variant="outline" onClick={() => finish(false)} disabled={busy}>
            Cancel
          </Button>
        )
      }
    >
      <div className={stack} data-testid="confirm-identity">
        {step === 'choose' ? (
          <>
            {passkeys > 0 ? (
              <Button onClick={withPasskey} loading={busy}>
                Use a passkey
              </Button>
            ) : null}
            <Button variant={passkeys > 0 ? 'outline' : 'solid'} onClick={sendCode} loading={busy && passkeys === 0}>
              Email me a code
            </Button>
          </>
        ) : (
          <>
            <p className={note}>We sent a 6-digit code to {email}. It expires in 10 minutes.</p>
            <PinInput
              label="Confirmation code"
              value={code}
              onValueChange={(d: { value: string[] }) => setCode(d.value)}
              onValueComplete={(d: { value: string[] }) => checkCode(d.value)}
              invalid={!!error}
            />
            <Button variant="ghost" size="sm" onClick={sendCode} disabled={busy}>
              Send a new code
            </Button>
          </>
        )}
        {error ? (
          <p className={problem} role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </Dialog>
  )
}

/** Opens the dialog; resolves true once confirmed, false when dismissed. */
export function askToConfirm(): Promise<boolean> {
  return new Promise((resolve) => {
    const host = document.createElement('div')
    host.setAttribute('data-confirm-identity', '')
    document.body.appendChild(host)
    const root = createRoot(host)
    root.render(
      <ConfirmIdentity
        onDone={(confirmed) => {
          resolve(confirmed)
          // Let the closing dialog finish before its root goes.
          setTimeout(() => {
            root.unmount()
            host.remove()
          }, 400)
        }}
      />,
    )
  })
}
