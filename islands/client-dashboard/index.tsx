/** The client dashboard's hydrated parts: a live countdown, and dashboard/metrics over a range the client picks. */
import { useEffect, useState } from 'react'
import { css } from 'styled-system/css'
import { NativeSelect } from '../../design-system/components/native-select/native-select'
import { get } from '../lib/api'
import { money } from '../lib/format'
import type { ClientDashboardProps, ClientMetrics } from './props'

function left(ms: number) {
  if (ms <= 0) return 'Starting now'
  const d = Math.floor(ms / 86_400_000)
  const h = Math.floor((ms % 86_400_000) / 3_600_000)
  const m = Math.floor((ms % 3_600_000) / 60_000)
  const s = Math.floor((ms % 60_000) / 1000)
  return d > 0 ? `Starts in ${d}d ${h}h ${m}m` : `Starts in ${h}h ${String(m).padStart(2, '0')}m ${String(s).padStart(2, '0')}s`
}

function Countdown({ startsAt }: { startsAt: string }) {
  const target = new Date(startsAt).getTime()
  // The server renders minutes; the browser ticks (the first render matches the server's).
  const [nowMs, setNow] = useState<number | null>(null)
  useEffect(() => {
    setNow(Date.now())
    const t = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(t)
  }, [])
  const text = nowMs === null ? 'Counting down…' : left(target - nowMs)
  return (
    <p data-testid="countdown" className={css({ fontSize: 'xl', fontWeight: 'bold', fontVariantNumeric: 'tabular-nums' })}>
      {text}
    </p>
  )
}

const RANGES = [
  ['7', 'Last 7 days'],
  ['30', 'Last 30 days'],
  ['90', 'Last 90 days'],
  ['365', 'Last 12 months'],
] as const

function Metrics({ initial, currency }: { initial: ClientMetrics; currency: string }) {
  const [days, setDays] = useState('30')
  const [m, setM] = useState(initial)
  const [loading, setLoading] = useState(false)
  useEffect(() => {
    if (days === '30') return setM(initial)
    let live = true
    setLoading(true)
    const to = new Date()
    const from = new Date(to.getTime() - Number(days) * 86_400_000)
    get<{ data: ClientMetrics }>('/v1/dashboard/metrics', { query: { view: 'client', from: from.toISOString(), to: to.toISOString() } })
      .then((r) => live && setM(r.data))
      .catch(() => {})
      .finally(() => live && setLoading(false))
    return () => {
      live = false
    }
  }, [days, initial])
  const tiles: [string, string][] = [
    ['Bookings made', String(m.bookings)],
    ['Seats booked', String(m.seats)],
    ['Spent', money(m.spent, currency)],
    ['Upcoming bookings', String(m.upcomingBookings)],
  ]
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '3' })} aria-busy={loading}>
      <label className={css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: 'sm', color: 'fg.muted' })}>
        Range
        <NativeSelect
          size="xs"
          value={days}
          onChange={(e) => setDays(e.target.value)}
          className={css({ w: 'auto', color: 'fg.default' })}
          options={RANGES.map(([value, label]) => ({ value, label }))}
        />
      </label>
      <dl className={css({ display: 'grid', gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' }, gap: '3' })}>
        {tiles.map(([k, v]) => (
          <div key={k} className={css({ borderWidth: '1px', borderColor: 'border.subtle', borderRadius: 'l2', p: '3' })}>
            <dt className={css({ fontSize: 'xs', color: 'fg.muted' })}>{k}</dt>
            <dd data-testid={`metric-${k.toLowerCase().replace(/\s+/g, '-')}`} className={css({ fontSize: 'xl', fontWeight: 'bold' })}>
              {v}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  )
}

export default function ClientDashboard(props: ClientDashboardProps) {
  if (props.part === 'countdown' && props.startsAt) return <Countdown startsAt={props.startsAt} />
  if (props.part === 'metrics' && props.metrics) return <Metrics initial={props.metrics} currency={props.currency ?? 'usd'} />
  return null
}
