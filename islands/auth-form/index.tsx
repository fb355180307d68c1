/**
 * Sign in and register: email -> 6-digit code -> signed in (then the server's `redirect`).
 * Also handles the emailed token link and shows the external provider button when one is
 * configured. Validation with the API's own schemas; a 422 lands under its field.
 *
 * The first load is kept small: the email step is plain elements with the design system's
 * recipe classes (one recipe module each, no component library), and the code step (PIN
 * input, Ark components) is its own chunk, fetched as the email is sent.
 */
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import * as v from 'valibot'
import { Button } from '../../design-system/components/button/button'
import { FormField } from '../../design-system/components/field/form-field'
import { Input } from '../../design-system/components/input/input'
import { emailRule } from '../../src/shared/rules'
import { ApiError, post } from '../lib/api'
import type { AuthFormProps } from './props'

type Step = 'email' | 'code'

const loadCodeStep = () => import('./code-step')
const loadPasskey = () => import('./passkey')
const CodeStep = lazy(loadCodeStep)

const stack = css({ display: 'flex', flexDir: 'column', gap: '5' })
const muted = css({ color: 'fg.muted', fontSize: 'sm' })
const linkCss = css({ color: 'fg.default', fontWeight: 'medium', textDecoration: 'underline', textUnderlineOffset: '2px' })

/** The first failing rule's message, or null. */
const emailProblem = (value: string) => {
  const r = v.safeParse(emailRule, value, { abortPipeEarly: true })
  return r.success ? null : (r.issues[0]?.message ?? null)
}

export default function AuthForm({ mode, redirect, token, providers }: AuthFormProps) {
  const [step, setStep] = useState<Step>('email')
  const [email, setEmail] = useState('')
  const [notice, setNotice] = useState<string | null>(null)
  const [linkState, setLinkState] = useState<'idle' | 'checking' | 'failed'>(token ? 'checking' : 'idle')
  const [emailServerError, setEmailServerError] = useState<string | null>(null)
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

  // Passkeys (sign-in only): the browser's autofill in the email field, and the button.
  const [passkeys, setPasskeys] = useState(false)
  const [passkeyBusy, setPasskeyBusy] = useState(false)
  useEffect(() => {
    if (mode !== 'login' || token) return
    let live = true
    void loadPasskey().then((m) => {
      if (!live || !m.passkeysSupported()) return
      setPasskeys(true)
      m.passkeySignIn(redirect, true)
        .then((to) => location.assign(to))
        // A failed background request (the options, before anyone picked a passkey) says nothing; a passkey picked and refused does.
        .catch((err: Error) => live && !(err instanceof ApiError) && setNotice(err.message))
    })
    return () => {
      live = false
    }
  }, [mode, token])
  const withPasskey = async () => {
    setPasskeyBusy(true)
    setNotice(null)
    try {
      location.assign(await (await loadPasskey()).passkeySignIn(redirect))
    } catch (err) {
      setNotice((err as Error).message)
      setPasskeyBusy(false)
    }
  }

  const id = useId()
  const [value, setValue] = useState('')
  const [emailError, setEmailError] = useState<string | null>(null)
  const [blurred, setBlurred] = useState(false)
  const [sending, setSending] = useState(false)
  const emailInput = useRef<HTMLInputElement>(null)
  const sendEmail = async () => {
    const problem = emailProblem(value)
    setBlurred(true)
    setEmailError(problem)
    if (problem) return emailInput.current?.focus()
    void loadCodeStep() // the next step's chunk, while the mail goes out
    const parsed = v.parse(emailRule, value)
    try {
      const res = await post(endpoint, { email: parsed })
      setEmail(parsed)
      setNotice(res?.message ?? null)
      setStep('code')
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) {
        setEmailServerError(err.errors?.email?.[0] ?? err.message)
        emailInput.current?.focus()
      } else if (err instanceof ApiError && err.status === 429) {
        setEmailServerError(err.message)
      }
    }
  }

  const title = mode === 'login' ? 'Log in' : 'Create your account'
  const error = emailError ?? emailServerError

  if (linkState === 'checking') {
    return (
      <div className={stack} aria-live="polite">
        <h1 className={css({ fontSize: '2xl', fontWeight: 'bold' })}>Signing you in…</h1>
        <p className={muted}>Checking your sign-in link.</p>
      </div>
    )
  }

  return (
    <div className={stack}>
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
        <p
          role="status"
          className={css({ fontSize: 'sm', bg: linkState === 'failed' ? 'bg.muted' : 'colorPalette.subtle', color: 'fg.default', p: '3', borderRadius: 'l2' })}
        >
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
            void sendEmail().finally(() => setSending(false))
          }}
        >
          <FormField label="Email" id={`${id}-email`} error={error}>
            <Input
              ref={emailInput}
              size="md"
              type="email"
              name="email"
              autoComplete={mode === 'login' ? 'username webauthn' : 'email'}
              inputMode="email"
              placeholder="you@example.com"
              value={value}
              data-invalid={error ? '' : undefined}
              onBlur={() => {
                setBlurred(true)
                setEmailError(emailProblem(value))
              }}
              onChange={(e) => {
                setEmailServerError(null)
                setValue(e.target.value)
                // After the first blur the rule follows every change (section 5: on blur and on change).
                if (blurred) setEmailError(emailProblem(e.target.value))
              }}
            />
          </FormField>
          <Button type="submit" size="lg" loading={sending} loadingText="Sending code...">
            Continue with email
          </Button>
          {passkeys ? (
            <Button variant="outline" size="lg" onClick={withPasskey} loading={passkeyBusy} data-testid="passkey-sign-in">
              Sign in with a passkey
            </Button>
          ) : null}
        </form>
      ) : (
        <Suspense
          fallback={
            <p className={muted} aria-busy="true">
              Loading…
            </p>
          }
        >
          <CodeStep
            mode={mode}
            email={email}
            endpoint={endpoint}
            redirect={redirect}
            onLanded={land}
            onAnotherEmail={() => (setStep('email'), setNotice(null))}
            onNotice={setNotice}
          />
        </Suspense>
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
              className={css({
                display: 'inline-flex',
                justifyContent: 'center',
                alignItems: 'center',
                h: '11',
                borderWidth: '1px',
                borderColor: 'border.default',
                borderRadius: 'l2',
                fontWeight: 'semibold',
                fontSize: 'sm',
                color: 'fg.default',
                textDecoration: 'none',
                _hover: { bg: 'bg.subtle' },
              })}
            >
              Continue with {p.name}
            </a>
          ))}
        </>
      )}
      <p className={muted}>
        {mode === 'login' ? (
          <>
            New here?{' '}
            <a className={linkCss} href={redirect ? `/register?redirect=${encodeURIComponent(redirect)}` : '/register'}>
              Create an account
            </a>
          </>
        ) : (
          <>
            Already have an account?{' '}
            <a className={linkCss} href={redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login'}>
              Log in
            </a>
          </>
        )}
      </p>
      {mode === 'register' && (
        <p className={css({ color: 'fg.muted', fontSize: 'xs' })}>
          By continuing you agree to the{' '}
          <a className={linkCss} href="/b/terms-and-conditions">
            Terms & Conditions
          </a>{' '}
          and the{' '}
          <a className={linkCss} href="/b/privacy-policy">
            Privacy Policy
          </a>
          .
        </p>
      )}
    </div>
  )
}
