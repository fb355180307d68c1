/**
 * The coach's hours: a time zone, ranges per weekday (several a day) and date overrides (a day
 * off, or other hours on one date), saved as a whole with `PUT /v1/availability`. The API's own
 * schema checks them before sending; its messages show beside the range they are about.
 */
import { useState } from 'react'
import { css } from 'styled-system/css'
import { Button } from '../../design-system/components/button/button'
import { FormField } from '../../design-system/components/field/form-field'
import { Input } from '../../design-system/components/input/input'
import { NativeSelect } from '../../design-system/components/native-select/native-select'
import { AvailabilitySchema } from '../../src/modules/sessions/availability.schema'
import { ApiError, api } from '../lib/api'
import { check } from '../lib/form'
import { notify } from '../lib/toast'
import { useZones } from '../session-booking/calendar'
import type { CoachSessionsProps } from './props'

type Availability = CoachSessionsProps['availability']
type Range = { start: string; end: string }

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']

const rowCss = css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })
const timeCss = css({ w: '32' })
const errorCss = css({ color: 'fg.error', fontSize: 'sm' })
const dayCss = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', md: '9rem 1fr' },
  gap: '2',
  py: '3',
  borderTopWidth: '1px',
  borderColor: 'border.subtle',
})

function RangeRow({
  range,
  label,
  onChange,
  onRemove,
  error,
}: {
  range: Range
  label: string
  onChange: (r: Range) => void
  onRemove: () => void
  error?: string
}) {
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '1' })}>
      <div className={rowCss}>
        <Input
          size="sm"
          type="time"
          className={timeCss}
          aria-label={`${label} from`}
          value={range.start}
          onChange={(e) => onChange({ ...range, start: e.target.value })}
          invalid={!!error}
        />
        <span aria-hidden="true">–</span>
        <Input
          size="sm"
          type="time"
          className={timeCss}
          aria-label={`${label} until`}
          value={range.end === '24:00' ? '23:59' : range.end}
          onChange={(e) => onChange({ ...range, end: e.target.value === '23:59' ? '24:00' : e.target.value })}
          invalid={!!error}
        />
        <Button variant="ghost" aria-label={`Remove ${label}`} onClick={onRemove}>
          Remove
        </Button>
      </div>
      {error ? <p className={errorCss}>{error}</p> : null}
    </div>
  )
}

export function HoursEditor({ initial, onSaved }: { initial: Availability; onSaved: (a: Availability) => void }) {
  const [timeZone, setTimeZone] = useState(initial.timeZone)
  const [weekly, setWeekly] = useState(initial.weekly.map((r) => ({ ...r })))
  const [overrides, setOverrides] = useState(initial.overrides.map((o) => ({ date: o.date, ranges: o.ranges.map((r) => ({ ...r })) })))
  const [errors, setErrors] = useState<Record<string, string[]>>({})
  const [busy, setBusy] = useState(false)
  const [newDate, setNewDate] = useState('')
  const zones = useZones()

  async function save() {
    const body = { timeZone, weekly, overrides }
    const bag = check(AvailabilitySchema, body)
    if (bag) return setErrors(bag)
    setBusy(true)
    try {
      const r = await api<{ data: Availability }>('PUT', '/v1/availability', { body, silent: true })
      setErrors({})
      onSaved(r.data)
      notify({ type: 'success', title: 'Hours saved', description: 'Your free times follow them at once.' })
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) setErrors(err.errors ?? {})
      else notify({ type: 'error', title: 'Something went wrong!', description: err instanceof ApiError ? err.message : undefined })
    } finally {
      setBusy(false)
    }
  }

  const errorAt = (path: string) => errors[path]?.[0] ?? errors[`${path}.end`]?.[0] ?? errors[`${path}.start`]?.[0]

  return (
    <section aria-labelledby="hours-title" className={css({ display: 'flex', flexDir: 'column', gap: '4' })}>
      <div>
        <h2 id="hours-title" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
          Weekly hours
        </h2>
        <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>When clients can book you, in your time zone: 09:00 stays 09:00 when the clocks change.</p>
      </div>
      <FormField label="Time zone" id="hours-zone" error={errors.timeZone?.[0]}>
        <NativeSelect
          value={timeZone}
          options={[...new Set([timeZone, 'UTC', ...zones])].map((z) => ({ value: z, label: z.replace(/_/g, ' ') }))}
          onChange={(e) => setTimeZone(e.target.value)}
        />
      </FormField>
      <div data-testid="weekly-hours">
        {DAYS.map((name, i) => {
          const day = i + 1
          const rows = weekly.map((r, index) => ({ r, index })).filter((x) => x.r.day === day)
          return (
            <div key={name} className={dayCss}>
              <span className={css({ fontWeight: 'medium', pt: '1.5' })}>{name}</span>
              <div className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
                {rows.length === 0 ? <span className={css({ color: 'fg.muted', fontSize: 'sm', pt: '1.5' })}>Unavailable</span> : null}
                {rows.map(({ r, index }) => (
                  <RangeRow
                    key={index}
                    range={r}
                    label={`${name} ${r.start}`}
                    error={errorAt(`weekly.${index}`)}
                    onChange={(next) => setWeekly((w) => w.map((x, j) => (j === index ? { ...x, ...next } : x)))}
                    onRemove={() => setWeekly((w) => w.filter((_, j) => j !== index))}
                  />
                ))}
                <div>
                  <Button
                    variant="outline"
                    onClick={() => {
                      const last = rows.at(-1)?.r
                      setWeekly((w) => [
                        ...w,
                        last ? { day, start: last.end === '24:00' ? '23:00' : last.end, end: '24:00' } : { day, start: '09:00', end: '17:00' },
                      ])
                    }}
                  >
                    Add hours on {name}
                  </Button>
                </div>
              </div>
            </div>
          )
        })}
      </div>
      {errors.weekly ? <p className={errorCss}>{errors.weekly[0]}</p> : null}

      <div className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
        <h3 className={css({ fontSize: 'md', fontWeight: 'semibold' })}>Date overrides</h3>
        <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>A day off, or other hours on one date, instead of the weekday's.</p>
        {overrides.map((o, i) => (
          <div key={o.date} className={dayCss} data-testid="override">
            <span className={css({ fontWeight: 'medium', pt: '1.5' })}>{o.date}</span>
            <div className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
              {o.ranges.length === 0 ? <span className={css({ fontSize: 'sm', pt: '1.5' })}>Day off</span> : null}
              {o.ranges.map((r, j) => (
                <RangeRow
                  key={j}
                  range={r}
                  label={`${o.date} ${r.start}`}
                  error={errorAt(`overrides.${i}.ranges.${j}`)}
                  onChange={(next) => setOverrides((all) => all.map((x, k) => (k === i ? { ...x, ranges: x.ranges.map((y, m) => (m === j ? next : y)) } : x)))}
                  onRemove={() => setOverrides((all) => all.map((x, k) => (k === i ? { ...x, ranges: x.ranges.filter((_, m) => m !== j) } : x)))}
                />
              ))}
              <div className={rowCss}>
                <Button
                  variant="outline"
                  onClick={() => setOverrides((all) => all.map((x, k) => (k === i ? { ...x, ranges: [...x.ranges, { start: '09:00', end: '12:00' }] } : x)))}
                >
                  Add hours
                </Button>
                <Button variant="ghost" onClick={() => setOverrides((all) => all.filter((_, k) => k !== i))}>
                  Remove override
                </Button>
              </div>
              {errorAt(`overrides.${i}.date`) ? <p className={errorCss}>{errorAt(`overrides.${i}.date`)}</p> : null}
            </div>
          </div>
        ))}
        <div className={rowCss}>
          <Input
            size="sm"
            type="date"
            aria-label="Date to override"
            className={css({ w: '44' })}
            value={newDate}
            onChange={(e) => setNewDate(e.target.value)}
          />
          <Button
            variant="outline"
            disabled={!newDate || overrides.some((o) => o.date === newDate)}
            onClick={() => {
              setOverrides((all) => [...all, { date: newDate, ranges: [] }].sort((a, b) => a.date.localeCompare(b.date)))
              setNewDate('')
            }}
          >
            Add a day off
          </Button>
        </div>
        {errors.overrides ? <p className={errorCss}>{errors.overrides[0]}</p> : null}
      </div>
      <div>
        <Button size="md" loading={busy} loadingText="Saving..." onClick={() => void save()}>
          Save hours
        </Button>
      </div>
    </section>
  )
}
