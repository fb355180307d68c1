/**
 * Accept or decline a seat invitation; signed-out visitors sign in or register first and come
 * back. The workshop's per-seat questions are asked before the accept (each by the API's rule;
 * the server's 422 `answers.<id>` lands under its field).
 */
import { useId, useState } from 'react'
import { css } from 'styled-system/css'
import { Button } from '../../design-system/components/button/button'
import { LinkButton } from '../../design-system/components/link-button/link-button'
import { ApiError, post } from '../lib/api'
import { type Answers, answerError, answersBody, answersErrors, QuestionFields } from '../lib/question-fields'
import type { ClientInvitationProps } from './props'

export default function ClientInvitation({ mode, token, seatId, bookingId, signedIn, workshopTitle, questions = [] }: ClientInvitationProps) {
  const id = useId()
  const [state, setState] = useState<'open' | 'accepted' | 'declined'>('open')
  const [busy, setBusy] = useState<'' | 'accept' | 'decline'>('')
  const [error, setError] = useState('')
  const [answers, setAnswers] = useState<Answers>({})
  const [errors, setErrors] = useState<Record<string, string | undefined>>({})
  const asks = signedIn && questions.length > 0
  const Heading = mode === 'seat' ? 'h3' : 'h2'

  async function answer(kind: 'accept' | 'decline') {
    setError('')
    const withAnswers = kind === 'accept' && asks
    if (withAnswers) {
      const bag = answersErrors(questions, answers)
      if (bag) {
        setErrors(Object.fromEntries(questions.map((q) => [q.id, bag[`answers.${q.id}`]?.[0]])))
        const first = questions.find((q) => bag[`answers.${q.id}`])
        document.querySelector<HTMLElement>(`[name="answers.${first?.id}"]`)?.focus()
        return
      }
    }
    setBusy(kind)
    const extra = withAnswers ? { answers: answersBody(answers) } : {}
    try {
      if (mode === 'token') await post(`/v1/invitations/${kind}`, { invitation_token: token, ...extra }, { silent: true })
      else await post(`/v1/invitations/seats/${seatId}/${kind}`, withAnswers ? extra : undefined, { silent: true })
      setState(kind === 'accept' ? 'accepted' : 'declined')
    } catch (err) {
      const fields = err instanceof ApiError ? Object.entries(err.errors ?? {}).filter(([k]) => k.startsWith('answers.')) : []
      if (fields.length) setErrors(Object.fromEntries(fields.map(([k, m]) => [k.slice('answers.'.length), m[0]])))
      // Section 8: the server's message (expired, already used, another account...).
      else setError(err instanceof ApiError && err.message ? err.message : 'Something went wrong!')
    } finally {
      setBusy('')
    }
  }

  if (state === 'accepted')
    return (
      <div role="status" className={css({ display: 'flex', flexDir: 'column', gap: '2', alignItems: 'flex-start' })}>
        <p className={css({ fontWeight: 'semibold' })}>You have a seat at {workshopTitle}.</p>
        <LinkButton href={`/b/bookings/${bookingId}`}>View booking</LinkButton>
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
      {asks && (
        <section aria-labelledby={`${id}-questions`} className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
          {/* On the dashboard the invitation sits in a card under its own heading. */}
          <Heading id={`${id}-questions`} className={css({ fontWeight: 'semibold' })}>
            A few questions from the coach
          </Heading>
          <QuestionFields
            idPrefix={`${id}-q`}
            questions={questions}
            answers={answers}
            errorOf={(qid) => errors[qid]}
            onChange={(qid, value) => {
              setAnswers((a) => ({ ...a, [qid]: value }))
              const q = questions.find((x) => x.id === qid)
              if (q && qid in errors) setErrors((e) => ({ ...e, [qid]: answerError(q, value) }))
            }}
            onBlur={(qid) => {
              const q = questions.find((x) => x.id === qid)
              // The latest value (a choice calls onChange then onBlur in one go).
              if (q)
                setAnswers((a) => {
                  setErrors((e) => ({ ...e, [qid]: answerError(q, a[qid]) }))
                  return a
                })
            }}
          />
        </section>
      )}
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
        {signedIn ? (
          <Button onClick={() => answer('accept')} disabled={!!busy} loading={busy === 'accept'} loadingText="Accepting…">
            Accept seat
          </Button>
        ) : (
          <>
            <LinkButton href={`/login?redirect=${encodeURIComponent(back)}`}>Log in to accept</LinkButton>
            <LinkButton variant="outline" href={`/register?redirect=${encodeURIComponent(back)}`}>
              Create an account
            </LinkButton>
          </>
        )}
        <Button variant="outline" onClick={() => answer('decline')} disabled={!!busy} loading={busy === 'decline'} loadingText="Declining…">
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
