/**
 * Busy calendars: add the ICS address of any calendar (read at once, then every 15 minutes),
 * see when each was last read and why a read failed, remove one. While a new calendar waits
 * for its first read, the list asks again every few seconds.
 */
import { useEffect, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { Button } from '../../design-system/components/button/button'
import { FormField } from '../../design-system/components/field/form-field'
import { Input } from '../../design-system/components/input/input'
import { ApiError, del, get, post } from '../lib/api'
import { fmtDateTime } from '../lib/format'
import { PILL_TONE, pillClass } from '../lib/pill'
import type { CoachSessionsProps } from './props'

type Feed = CoachSessionsProps['calendars'][number]

const LABEL: Record<string, string> = { pending: 'Reading…', ok: 'Read', error: 'Not read' }
const PALETTE: Record<string, string> = { pending: 'amber', ok: 'green', error: 'red' }

export function Calendars({ initial, tz, onChange }: { initial: Feed[]; tz: string; onChange: () => void }) {
  const [feeds, setFeeds] = useState(initial)
  const [url, setUrl] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const waiting = feeds.some((f) => f.status === 'pending')

  useEffect(() => {
    if (!waiting) return
    const timer = setInterval(() => {
      void get<{ data: Feed[] }>('/v1/availability/calendars', { silent: true }).then((r) => {
        setFeeds(r.data)
        if (!r.data.some((f) => f.status === 'pending')) onChange()
      })
    }, 1500)
    return () => clearInterval(timer)
  }, [waiting, onChange])

  async function add() {
    setBusy(true)
    setError(null)
    try {
      const r = await post<{ data: Feed }>('/v1/availability/calendars', { url }, { silent: true })
      setFeeds((f) => [...f, r.data])
      setUrl('')
    } catch (err) {
      setError(err instanceof ApiError ? (err.errors?.url?.[0] ?? err.message) : 'The calendar could not be added. Try again.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <section aria-labelledby="calendars-title" className={css({ display: 'flex', flexDir: 'column', gap: '4' })}>
      <div>
        <h2 id="calendars-title" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
          Busy calendars
        </h2>
        <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
          Paste the secret or public ICS address of a calendar (Google, Outlook and Apple calendars all export one): its events keep clients off those times.
          Only when you are busy is kept, never what the events are.
        </p>
      </div>
      <ul className={css({ display: 'flex', flexDir: 'column', gap: '2' })} data-testid="calendars">
        {feeds.map((f) => (
          <li
            key={f.id}
            className={css({
              display: 'flex',
              gap: '3',
              alignItems: 'center',
              flexWrap: 'wrap',
              borderWidth: '1px',
              borderColor: 'border.subtle',
              borderRadius: 'l2',
              p: '3',
            })}
          >
            <div className={css({ flex: '1 1 14rem', minW: '0', display: 'flex', flexDir: 'column', gap: '1' })}>
              <span className={css({ fontWeight: 'medium', overflowWrap: 'anywhere' })}>{f.url}</span>
              <span className={css({ color: 'fg.muted', fontSize: 'sm' })}>
                {f.status === 'error'
                  ? f.error
                  : f.lastSuccessAt
                    ? `Last read ${fmtDateTime(f.lastSuccessAt as string, tz)} · ${f.busyCount} busy time${f.busyCount === 1 ? '' : 's'}`
                    : 'Waiting for its first read'}
              </span>
            </div>
            <span className={cx(pillClass, PILL_TONE[PALETTE[f.status] ?? 'gray'])} data-testid="calendar-status">
              {LABEL[f.status] ?? f.status}
            </span>
            <Button
              variant="ghost"
              aria-label={`Remove ${f.url}`}
              onClick={() =>
                void del(`/v1/availability/calendars/${f.id}`).then(() => {
                  setFeeds((all) => all.filter((x) => x.id !== f.id))
                  onChange()
                })
              }
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
      <form
        className={css({ display: 'flex', gap: '2', alignItems: 'flex-end', flexWrap: 'wrap' })}
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          if (!busy && url.trim()) void add()
        }}
      >
        <FormField label="Calendar address (ICS)" id="calendar-url" error={error} className={css({ flex: '1', minW: '16rem' })}>
          <Input size="md" type="url" placeholder="https://calendar.example.com/…/basic.ics" value={url} onChange={(e) => setUrl(e.target.value)} />
        </FormField>
        <Button type="submit" size="md" loading={busy} disabled={!url.trim()}>
          Add calendar
        </Button>
      </form>
    </section>
  )
}
