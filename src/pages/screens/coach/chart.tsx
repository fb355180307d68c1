/** Revenue (bars) and seats sold (line) per day or week, drawn as SVG on the server: no chart library, no JavaScript. */
import { css } from 'styled-system/css'
import type { DayPoint } from '../../../modules/coach'
import { exponentOf } from '../../../shared/money'
import { count } from '../../../shared/words'
import { money } from './ui'

const W = 720
const H = 220
const PAD = { l: 56, r: 40, t: 12, b: 28 }

/** Long ranges are summed per week so bars stay readable. */
function bucket(points: DayPoint[]) {
  if (points.length <= 62) return points
  const out: DayPoint[] = []
  for (let i = 0; i < points.length; i += 7) {
    const slice = points.slice(i, i + 7)
    out.push({ day: slice[0].day, gross: slice.reduce((s, p) => s + p.gross, 0), seats: slice.reduce((s, p) => s + p.seats, 0) })
  }
  return out
}

const niceMax = (v: number) => {
  if (v <= 0) return 1
  const p = 10 ** Math.floor(Math.log10(v))
  return Math.ceil(v / p) * p
}

/** Even, so the middle tick (half the top) is a whole seat or a whole currency unit as labelled. */
const evenUp = (n: number) => (n % 2 ? n + 1 : n)

export function RevenueChart({ points, currency }: { points: DayPoint[]; currency: string }) {
  const data = bucket(points)
  // Amounts are in minor units: the top is a whole number of major units (a yen is its own minor unit).
  const unit = 10 ** exponentOf(currency)
  const maxGross = evenUp(niceMax(Math.ceil(Math.max(...data.map((p) => p.gross), 0) / unit))) * unit
  const maxSeats = evenUp(niceMax(Math.max(...data.map((p) => p.seats), 0)))
  const iw = W - PAD.l - PAD.r
  const ih = H - PAD.t - PAD.b
  const step = iw / Math.max(data.length, 1)
  const bw = Math.max(1, step * 0.7)
  const y = (v: number) => PAD.t + ih - (v / maxGross) * ih
  const ys = (v: number) => PAD.t + ih - (v / maxSeats) * ih
  const line = data.map((p, i) => `${i ? 'L' : 'M'}${(PAD.l + i * step + step / 2).toFixed(1)},${ys(p.seats).toFixed(1)}`).join(' ')
  const labelEvery = Math.ceil(data.length / 8)
  const totalGross = points.reduce((s, p) => s + p.gross, 0)
  const totalSeats = points.reduce((s, p) => s + p.seats, 0)
  const weekly = data !== points
  return (
    <figure tabIndex={0} aria-label="Revenue and seats chart" className={css({ m: '0', display: 'flex', flexDir: 'column', gap: '2', overflowX: 'auto' })}>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={`Revenue ${money(totalGross, currency)} and ${totalSeats} seats sold ${weekly ? 'per week' : 'per day'} from ${points[0]?.day ?? ''} to ${points.at(-1)?.day ?? ''}`}
        className={css({
          w: 'full',
          minW: '540px',
          h: 'auto',
          color: 'fg.muted',
          '& .bar': { fill: 'colorPalette.default' },
          '& .seats': { stroke: 'fg.default' },
        })}
        data-testid="revenue-chart"
      >
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line x1={PAD.l} x2={W - PAD.r} y1={y(maxGross * f)} y2={y(maxGross * f)} stroke="currentColor" strokeOpacity="0.2" />
            <text x={PAD.l - 6} y={y(maxGross * f) + 4} textAnchor="end" fontSize="11" fill="currentColor">
              {money(maxGross * f, currency).replace(/\.00$/, '')}
            </text>
            <text x={W - PAD.r + 6} y={ys(maxSeats * f) + 4} fontSize="11" fill="currentColor">
              {Math.round(maxSeats * f)}
            </text>
          </g>
        ))}
        {data.map((p, i) => (
          <rect
            key={p.day}
            className="bar"
            x={PAD.l + i * step + (step - bw) / 2}
            y={y(p.gross)}
            width={bw}
            height={Math.max(0, PAD.t + ih - y(p.gross))}
            rx="1"
          >
            <title>{`${p.day}: ${money(p.gross, currency)}, ${count(p.seats, 'seat')}`}</title>
          </rect>
        ))}
        <path className="seats" d={line} fill="none" strokeWidth="2" />
        {data.map((p, i) =>
          i % labelEvery === 0 ? (
            <text key={p.day} x={PAD.l + i * step + step / 2} y={H - 8} textAnchor="middle" fontSize="11" fill="currentColor">
              {p.day.slice(5)}
            </text>
          ) : null,
        )}
      </svg>
      <figcaption className={css({ display: 'flex', gap: '4', fontSize: 'xs', color: 'fg.muted', flexWrap: 'wrap' })}>
        <span>
          <span aria-hidden className={css({ display: 'inline-block', w: '3', h: '3', bg: 'colorPalette.default', mr: '1', verticalAlign: 'middle' })} />
          Revenue (left axis)
        </span>
        <span>
          <span aria-hidden className={css({ display: 'inline-block', w: '3', h: '0.5', bg: 'fg.default', mr: '1', verticalAlign: 'middle' })} />
          Seats sold (right axis)
        </span>
        {weekly && <span>Summed per week</span>}
      </figcaption>
    </figure>
  )
}
