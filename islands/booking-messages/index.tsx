/**
 * The messages of a booking page: what the coach sent to everyone on the date (client side),
 * and the booking's conversation, newest last, with a box to write (text, 5,000 characters,
 * the API's schema). Opening it reads the newest page (which marks it read); older pages load
 * on demand.
 */
import { useEffect, useId, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import * as v from 'valibot'
import { Button } from '../../design-system/components/button/button'
import { FormField } from '../../design-system/components/field/form-field'
import { Textarea } from '../../design-system/components/input/input'
import { BookingMessageCreateSchema, MESSAGE_LIMITS } from '../../src/modules/messages/message.schema'
import { ApiError, get, post } from '../lib/api'
import { fmtDateTime } from '../lib/format'
import { PlainText } from '../lib/plain-text'
import type { BookingMessagesProps, ConversationMessage } from './props'

const card = css({
  bg: 'bg.default',
  borderWidth: '1px',
  borderColor: 'border.subtle',
  borderRadius: 'l3',
  p: { base: '4', md: '5' },
  display: 'flex',
  flexDir: 'column',
  gap: '3',
})
const muted = css({ color: 'fg.muted', fontSize: 'xs' })
const ROLE: Record<string, string> = { coach: 'Coach', manager: 'Team manager', client: 'Client' }

interface Page {
  data: ConversationMessage[]
  meta: { total: number; hasOlder: boolean; canWrite: boolean }
}

export default function BookingMessages(props: BookingMessagesProps) {
  const id = useId()
  const [messages, setMessages] = useState(props.messages)
  const [hasOlder, setHasOlder] = useState(props.hasOlder)
  const [canWrite, setCanWrite] = useState(props.canWrite)
  const [text, setText] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)
  const list = useRef<HTMLOListElement>(null)
  const path = `/v1/bookings/${props.bookingId}/messages`

  const refresh = async () => {
    const r = await get<Page>(path, { silent: true })
    setMessages(r.data)
    setHasOlder(r.meta.hasOlder)
    setCanWrite(r.meta.canWrite)
  }
  // Opening the page reads the conversation (its bell item goes); coming back to the tab shows what is new.
  useEffect(() => {
    void refresh().catch(() => {})
    const onFocus = () => void refresh().catch(() => {})
    window.addEventListener('focus', onFocus)
    return () => window.removeEventListener('focus', onFocus)
  }, [])

  const older = async () => {
    const r = await get<Page>(path, { query: { before: messages[0]?.id ?? '' } })
    setMessages((m) => [...r.data, ...m])
    setHasOlder(r.meta.hasOlder)
  }

  const rule = (value: string) => {
    const r = v.safeParse(BookingMessageCreateSchema, { body: value }, { abortPipeEarly: true })
    return r.success ? undefined : r.issues[0]?.message
  }

  const send = async () => {
    const bad = rule(text)
    setError(bad)
    if (bad) return
    setBusy(true)
    try {
      const r = await post<{ data: ConversationMessage }>(path, { body: text }, { silent: true })
      setMessages((m) => [...m.filter((x) => x.id !== r.data.id), r.data])
      setText('')
      requestAnimationFrame(() => list.current?.lastElementChild?.scrollIntoView({ block: 'nearest' }))
    } catch (err) {
      setError(err instanceof ApiError ? (err.errors?.body?.[0] ?? err.message) : 'The message could not be sent. Try again.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <div id="messages" className={css({ display: 'flex', flexDir: 'column', gap: '4', scrollMarginTop: '4' })}>
      {props.announcements.length > 0 && (
        <section className={card} aria-labelledby={`${id}-ann`} data-testid="announcements">
          <h2 id={`${id}-ann`} className={css({ fontWeight: 'semibold' })}>
            From your coach to everyone on this date
          </h2>
          <ul className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
            {props.announcements.map((a) => (
              <li key={a.id} className={css({ borderLeftWidth: '3px', borderColor: 'colorPalette.default', pl: '3' })}>
                <p className={css({ fontWeight: 'medium' })}>{a.subject}</p>
                <p className={muted}>
                  {a.author} · {fmtDateTime(a.createdAt, props.tz)}
                </p>
                <PlainText text={a.body} />
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className={card} aria-labelledby={`${id}-conv`} data-testid="conversation">
        <h2 id={`${id}-conv`} className={css({ fontWeight: 'semibold' })}>
          {props.side === 'coach' ? 'Conversation with the client' : 'Conversation with your coach'}
        </h2>
        {hasOlder && (
          <Button variant="ghost" size="xs" onClick={() => void older()} className={css({ alignSelf: 'flex-start' })}>
            Show older messages
          </Button>
        )}
        {messages.length === 0 ? (
          <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
            {props.side === 'coach' ? 'No messages yet. Write to the people of this booking.' : 'No messages yet. Ask your coach anything about this booking.'}
          </p>
        ) : (
          <ol ref={list} aria-label="Messages" className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
            {messages.map((m) => (
              <li
                key={m.id}
                data-testid="message"
                className={css({
                  alignSelf: m.mine ? 'flex-end' : 'flex-start',
                  maxW: { base: '100%', md: '80%' },
                  bg: m.mine ? 'colorPalette.a3' : 'bg.subtle',
                  borderRadius: 'l2',
                  px: '3',
                  py: '2',
                })}
              >
                <p className={muted}>
                  <span className={css({ fontWeight: 'medium', color: 'fg.default' })}>{m.mine ? 'You' : m.author.name}</span>
                  {m.mine ? '' : ` · ${ROLE[m.author.role]}`} · <time dateTime={m.createdAt}>{fmtDateTime(m.createdAt, props.tz)}</time>
                </p>
                <PlainText text={m.body} />
              </li>
            ))}
          </ol>
        )}
        {canWrite ? (
          <form
            noValidate
            aria-label="Write a message"
            className={css({ display: 'flex', flexDir: 'column', gap: '2' })}
            onSubmit={(e) => {
              e.preventDefault()
              if (!busy) void send()
            }}
          >
            <FormField label="Message" error={error} hint={`Plain text, up to ${MESSAGE_LIMITS.body.toLocaleString('en')} characters.`} hideHintOnError>
              {(control) => (
                <Textarea
                  {...control}
                  name="body"
                  rows={3}
                  value={text}
                  onChange={(e) => {
                    setText(e.target.value)
                    if (error) setError(rule(e.target.value))
                  }}
                  onBlur={() => text && setError(rule(text))}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) {
                      e.preventDefault()
                      if (!busy) void send()
                    }
                  }}
                />
              )}
            </FormField>
            <Button type="submit" size="sm" disabled={busy} aria-busy={busy || undefined} className={css({ alignSelf: 'flex-end' })}>
              {busy ? 'Sending…' : 'Send'}
            </Button>
          </form>
        ) : (
          <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>This booking is cancelled: its conversation is closed.</p>
        )}
      </section>
    </div>
  )
}
