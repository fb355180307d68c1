/**
 * The second step of sign-in and register: the 6-digit code (PIN input), resend, another
 * email. Loaded when the first step has sent the email (a separate chunk: the PIN input and
 * the design system's field and button are not part of the page's first load).
 */
import { useRef, useState } from 'react'
import { css } from 'styled-system/css'
import * as v from 'valibot'
import { Button } from '../../design-system/components/button/button'
import { Field } from '../../design-system/components/field/field'
import { PinInput } from '../../design-system/components/pin-input/pin-input'
import { MESSAGES, otpRule } from '../../src/shared/rules'
import { ApiError, post } from '../lib/api'
import { focusFirstInvalid } from '../lib/form'

const stack = css({ display: 'flex', flexDir: 'column', gap: '5' })

export interface CodeStepProps {
  mode: 'login' | 'register'
  email: string
  endpoint: string
  redirect: string | null
  onLanded(data: { redirect?: string }): void
  onAnotherEmail(): void
  onNotice(message: string): void
}

export default function CodeStep({ mode, email, endpoint, redirect, onLanded, onAnotherEmail, onNotice }: CodeStepProps) {
  const root = useRef<HTMLFormElement>(null)
  const [code, setCode] = useState<string[]>([])
  const [codeError, setCodeError] = useState<string | null>(null)
  const [verifying, setVerifying] = useState(false)

  async function verify(digits: string[]) {
    const r = v.safeParse(otpRule, digits.join(''), { abortPipeEarly: true })
    if (!r.success) {
      setCodeError(r.issues[0].message)
      focusFirstInvalid(root.current)
      return
    }
    setVerifying(true)
    setCodeError(null)
    try {
      const res = await post(endpoint, { email, code: r.output, ...(redirect ? { redirect } : {}) })
      onLanded(res.data)
    } catch (err) {
      setVerifying(false)
      if (err instanceof ApiError && (err.status === 422 || err.status === 429)) {
        setCodeError(err.errors?.code?.[0] ?? err.errors?.email?.[0] ?? err.message)
        setCode([])
        focusFirstInvalid(root.current)
      }
    }
  }

  return (
    <form
      ref={root}
      noValidate
      className={stack}
      onSubmit={(e) => {
        e.preventDefault()
        void verify(code)
      }}
    >
      <Field.Root invalid={!!codeError}>
        <PinInput
          label="Code"
          value={code}
          invalid={!!codeError}
          disabled={verifying}
          autoFocus
          onValueChange={(d: { value: string[] }) => {
            setCode(d.value)
            if (codeError) setCodeError(null)
          }}
          onValueComplete={(d: { value: string[] }) => void verify(d.value)}
          onValueInvalid={() => setCodeError(MESSAGES.otpDigit)}
        />
        <Field.ErrorText>{codeError}</Field.ErrorText>
      </Field.Root>
      <Button type="submit" size="lg" loading={verifying} loadingText="Checking...">
        {mode === 'login' ? 'Log in' : 'Create account'}
      </Button>
      <div className={css({ display: 'flex', justifyContent: 'space-between', fontSize: 'sm' })}>
        <Button variant="link" onClick={onAnotherEmail}>
          Use another email
        </Button>
        <Button
          variant="link"
          onClick={() => {
            setCode([])
            setCodeError(null)
            void post(endpoint, { email })
              .then((res) => onNotice(res?.message ?? 'A new code is on its way.'))
              .catch(() => {})
          }}
        >
          Send a new code
        </Button>
      </div>
    </form>
  )
}
