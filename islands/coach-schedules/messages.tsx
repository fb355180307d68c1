/**
 * Write to everyone on a date (subject and text, the API's schema and messages) and see what
 * was sent to it: when, by whom, to how many, how many mails went out. At most 10 in 24 hours:
 * the count shows before it is reached, and the server's 429 says it too.
 */
import { useEffect, useState } from 'react'
import { css } from 'styled-system/css'
import { Button } from '../../design-system/components/button/button'
import { Input, Textarea } from '../../design-system/components/input/input'
import { MESSAGE_LIMITS, MESSAGE_MESSAGES, ScheduleMessageCreateSchema, type ScheduleMessageRow } from '../../src/modules/messages/message.schema'
import { Field, useSchemaForm } from '../coach-common/form'
import { errorCss, hintCss } from '../coach-common/styles'
import { ApiError, get, post } from '../lib/api'
import { fmtDateTime } from '../lib/format'
import { PlainText } from '../lib/plain-text'
import { notify } from '../lib/toast'
import type { CoachScheduleItem } from './props'

interface Page {
  data: ScheduleMessageRow[]
  meta: { page: number; lastPage: number; total: number }
}

const DAY = 86_400_000
const people = (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`

export function ScheduleMessages({ schedule, onCancel }: { schedule: CoachScheduleItem; onCancel: () => void }) {
  const form = useSchemaForm(ScheduleMessageCreateSchema, { subject: '', body: '' })
  const [sent, setSent] = useState<ScheduleMessageRow[] | null>(null)
  const [page, setPage] = useState(1)
  const [lastPage, setLastPage] = useState(1)
  const [loadError, setLoadError] = useState(false)
  const [refused, setRefused] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const path = `/v1/workshop-schedules/${schedule.id}/messages`

  const load = async (p: number) => {
    try {
      const r = await get<Page>(path, { query: { page: p, perPage: MESSAGE_LIMITS.perScheduleDay }, silent: true })
      setSent((old) => (p === 1 ? r.data : [...(old ?? []), ...r.data.filter((m) => !old?.some((o) => o.id === m.id))]))
      setPage(p)
      setLastPage(r.meta.lastPage)
      setLoadError(false)
    } catch {
      setLoadError(true)
    }
  }
  useEffect(() => {
    void load(1)
  }, [])

  // The newest page holds at least the last 24 hours' messages (the limit is its size).
  const lastDay = (sent ?? []).filter((m) => Date.parse(m.createdAt) > Date.now() - DAY).length
  const full = lastDay >= MESSAGE_LIMITS.perScheduleDay

  const submit = async () => {
    setRefused(null)
    if (!form.validate()) return
    setBusy(true)
    try {
      const r = await post<{ data: ScheduleMessageRow }>(path, form.body(), { silent: true })
      setSent((old) => [r.data, ...(old ?? [])])
      form.reset({ subject: '', body: '' })
      notify({ type: 'success', title: 'Message sent', description: `To ${people(r.data.recipients)}, by mail and on their booking page.` })
    } catch (err) {
      if (!form.takeServer(err)) setRefused(err instanceof ApiError && err.message ? err.message : 'The message could not be sent. Try again.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '5' })} data-testid="schedule-messages">
      <form
        ref={form.root}
        noValidate
        aria-label="Message everyone on this date"
        className={css({ display: 'flex', flexDir: 'column', gap: '4' })}
        onSubmit={(e) => {
          e.preventDefault()
          if (!busy) void submit()
        }}
      >
        <p className={css({ fontSize: 'sm' })}>
          {schedule.when}: it goes by mail to everyone holding a confirmed seat (invitees who accepted included) and shows on their booking page and in their
          notifications, even for people who turned reminders off.
        </p>
        <Field label="Subject" error={form.error('subject')} required>
          {(a) => (
            <Input
              {...a}
              name="subject"
              value={form.values.subject}
              placeholder="Room change"
              onChange={(e) => form.set('subject', e.target.value)}
              onBlur={() => form.blur('subject')}
            />
          )}
        </Field>
        <Field
          label="Message"
          error={form.error('body')}
          hint={`Plain text, up to ${MESSAGE_LIMITS.body.toLocaleString('en')} characters; links work.`}
          required
        >
          {(a) => (
            <Textarea
              {...a}
              name="body"
              rows={5}
              value={form.values.body}
              onChange={(e) => form.set('body', e.target.value)}
              onBlur={() => form.blur('body')}
            />
          )}
        </Field>
        <p className={full ? errorCss : hintCss} data-testid="messages-left" role={full ? 'alert' : undefined}>
          {full ? MESSAGE_MESSAGES.scheduleDay : `${lastDay} of ${MESSAGE_LIMITS.perScheduleDay} messages sent to this date in the last 24 hours.`}
        </p>
        {refused && (
          <p role="alert" className={errorCss}>
            {refused}
          </p>
        )}
        <div className={css({ display: 'flex', gap: '2', justifyContent: 'flex-end', flexWrap: 'wrap' })}>
          <Button variant="outline" onClick={onCancel}>
            Close
          </Button>
          <Button type="submit" disabled={busy || full} loading={busy} loadingText="Sending…">
            Send to everyone
          </Button>
        </div>
      </form>
      <section aria-labelledby={`sent-${schedule.id}`} className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
        <h3 id={`sent-${schedule.id}`} className={css({ fontWeight: 'semibold' })}>
          Sent to this date
        </h3>
        {loadError ? (
          <p role="alert" className={errorCss}>
            What was sent could not be loaded.{' '}
            <Button variant="link" onClick={() => void load(1)}>
              Try again
            </Button>
          </p>
        ) : sent === null ? (
          <p className={hintCss}>Loading…</p>
        ) : sent.length === 0 ? (
          <p className={hintCss}>Nothing sent to this date yet.</p>
        ) : (
          <ol aria-label="Sent messages" className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
            {sent.map((m) => (
              <li
                key={m.id}
                data-testid="sent-message"
                className={css({ borderLeftWidth: '3px', borderColor: 'border.subtle', pl: '3', display: 'flex', flexDir: 'column', gap: '1' })}
              >
                <p className={css({ fontWeight: 'medium', overflowWrap: 'anywhere' })}>{m.subject}</p>
                <p className={hintCss}>
                  <time dateTime={m.createdAt}>{fmtDateTime(m.createdAt, schedule.timezone)}</time> · {m.author.name} · to {people(m.recipients)}
                  {m.recipients > 0 ? ` · ${m.sent === m.recipients ? 'all mailed' : `${m.sent} of ${m.recipients} mailed`}` : ''}
                </p>
                <PlainText text={m.body} />
              </li>
            ))}
          </ol>
        )}
        {sent && page < lastPage && (
          <Button variant="ghost" size="sm" className={css({ alignSelf: 'flex-start' })} onClick={() => void load(page + 1)}>
            Show older messages
          </Button>
        )}
      </section>
    </div>
  )
}
