/**
 * Move a one-to-one session to another free time of its type, from the client's booking page or
 * the coach's: the free times of the next 14 days (GET /v1/bookings/{id}/session-times: the
 * type's slots with the booking's own time not counting against it, so an hour's session can move
 * 30 minutes later), grouped by day on the coach's clock with the reader's own beside each time
 * where it differs, then POST /v1/bookings/{id}/session-time. The price stays, so no money moves.
 * A time taken meanwhile (409) is said in the dialog and the times are read again.
 */
import { useEffect, useMemo, useState } from 'react'
import { css } from 'styled-system/css'
import { Button } from '../../design-system/components/button/button'
import { Choice } from '../../design-system/components/choice/choice'
import { Dialog } from '../../design-system/components/dialog/dialog'
import { formatDay, formatTime, isoDay, sessionWhen, viewerStart, zoneLabel } from '../../src/shared/datetime'
import { ApiError, get, post } from './api'

/** The session being moved, as either booking page knows it. */
export interface MovingSession {
  id: string
  title: string
  startDate: string
  endDate: string
  /** The coach's zone (the slots' clock). */
  timeZone: string
}

/** What the dialog says, by who moves the session. */
const WORDS = {
  client: {
    clock: "Times on your coach's clock",
    move: 'Move my session',
    moved: 'Your coach and you get the new time by email.',
    now: 'Your session now takes place on',
  },
  coach: {
    clock: "Times in your hours' zone",
    move: 'Move the session',
    moved: 'You and the client get the new time by email, with the calendar file.',
    now: 'The session now takes place on',
  },
}

/** How far ahead the dialog offers times. */
export const MOVE_DAYS = 14

interface Slot {
  start: string
  end: string
}
interface Slots {
  data: Slot[]
  meta: { timeZone: string }
}

const messageOf = (err: unknown, fallback: string) =>
  err instanceof ApiError ? (Object.values(err.errors ?? {})[0]?.[0] ?? err.message) : err instanceof Error && err.message ? err.message : fallback
const alert = css({ borderWidth: '1px', borderColor: 'red.7', bg: 'red.2', color: 'red.11', borderRadius: 'l2', px: '3', py: '2', fontSize: 'sm' })
const muted = css({ color: 'fg.muted', fontSize: 'sm' })

/** The free times by day on the coach's clock, soonest first (the booking's own time left out). */
export function byDay(slots: Slot[], coachTz: string, current: string): [string, Slot[]][] {
  const days = new Map<string, Slot[]>()
  for (const s of slots) {
    if (Date.parse(s.start) === Date.parse(current)) continue
    const d = isoDay(s.start, coachTz)
    const list = days.get(d)
    if (list) list.push(s)
    else days.set(d, [s])
  }
  return [...days]
}

export default function SessionTimeDialog({
  b,
  side = 'client',
  tz,
  now,
  open,
  onOpenChange,
}: {
  b: MovingSession
  side?: 'client' | 'coach'
  tz: string
  now: string
  open: boolean
  onOpenChange: (o: boolean) => void
}) {
  const words = WORDS[side]
  const [slots, setSlots] = useState<Slot[] | null>(null)
  const [coachTz, setCoachTz] = useState(b.timeZone)
  const [reads, setReads] = useState(0)
  const [choice, setChoice] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState<Slot | null>(null)

  useEffect(() => {
    // `reads` asks again after a time was taken meanwhile.
    void reads
    const from = new Date(Math.max(Date.parse(now), Date.now()))
    const to = new Date(from.getTime() + MOVE_DAYS * 86_400_000)
    const q = new URLSearchParams({ from: from.toISOString(), to: to.toISOString() })
    setSlots(null)
    get<Slots>(`/v1/bookings/${b.id}/session-times?${q}`, { silent: true })
      .then((r) => {
        setSlots(r.data)
        setCoachTz(r.meta.timeZone)
      })
      .catch((err) => setError(messageOf(err, 'The free times could not be loaded.')))
  }, [b.id, now, reads])

  const days = useMemo(() => byDay(slots ?? [], coachTz, b.startDate), [slots, coachTz, b.startDate])
  const picked = slots?.find((s) => s.start === choice) ?? null

  const submit = async () => {
    if (!picked) return
    setBusy(true)
    setError(null)
    try {
      await post(`/v1/bookings/${b.id}/session-time`, { startsAt: picked.start }, { silent: true })
      setDone(picked)
    } catch (err) {
      setError(messageOf(err, 'The session could not be moved. Try again.'))
      if (err instanceof ApiError && err.status === 409) {
        setChoice(null)
        setReads((n) => n + 1)
      }
    } finally {
      setBusy(false)
    }
  }

  const close = (o: boolean) => {
    if (!o && done) location.reload()
    onOpenChange(o)
  }

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={done ? 'Session moved' : 'Move to another time'}
      description={done ? undefined : `${b.title}, now ${sessionWhen(b.startDate, b.endDate, coachTz, tz)}. The price stays the same.`}
      footer={
        done ? (
          <Button onClick={() => location.reload()}>Done</Button>
        ) : (
          <div className={css({ display: 'flex', flexWrap: 'wrap-reverse', gap: '3', justifyContent: 'flex-end' })}>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Keep this time
            </Button>
            <Button onClick={() => void submit()} loading={busy} disabled={!picked}>
              {words.move}
            </Button>
          </div>
        )
      }
    >
      <div className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
        {error && (
          <p role="alert" className={alert}>
            {error}
          </p>
        )}
        {done ? (
          <p role="status" data-testid="session-moved">
            {words.now} {sessionWhen(done.start, done.end, coachTz, tz)}. {words.moved}
          </p>
        ) : slots === null ? (
          error && reads === 0 ? null : (
            <p className={muted} aria-busy="true">
              Loading the free times…
            </p>
          )
        ) : days.length === 0 ? (
          <p className={muted}>There is no other free time in the next {MOVE_DAYS} days.</p>
        ) : (
          <div className={css({ display: 'flex', flexDir: 'column', gap: '4' })}>
            <p className={muted}>
              {words.clock} ({zoneLabel(coachTz)}), yours beside them where they differ.
            </p>
            {days.map(([day, list]) => (
              <fieldset key={day} className={css({ borderWidth: '0', p: '0', m: '0', minW: '0' })} data-testid="session-day">
                <legend className={css({ fontSize: 'sm', fontWeight: 'semibold', mb: '2' })}>{formatDay(list[0].start, coachTz)}</legend>
                <div className={css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(9.5rem, 1fr))', gap: '2' })}>
                  {list.map((s) => {
                    const own = viewerStart(s.start, coachTz, tz)
                    return (
                      <Choice key={s.start} size="sm" data-testid="session-time">
                        <input type="radio" name="session-time" value={s.start} checked={choice === s.start} onChange={() => setChoice(s.start)} />
                        <span className={css({ display: 'flex', flexDir: 'column', minW: '0' })}>
                          <span className={css({ fontWeight: 'medium', fontVariantNumeric: 'tabular-nums' })}>{formatTime(s.start, coachTz)}</span>
                          {own ? <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>{own}</span> : null}
                        </span>
                      </Choice>
                    )
                  })}
                </div>
              </fieldset>
            ))}
          </div>
        )}
      </div>
    </Dialog>
  )
}
