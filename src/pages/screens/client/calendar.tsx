/**
 * The schedules I hold seats in as a month or a week (server-rendered, no script), in the
 * viewer's time zone, with previous/next links, each session's .ics and the feed of them all.
 */
import { css } from 'styled-system/css'
import { fmtRange, fmtTime } from '../../../../islands/lib/format'
import type { ClientBookingRow } from '../../../modules/bookings'
import { formatDate, formatIn, isoDay } from '../../../shared/datetime'
import { linkClass, mutedText } from './parts'

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']

/** The y-m-d of an instant in a time zone. */
/** "2026-12-07" as the calendar reads in `tz`. */
const ymd = (iso: string, tz: string) => isoDay(iso, tz)
const DAY_MS = 86_400_000
const utcDay = (d: Date) => d.toISOString().slice(0, 10)

type CalendarProps = { bookings: ClientBookingRow[]; tz: string; base: string; now: string; feedHref: string; params: URLSearchParams }

/** `?view=week&date=YYYY-MM-DD` shows that week, else `?month=YYYY-MM` (or the next session's month). */
export function SessionCalendar(p: CalendarProps) {
  const view = p.params.get('view') === 'week' ? 'week' : 'month'
  const raw = p.params.get('date')
  const date = raw && /^\d{4}-\d{2}-\d{2}$/.test(raw) && !Number.isNaN(Date.parse(raw)) ? raw : null
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
      <nav aria-label="Calendar view" className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', fontSize: 'sm' })}>
        <a className={linkClass} href={p.base} aria-current={view === 'month' ? 'page' : undefined}>
          Month
        </a>
        <a className={linkClass} href={`${p.base}?view=week${date ? `&date=${date}` : ''}`} aria-current={view === 'week' ? 'page' : undefined}>
          Week
        </a>
        <a className={linkClass} href={p.feedHref} download>
          Calendar feed (.ics)
        </a>
      </nav>
      {view === 'week' ? (
        <WeekCalendar {...p} date={date} />
      ) : (
        <MonthCalendar bookings={p.bookings} tz={p.tz} month={p.params.get('month')} base={p.base} now={p.now} />
      )}
    </div>
  )
}

/** Seven days from Monday, one row each with its sessions (a list that reads well on a phone). */
function WeekCalendar({ bookings, tz, base, now, date }: CalendarProps & { date: string | null }) {
  const upcoming = bookings.filter((b) => b.schedule.startDate >= now).reverse()
  const anchor = new Date(`${date ?? ymd(upcoming[0]?.schedule.startDate ?? bookings[0]?.schedule.startDate ?? now, tz)}T00:00:00Z`)
  const monday = new Date(anchor.getTime() - ((anchor.getUTCDay() + 6) % 7) * DAY_MS)
  const days = Array.from({ length: 7 }, (_, i) => new Date(monday.getTime() + i * DAY_MS))
  const byDay = new Map<string, ClientBookingRow[]>()
  for (const b of bookings) {
    const key = ymd(b.schedule.startDate, tz)
    byDay.set(key, [...(byDay.get(key) ?? []), b])
  }
  const today = ymd(now, tz)
  const link = (d: Date) => `${base}?view=week&date=${utcDay(d)}`
  return (
    <>
      <div className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2' })}>
        <a className={linkClass} href={link(new Date(monday.getTime() - 7 * DAY_MS))} aria-label="Previous week">
          ← Previous
        </a>
        <h3 className={css({ fontWeight: 'semibold' })}>Week of {formatDate(monday, 'UTC')}</h3>
        <a className={linkClass} href={link(new Date(monday.getTime() + 7 * DAY_MS))} aria-label="Next week">
          Next →
        </a>
      </div>
      <ol aria-label={`Sessions in the week of ${formatDate(monday, 'UTC')}`} className={css({ display: 'flex', flexDir: 'column', gap: '1' })}>
        {days.map((d) => {
          const key = utcDay(d)
          const items = (byDay.get(key) ?? []).slice().sort((a, b) => a.schedule.startDate.localeCompare(b.schedule.startDate))
          return (
            <li
              key={key}
              className={css({
                display: 'grid',
                gridTemplateColumns: { base: '1fr', sm: '10rem 1fr' },
                gap: '2',
                borderWidth: '1px',
                borderColor: 'border.subtle',
                borderRadius: 'l1',
                p: '2',
                fontSize: 'sm',
                bg: key === today ? 'colorPalette.a2' : undefined,
              })}
            >
              <span className={css({ color: 'fg.muted' })}>{formatIn('longDay', d, 'UTC')}</span>
              {items.length ? (
                <ul className={css({ display: 'flex', flexDir: 'column', gap: '1', minW: '0' })}>
                  {items.map((b) => (
                    <li key={b.id} className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', justifyContent: 'space-between' })}>
                      <a className={linkClass} href={`/b/bookings/${b.id}`}>
                        {fmtTime(b.schedule.startDate, tz)}–{fmtTime(b.schedule.endDate, tz)} · {b.workshop.title}
                      </a>
                      <a className={linkClass} href={`/v1/bookings/${b.id}/calendar.ics`} download>
                        Add to calendar (.ics)
                      </a>
                    </li>
                  ))}
                </ul>
              ) : (
                <span className={css({ color: 'fg.muted' })}>No session</span>
              )}
            </li>
          )
        })}
      </ol>
    </>
  )
}

function MonthCalendar({ bookings, tz, month, base, now }: { bookings: ClientBookingRow[]; tz: string; month: string | null; base: string; now: string }) {
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
        <h3 className={css({ fontWeight: 'semibold' })}>{formatIn('month', first, 'UTC')}</h3>
        <a className={linkClass} href={`${base}?month=${shift(1)}`} aria-label="Next month">
          Next →
        </a>
      </div>
      <table
        className={css({ w: 'full', tableLayout: 'fixed', borderCollapse: 'collapse', fontSize: 'xs' })}
        aria-label={`Sessions in ${formatIn('month', first, 'UTC')}`}
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
