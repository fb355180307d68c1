/**
 * Sign in and register: email -> 6-digit code -> signed in (then the server's `redirect`).
 * Also handles the emailed token link and shows the external provider button when one is
 * configured. Validation with the API's own schemas; a 422 lands under its field.
 */
import { useForm } from '@tanstack/react-form'
import { useEffect, useRef, useState } from 'react'
import * as v from 'valibot'
import { css } from 'styled-system/css'
import { Button } from '../../design-system/components/button/button'
import { Field } from '../../design-system/components/field/field'
import { PinInput } from '../../design-system/components/pin-input/pin-input'
import { emailRule, otpRule, MESSAGES } from '../../src/shared/rules'
import { ApiError, post } from '../lib/api'
import { change, firstError, focusFirstInvalid, validateThen, validateWith } from '../lib/form'
import type { AuthFormProps } from './props'

type Step = 'email' | 'code'

const stack = css({ display: 'flex', flexDir: 'column', gap: '5' })
const muted = css({ color: 'fg.muted', fontSize: 'sm' })
const linkCss = css({ color: 'fg.default', fontWeight: 'medium', textDecoration: 'underline', textUnderlineOffset: '2px' })

export default function AuthForm({ mode, redirect, token, providers }: AuthFormProps) {
  const root = useRef<HTMLDivElement>(null)
  const [step, setStep] = useState<Step>('email')
  const [email, setEmail] = useState('')
  const [notice, setNotice] = useState<string | null>(null)
  const [linkState, setLinkState] = useState<'idle' | 'checking' | 'failed'>(token ? 'checking' : 'idle')
  const [codeError, setCodeError] = useState<string | null>(null)
  const [emailServerError, setEmailServerError] = useState<string | null>(null)
  const [code, setCode] = useState<string[]>([])
  const [verifying, setVerifying] = useState(false)
  const endpoint = mode === 'login' ? '/v1/auth/login-using-otp' : '/v1/auth/register-using-otp'

  const land = (data: { redirect?: string }) => location.assign(data?.redirect || '/')

  useEffect(() => {
    if (!token) return
    post('/v1/auth/verify-token', { token, ...(redirect ? { redirect } : {}) }, { silent: true })
      .then((res) => land(res.data))
      .catch((err) => {
        setLinkState('failed')
        setNotice(err instanceof ApiError && err.message ? err.message : 'This sign-in link is invalid, used or expired. Please ask for a new one.')
      })
  }, [token])

  const emailForm = useForm({ defaultValues: { email: '' } })
  const [sending, setSending] = useState(false)
  const sendEmail = async (value: { email: string }) => {
      const parsed = v.parse(emailRule, value.email)
      try {
        const res = await post(endpoint, { email: parsed })
        setEmail(parsed)
        setNotice(res?.message ?? null)
        setStep('code')
        setCode([])
        setCodeError(null)
      } catch (err) {
        if (err instanceof ApiError && err.status === 422) {
          setEmailServerError(err.errors?.email?.[0] ?? err.message)
          focusFirstInvalid(root.current)
        } else if (err instanceof ApiError && err.status === 429) {
          setEmailServerError(err.message)
        }
      }
  }

  async function verify(digits: string[]) {
    const value = digits.join('')
    const r = v.safeParse(otpRule, value, { abortPipeEarly: true })
    if (!r.success) {
      setCodeError(r.issues[0].message)
      focusFirstInvalid(root.current)
      return
    }
    setVerifying(true)
    setCodeError(null)
    try {
      const res = await post(endpoint, { email, code: r.output, ...(redirect ? { redirect } : {}) })
      land(res.data)
    } catch (err) {
      setVerifying(false)
      if (err instanceof ApiError && (err.status === 422 || err.status === 429)) {
        setCodeError(err.errors?.code?.[0] ?? err.errors?.email?.[0] ?? err.message)
        setCode([])
        focusFirstInvalid(root.current)
      }
    }
  }

  const title = mode === 'login' ? 'Log in' : 'Create your account'

  if (linkState === 'checking') {
    return (
      <div className={stack} aria-live="polite">
        <h1 className={css({ fontSize: '2xl', fontWeight: 'bold' })}>Signing you in…</h1>
        <p className={muted}>Checking your sign-in link.</p>
      </div>
    )
  }

  return (
    <div ref={root} className={stack}>
      <div className={css({ display: 'flex', flexDir: 'column', gap: '1' })}>
        <h1 className={css({ fontSize: '2xl', fontWeight: 'bold' })}>{title}</h1>
        <p className={muted}>
          {step === 'email'
            ? mode === 'login'
              ? 'Enter your email and we will send you a 6-digit code.'
              : 'Enter your email to get started. We will send you a 6-digit code.'
            : `Enter the 6-digit code we sent to ${email}.`}
        </p>
      </div>
      {notice && (
        <p role="status" className={css({ fontSize: 'sm', bg: linkState === 'failed' ? 'bg.muted' : 'colorPalette.subtle', color: 'fg.default', p: '3', borderRadius: 'l2' })}>
          {notice}
        </p>
      )}
      {step === 'email' ? (
        <form
          noValidate
          className={stack}
          onSubmit={(e) => {
            e.preventDefault()
            e.stopPropagation()
            if (sending) return
            setSending(true)
            void validateThen(emailForm, root.current, sendEmail).finally(() => setSending(false))
          }}
        >
          <emailForm.Field name="email" validators={validateWith(emailRule)}>
            {(field) => {
              const error = firstError(field.state.meta.errors) ?? emailServerError ?? undefined
              return (
                <Field.Root invalid={!!error}>
                  <Field.Label>Email</Field.Label>
                  <Field.Input
                    type="email"
                    name="email"
                    autoComplete="email"
                    inputMode="email"
                    placeholder="you@example.com"
                    value={field.state.value}
                    onBlur={field.handleBlur}
                    onChange={(e) => {
                      setEmailServerError(null)
                      change(field, e.target.value)
                    }}
                  />
                  <Field.ErrorText>{error}</Field.ErrorText>
                </Field.Root>
              )
            }}
          </emailForm.Field>
          <Button type="submit" size="lg" loading={sending} loadingText="Sending code...">
            Continue with email
          </Button>
        </form>
      ) : (
        <form
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
            <button type="button" className={linkCss} onClick={() => (setStep('email'), setNotice(null))}>
              Use another email
            </button>
            <button
              type="button"
              className={linkCss}
              onClick={() => {
                setCode([])
                setCodeError(null)
                void post(endpoint, { email }).then((res) => setNotice(res?.message ?? 'A new code is on its way.')).catch(() => {})
              }}
            >
              Send a new code
            </button>
          </div>
        </form>
      )}
      {providers.length > 0 && step === 'email' && (
        <>
          <div className={css({ display: 'flex', alignItems: 'center', gap: '3', color: 'fg.muted', fontSize: 'xs', textTransform: 'uppercase' })}>
            <span className={css({ flex: '1', h: '1px', bg: 'border.default' })} />
            or
            <span className={css({ flex: '1', h: '1px', bg: 'border.default' })} />
          </div>
          {providers.map((p) => (
            <a
              key={p.id}
              href={redirect ? `${p.redirectUrl}?redirect=${encodeURIComponent(redirect)}` : p.redirectUrl}
              className={css({ display: 'inline-flex', justifyContent: 'center', alignItems: 'center', h: '11', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'l2', fontWeight: 'semibold', fontSize: 'sm', color: 'fg.default', textDecoration: 'none', _hover: { bg: 'bg.subtle' } })}
            >
              Continue with {p.name}
            </a>
          ))}
        </>
      )}
      <p className={muted}>
        {mode === 'login' ? (
          <>
            New here? <a className={linkCss} href={redirect ? `/register?redirect=${encodeURIComponent(redirect)}` : '/register'}>Create an account</a>
          </>
        ) : (
          <>
            Already have an account? <a className={linkCss} href={redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login'}>Log in</a>
          </>
        )}
      </p>
      {mode === 'register' && (
        <p className={css({ color: 'fg.muted', fontSize: 'xs' })}>
          By continuing you agree to the <a className={linkCss} href="/b/terms-and-conditions">Terms & Conditions</a> and the <a className={linkCss} href="/b/privacy-policy">Privacy Policy</a>.
        </p>
      )}
    </div>
  )
}
