/**
 * The month of days with free times (a grid of the design system's buttons, Monday first) and
 * the times of the chosen day, in the visitor's zone (switchable; the coach's zone named).
 */
import { useEffect, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { Button } from '../../design-system/components/button/button'
import { FormField } from '../../design-system/components/field/form-field'
import { NativeSelect } from '../../design-system/components/native-select/native-select'
import { fmtTime } from '../lib/format'

export interface Slot {
  start: string
  end: string
}

const dayFormats = new Map<string, Intl.DateTimeFormat>()
/** YYYY-MM-DD of an instant in `tz`. */
export function dateIn(iso: string, tz: string) {
  let f = dayFormats.get(tz)
  if (!f) dayFormats.set(tz, (f = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' })))
  return f.format(new Date(iso))
}

const monthTitle = (month: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`))
const longDay = (date: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`))
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']

/** Every date of `month` (YYYY-MM), with blanks before the 1st so the grid starts on Monday. */
export function monthDays(month: string): (string | null)[] {
  const first = new Date(`${month}-01T00:00:00Z`)
  const blanks = (first.getUTCDay() + 6) % 7
  const days: (string | null)[] = Array(blanks).fill(null)
  for (let d = new Date(first); d.getUTCMonth() === first.getUTCMonth(); d.setUTCDate(d.getUTCDate() + 1)) days.push(d.toISOString().slice(0, 10))
  return days
}

export const shiftMonth = (month: string, n: number) => {
  const d = new Date(`${month}-01T00:00:00Z`)
  d.setUTCMonth(d.getUTCMonth() + n)
  return d.toISOString().slice(0, 7)
}

const grid = css({ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: '1' })
const dayButton = css({ w: 'full', px: '0', fontVariantNumeric: 'tabular-nums' })

export function MonthView(props: {
  month: string
  minMonth: string
  byDay: Map<string, Slot[]>
  selected: string | null
  loading: boolean
  onMonth: (month: string) => void
  onDay: (date: string) => void
}) {
  const { month, byDay, selected } = props
  return (
    <section aria-labelledby="month-title" className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
      <div className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2' })}>
        <Button variant="ghost" aria-label="Previous month" disabled={month <= props.minMonth} onClick={() => props.onMonth(shiftMonth(month, -1))}>
          ‹
        </Button>
        <h2 id="month-title" className={css({ fontSize: 'md', fontWeight: 'semibold' })} aria-live="polite">
          {monthTitle(month)}
        </h2>
        <Button variant="ghost" aria-label="Next month" onClick={() => props.onMonth(shiftMonth(month, 1))}>
          ›
        </Button>
      </div>
      <div className={grid} aria-hidden="true">
        {WEEKDAYS.map((d) => (
          <span key={d} className={css({ textAlign: 'center', fontSize: 'xs', color: 'fg.muted', fontWeight: 'medium' })}>
            {d}
          </span>
        ))}
      </div>
      <div className={grid} aria-busy={props.loading || undefined} data-testid="month">
        {monthDays(month).map((date, i) => {
          if (!date) return <span key={`blank-${i}`} />
          const free = byDay.get(date)?.length ?? 0
          const label = `${longDay(date)}: ${free ? `${free} free time${free === 1 ? '' : 's'}` : 'no free times'}`
          return (
            <Button
              key={date}
              variant={date === selected ? 'solid' : free ? 'outline' : 'ghost'}
              className={dayButton}
              disabled={!free}
              aria-label={label}
              aria-pressed={date === selected}
              data-date={date}
              onClick={() => props.onDay(date)}
            >
              {Number(date.slice(8))}
            </Button>
          )
        })}
      </div>
      {!props.loading && byDay.size === 0 ? (
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })} data-testid="no-times">
          No free times this month. Try the next one.
        </p>
      ) : null}
    </section>
  )
}

/**
 * Every IANA zone the browser knows, once mounted: the server's list differs from the browser's,
 * so the first render (the hydrated one) offers only the zones named by the props.
 */
export function useZones(): string[] {
  const [zones, setZones] = useState<string[]>([])
  useEffect(() => {
    try {
      setZones((Intl as unknown as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.('timeZone') ?? [])
    } catch {
      setZones([])
    }
  }, [])
  return zones
}

export function ZonePicker({
  tz,
  coachTimeZone,
  coachName,
  onChange,
}: {
  tz: string
  coachTimeZone: string
  coachName: string
  onChange: (tz: string) => void
}) {
  const zones = useZones()
  const options = [...new Set([tz, coachTimeZone, 'UTC', ...zones])].map((z) => ({ value: z, label: z.replace(/_/g, ' ') }))
  return (
    <FormField
      label="Time zone"
      id="session-zone"
      hint={tz === coachTimeZone ? `${coachName} works in this time zone too.` : `${coachName} works in ${coachTimeZone.replace(/_/g, ' ')}.`}
    >
      <NativeSelect value={tz} options={options} onChange={(e) => onChange(e.target.value)} />
    </FormField>
  )
}

export function TimesOfDay({ date, slots, tz, onPick }: { date: string; slots: Slot[]; tz: string; onPick: (slot: Slot) => void }) {
  return (
    <section aria-labelledby="times-title" className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
      <h2 id="times-title" className={css({ fontSize: 'md', fontWeight: 'semibold' })}>
        {longDay(date)}
      </h2>
      <ul className={cx(css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(6.5rem, 1fr))', gap: '2' }))} aria-label="Free times">
        {slots.map((s) => (
          <li key={s.start}>
            <Button variant="outline" className={css({ w: 'full' })} data-start={s.start} onClick={() => onPick(s)}>
              {fmtTime(s.start, tz)}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  )
}
