/** A new email waits for its code: enter it here (POST auth/verify-email-using-otp) to make it the account's email. */
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { css } from 'styled-system/css'
import * as v from 'valibot'
import { Button } from '../../../design-system/components/button/button'
import { Field } from '../../../design-system/components/field/field'
import { PinInput } from '../../../design-system/components/pin-input/pin-input'
import { MESSAGES, otpRule } from '../../../src/shared/rules'
import { ApiError, post } from '../../lib/api'
import { notify } from '../../lib/toast'
import { publishUser } from '../../lib/user-events'
import { ME_KEY } from '../use-me'

export function VerifyEmail({ email }: { email: string }) {
  const qc = useQueryClient()
  const [code, setCode] = useState<string[]>([])
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function verify(digits: string[]) {
    const r = v.safeParse(otpRule, digits.join(''), { abortPipeEarly: true })
    if (!r.success) return setError(r.issues[0].message)
    setBusy(true)
    try {
      const res = await post('/v1/auth/verify-email-using-otp', { email, code: r.output })
      if (res?.data?.user) qc.setQueryData(ME_KEY, res.data.user), publishUser(res.data.user)
      notify({ type: 'success', title: 'Email verified', description: `${email} is now your email address.` })
    } catch (err) {
      if (err instanceof ApiError && (err.status === 422 || err.status === 429)) {
        setError(err.errors?.code?.[0] ?? err.errors?.email?.[0] ?? err.message)
        setCode([])
      }
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className={css({ mt: '4', display: 'flex', flexDir: 'column', gap: '3', p: '4', borderRadius: 'l2', bg: 'bg.subtle' })}>
      <Field.Root invalid={!!error}>
        <PinInput
          label={`Code sent to ${email}`}
          value={code}
          size="sm"
          invalid={!!error}
          disabled={busy}
          onValueChange={(d: { value: string[] }) => (setCode(d.value), setError(null))}
          onValueComplete={(d: { value: string[] }) => void verify(d.value)}
          onValueInvalid={() => setError(MESSAGES.otpDigit)}
        />
        <Field.ErrorText>{error}</Field.ErrorText>
      </Field.Root>
      <div className={css({ display: 'flex', gap: '2' })}>
        <Button variant="outline" size="xs" loading={busy} onClick={() => void verify(code)}>
          Verify
        </Button>
        <Button
          variant="ghost"
          size="xs"
          onClick={() =>
            void post('/v1/auth/verify-email-using-otp', { email })
              .then(() => notify({ type: 'info', title: 'Code sent', description: `A new code is on its way to ${email}.` }))
              .catch(() => {})
          }
        >
          Send a new code
        </Button>
      </div>
    </div>
  )
}
