/**
 * A month of the schedules I hold seats in (server-rendered, no script), in the viewer's time
 * zone, with previous/next month links, the week rows of the month, and each session's .ics.
 */
import { css } from 'styled-system/css'
import { fmtRange, fmtTime } from '../../../../islands/lib/format'
import type { ClientBookingRow } from '../../../modules/bookings'
import { linkClass, mutedText } from './parts'

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']
const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })

/** The y-m-d of an instant in a time zone. */
function ymd(iso: string, tz: string) {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso))
  return parts
}

export function MonthCalendar({
  bookings,
  tz,
  month,
  base,
  now,
}: {
  bookings: ClientBookingRow[]
  tz: string
  month: string | null
  base: string
  now: string
}) {
  const upcoming = bookings.filter((b) => b.schedule.startDate >= now).reverse()
  const pick = month && /^\d{4}-\d{2}$/.test(month) ? month : ymd(upcoming[0]?.schedule.startDate ?? bookings[0]?.schedule.startDate ?? now, tz).slice(0, 7)
  const [y, m] = pick.split('-').map(Number)
  const first = new Date(Date.UTC(y, m - 1, 1))
  const daysIn = new Date(Date.UTC(y, m, 0)).getUTCDate()
  const lead = (first.getUTCDay() + 6) % 7
  const cells: (number | null)[] = [...Array(lead).fill(null), ...Array.from({ length: daysIn }, (_, i) => i + 1)]
  while (cells.length % 7) cells.push(null)
  const byDay = new Map<string, ClientBookingRow[]>()
  for (const b of bookings) {
    const key = ymd(b.schedule.startDate, tz)
    byDay.set(key, [...(byDay.get(key) ?? []), b])
  }
  const shift = (d: number) => {
    const t = new Date(Date.UTC(y, m - 1 + d, 1))
    return `${t.getUTCFullYear()}-${String(t.getUTCMonth() + 1).padStart(2, '0')}`
  }
  const today = ymd(now, tz)
  const inMonth = bookings.filter((b) => ymd(b.schedule.startDate, tz).startsWith(pick))
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
      <div className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2' })}>
        <a className={linkClass} href={`${base}?month=${shift(-1)}`} aria-label="Previous month">
          ← Previous
        </a>
        <h3 className={css({ fontWeight: 'semibold' })}>{monthName.format(first)}</h3>
        <a className={linkClass} href={`${base}?month=${shift(1)}`} aria-label="Next month">
          Next →
        </a>
      </div>
      <table
        className={css({ w: 'full', tableLayout: 'fixed', borderCollapse: 'collapse', fontSize: 'xs' })}
        aria-label={`Sessions in ${monthName.format(first)}`}
      >
        <thead>
          <tr>
            {DAYS.map((d) => (
              <th key={d} scope="col" className={css({ py: '1', color: 'fg.muted', fontWeight: 'medium' })}>
                {d}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: cells.length / 7 }, (_, w) => (
            <tr key={w}>
              {cells.slice(w * 7, w * 7 + 7).map((d, i) => {
                const key = d ? `${pick}-${String(d).padStart(2, '0')}` : ''
                const items = d ? (byDay.get(key) ?? []) : []
                return (
                  <td
                    key={i}
                    className={css({
                      verticalAlign: 'top',
                      h: { base: '12', md: '20' },
                      borderWidth: '1px',
                      borderColor: 'border.subtle',
                      p: '1',
                      bg: key === today ? 'colorPalette.a2' : undefined,
                    })}
                  >
                    {d ? <span className={css({ color: 'fg.muted' })}>{d}</span> : null}
                    {items.map((b) => (
                      <a
                        key={b.id}
                        href={`/b/bookings/${b.id}`}
                        className={css({
                          display: 'block',
                          mt: '0.5',
                          px: '1',
                          borderRadius: 'l1',
                          bg: 'colorPalette.a4',
                          color: 'fg.default',
                          textDecoration: 'none',
                          overflow: 'hidden',
                          textOverflow: 'ellipsis',
                          whiteSpace: 'nowrap',
                        })}
                        title={b.workshop.title}
                      >
                        {fmtTime(b.schedule.startDate, tz)}
                      </a>
                    ))}
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <h3 className={css({ fontWeight: 'semibold', fontSize: 'sm' })}>Sessions this month</h3>
      {inMonth.length ? (
        <ul className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
          {inMonth.map((b) => (
            <li key={b.id} className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', fontSize: 'sm', justifyContent: 'space-between' })}>
              <span>{fmtRange(b.schedule.startDate, b.schedule.endDate, tz)}</span>
              <a className={linkClass} href={`/v1/bookings/${b.id}/calendar.ics`} download>
                Add to calendar (.ics)
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className={mutedText}>No session of yours this month.</p>
      )}
    </div>
  )
}
