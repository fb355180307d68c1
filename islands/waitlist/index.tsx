/**
 * The waitlist island. On a sold-out checkout: "Join the waitlist" for 1 to the workshop's
 * maximum seats (POST /v1/workshop-schedules/{id}/waitlist), then the place in line and "Leave
 * the waitlist" (DELETE). On /b: the client's entries and offers; an offer shows the time left
 * on its held seats and links to the checkout for exactly those seats.
 */
import { useEffect, useId, useState } from 'react'
import { css } from 'styled-system/css'
import { Button } from '../../design-system/components/button/button'
import { LinkButton } from '../../design-system/components/link-button/link-button'
import { NativeSelect } from '../../design-system/components/native-select/native-select'
import { count } from '../../src/shared/words'
import { ApiError, del, post } from '../lib/api'
import type { MyWaitlistEntryProps, WaitlistEntryProps, WaitlistProps } from './props'

const seatsOf = (n: number) => count(n, 'seat')
const alert = css({ borderWidth: '1px', borderColor: 'red.7', bg: 'red.2', color: 'red.11', borderRadius: 'l2', px: '3', py: '2', fontSize: 'sm' })
const muted = css({ color: 'fg.muted', fontSize: 'sm' })

/** Time left until `iso`, ticking each second once mounted (null on the server: no mismatch). */
function useLeft(iso: string | null) {
  const [left, setLeft] = useState<number | null>(null)
  useEffect(() => {
    const end = iso ? Date.parse(iso) : Number.NaN
    if (Number.isNaN(end)) return
    const tick = () => setLeft(Math.max(0, end - Date.now()))
    tick()
    const t = setInterval(tick, 1000)
    return () => clearInterval(t)
  }, [iso])
  return left
}
const hms = (ms: number) => {
  const s = Math.ceil(ms / 1000)
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}` : `${m}:${String(s % 60).padStart(2, '0')}`
}

const messageOf = (err: unknown) => (err instanceof ApiError ? (Object.values(err.errors ?? {})[0]?.[0] ?? err.message) : 'Something went wrong. Try again.')

function ScheduleWaitlist(props: Extract<WaitlistProps, { mode: 'schedule' }>) {
  const id = useId()
  const [entry, setEntry] = useState<WaitlistEntryProps | null>(props.entry)
  const [seats, setSeats] = useState(Math.min(Math.max(1, props.seats), props.maxSeats))
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const joinList = async () => {
    setBusy(true)
    setError(null)
    try {
      const r = await post<{ data: WaitlistEntryProps }>(`/v1/workshop-schedules/${props.scheduleId}/waitlist`, { seats }, { silent: true })
      setEntry(r.data)
    } catch (err) {
      setError(messageOf(err))
    } finally {
      setBusy(false)
    }
  }
  const leaveList = async () => {
    setBusy(true)
    setError(null)
    try {
      await del(`/v1/workshop-schedules/${props.scheduleId}/waitlist`, { silent: true })
      setEntry(null)
    } catch (err) {
      setError(messageOf(err))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '4' })} data-testid="waitlist">
      <div className={css({ display: 'flex', flexDir: 'column', gap: '1' })}>
        <h2 className={css({ fontSize: 'xl', fontWeight: 'semibold' })}>This workshop is fully booked</h2>
        <p className={muted}>
          Join the waitlist: when seats come free they are offered in order to the people waiting whose party fits, held for {props.offerMinutes} minutes, and
          you get an email with a link to book them.
        </p>
      </div>
      {error && (
        <p role="alert" className={alert}>
          {error}
        </p>
      )}
      {entry ? (
        <div className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
          <p role="status" data-testid="waitlist-place" className={css({ fontWeight: 'medium' })}>
            You are number {entry.position ?? '—'} on the waitlist for {seatsOf(entry.seats)}.
          </p>
          <p className={muted}>We will email you as soon as {entry.seats === 1 ? 'a seat is' : `${entry.seats} seats are`} free for you.</p>
          <div>
            <Button variant="outline" onClick={() => void leaveList()} loading={busy}>
              Leave the waitlist
            </Button>
          </div>
        </div>
      ) : (
        <form
          aria-label="Join the waitlist"
          className={css({ display: 'flex', flexDir: 'column', gap: '3' })}
          onSubmit={(e) => {
            e.preventDefault()
            if (!busy) void joinList()
          }}
        >
          <label htmlFor={`${id}-seats`} className={css({ fontSize: 'sm', fontWeight: 'medium' })}>
            Seats you need
          </label>
          <NativeSelect id={`${id}-seats`} name="seats" value={seats} onChange={(e) => setSeats(Number(e.target.value))}>
            {Array.from({ length: Math.max(1, props.maxSeats) }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {seatsOf(n)}
              </option>
            ))}
          </NativeSelect>
          <div>
            <Button type="submit" loading={busy}>
              Join the waitlist
            </Button>
          </div>
        </form>
      )}
    </div>
  )
}

function MineRow({ e, onLeft }: { e: MyWaitlistEntryProps; onLeft: (id: string) => void }) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const left = useLeft(e.status === 'OFFERED' ? e.offerExpiresAt : null)
  const offered = e.status === 'OFFERED' && left !== 0
  const leaveList = async () => {
    setBusy(true)
    setError(null)
    try {
      await del(`/v1/workshop-schedules/${e.workshopScheduleId}/waitlist`, { silent: true })
      onLeft(e.id)
    } catch (err) {
      setError(messageOf(err))
      setBusy(false)
    }
  }
  return (
    <li
      data-testid="waitlist-entry"
      className={css({
        display: 'flex',
        flexWrap: 'wrap',
        justifyContent: 'space-between',
        alignItems: 'center',
        gap: '3',
        py: '2',
        borderTopWidth: '1px',
        borderColor: 'border.subtle',
        _first: { borderTopWidth: '0' },
      })}
    >
      <span className={css({ minW: '0', display: 'flex', flexDir: 'column' })}>
        <a
          className={css({ fontWeight: 'medium', color: 'fg.default', textDecoration: 'underline', textUnderlineOffset: '2px' })}
          href={`/workshops/${e.workshopScheduleId}/book`}
        >
          {e.workshopTitle}
        </a>
        <span className={muted}>{e.when}</span>
        <span className={css({ fontSize: 'sm' })}>
          {offered
            ? `${seatsOf(e.seats)} held for you${left === null ? '' : ` · ${hms(left)} left`}`
            : e.status === 'OFFERED'
              ? 'The offer has ended: the seats go to the next in line.'
              : `Number ${e.position ?? '—'} in line for ${seatsOf(e.seats)}`}
        </span>
        {error && (
          <span role="alert" className={css({ color: 'red.11', fontSize: 'sm' })}>
            {error}
          </span>
        )}
      </span>
      <span className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
        {offered ? <LinkButton href={`/workshops/${e.workshopScheduleId}/book?offer=${e.id}`}>Book now</LinkButton> : null}
        <Button variant="outline" size="sm" onClick={() => void leaveList()} loading={busy} aria-label={`Leave the waitlist of ${e.workshopTitle}`}>
          Leave
        </Button>
      </span>
    </li>
  )
}

function MyWaitlist({ entries }: Extract<WaitlistProps, { mode: 'mine' }>) {
  const [rows, setRows] = useState(entries)
  if (!rows.length) return <p className={muted}>You are not waiting for any workshop. On a fully booked workshop, join its waitlist from the booking page.</p>
  return (
    <ul className={css({ display: 'flex', flexDir: 'column' })} aria-label="Your waitlist entries">
      {rows.map((e) => (
        <MineRow key={e.id} e={e} onLeft={(id) => setRows((r) => r.filter((x) => x.id !== id))} />
      ))}
    </ul>
  )
}

export default function Waitlist(props: WaitlistProps) {
  return props.mode === 'schedule' ? <ScheduleWaitlist {...props} /> : <MyWaitlist {...props} />
}
