/** The read-only tabs of a workshop: history, payouts, calendar (month/week + .ics feed) and invoices. */
import { css, cx } from 'styled-system/css'
import { config } from '../../../config'
import { transferSessions } from '../../../modules/payouts'
import { now } from '../../../platform/clock'
import { formatDate, formatIn, isoDay } from '../../../shared/datetime'
import { Island } from '../../island'
import type { PageContext, PageModule } from '../../routes'
import { loadTableData, type TableData, tableView } from '../../tables'
import { useTz } from '../client/parts'
import { fmtDateTime, fmtTime, link, muted, outlineLink } from './ui'
import { loadWorkshop, type WorkshopData, WorkshopFrame } from './workshop-shell'

export const history: PageModule<WorkshopData & { table: TableData }> = {
  title: (d) => `History · ${d.workshop.title}`,
  stream: true,
  load: async (ctx) => {
    const d = await loadWorkshop(ctx)
    if (!d) return null
    const table = await loadTableData(ctx, 'coach-history', { scope: { workshop: d.workshop.id }, bare: true })
    return { ...d, table }
  },
  Page: ({ data, ctx }) => {
    const tz = useTz()
    return (
      <WorkshopFrame data={data} ctx={ctx} tab="/history">
        <Island name="data-table" props={tableView(data.table, tz, 'Past sessions of this workshop')} />
      </WorkshopFrame>
    )
  },
}

export const payouts: PageModule<WorkshopData & { table: TableData; transfers: TableData }> = {
  title: (d) => `Payouts · ${d.workshop.title}`,
  stream: true,
  load: async (ctx) => {
    const d = await loadWorkshop(ctx)
    if (!d) return null
    const sessions = await transferSessions(ctx.em, ctx.user!.id, d.workshop.id)
    const [table, transfers] = await Promise.all([
      loadTableData(ctx, 'coach-payouts', {
        scope: { workshop: d.workshop.id },
        bare: true,
        empty: { text: 'No revenue yet: payouts appear once bookings are paid.' },
      }),
      loadTableData(ctx, 'coach-transfers', {
        prefix: 'tr-',
        scope: { workshop: d.workshop.id },
        options: { schedule: sessions.map((s): [string, string] => [s.id, fmtDateTime(s.startDate, s.timezone)]) },
        empty: { text: "No paid bookings yet: each one shows here with its transfer's state." },
      }),
    ])
    return { ...d, table, transfers }
  },
  Page: ({ data, ctx }) => {
    const tz = useTz()
    // The workshop is fixed by the page: its filter is not offered again.
    const transfers = tableView(data.transfers, tz, 'Bookings of this workshop and their transfers')
    transfers.filters = transfers.filters.filter((f) => f.key !== 'workshop')
    return (
      <WorkshopFrame data={data} ctx={ctx} tab="/payouts">
        <h2 className={css({ fontSize: 'md', fontWeight: 'semibold' })}>Per session</h2>
        <Island name="data-table" props={tableView(data.table, tz, 'Payouts of this workshop per session')} />
        <h2 className={css({ fontSize: 'md', fontWeight: 'semibold' })}>Per booking</h2>
        <Island name="data-table" props={transfers} />
        <p className={muted}>
          Each booking's money goes to your payout account {config.PAYOUT_REFUND_WINDOW_HOURS} hours after its session ends.{' '}
          <a className={link} href={`/c/account/payouts?workshop=${data.workshop.id}`}>
            Open your payouts
          </a>{' '}
          for the balance, your payout account and the CSV export.
        </p>
      </WorkshopFrame>
    )
  },
}

// ---- calendar ----
const DAY = 86_400_000
const dayKey = (d: Date, tz: string) => isoDay(d, tz)

export const calendar: PageModule<WorkshopData & { view: 'month' | 'week'; anchor: string; tz: string }> = {
  title: (d) => `Calendar · ${d.workshop.title}`,
  load: async (ctx) => {
    const view = ctx.url.searchParams.get('view') === 'week' ? 'week' : 'month'
    const raw = ctx.url.searchParams.get('date')
    const day = raw && /^\d{4}-\d{2}-\d{2}$/.test(raw) && !Number.isNaN(Date.parse(raw)) ? raw : null
    // The schedules of the month or week shown, with two days' margin each side for time zones.
    const a = new Date(`${day ?? now().toISOString().slice(0, 10)}T00:00:00Z`)
    const from = view === 'month' ? Date.UTC(a.getUTCFullYear(), a.getUTCMonth(), 1) - 9 * DAY : a.getTime() - 9 * DAY
    const to = view === 'month' ? Date.UTC(a.getUTCFullYear(), a.getUTCMonth() + 1, 1) + 9 * DAY : a.getTime() + 9 * DAY
    const d = await loadWorkshop(ctx, { schedules: { kind: 'range', from: new Date(from), to: new Date(to) } })
    if (!d) return null
    const tzCount = new Map<string, number>()
    for (const s of d.schedules) tzCount.set(s.timezone, (tzCount.get(s.timezone) ?? 0) + 1)
    const tz = [...tzCount].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'UTC'
    const anchor = day ?? dayKey(now(), tz)
    return { ...d, view, anchor, tz }
  },
  Page: ({ data, ctx }) => {
    const { view, anchor, tz } = data
    const a = new Date(`${anchor}T00:00:00Z`)
    let start: Date
    let days: number
    let prev: Date
    let next: Date
    if (view === 'month') {
      const first = new Date(Date.UTC(a.getUTCFullYear(), a.getUTCMonth(), 1))
      start = new Date(first.getTime() - ((first.getUTCDay() + 6) % 7) * DAY)
      const last = new Date(Date.UTC(a.getUTCFullYear(), a.getUTCMonth() + 1, 0))
      days = Math.ceil((last.getTime() - start.getTime()) / DAY / 7 + 1 / 7) * 7
      prev = new Date(Date.UTC(a.getUTCFullYear(), a.getUTCMonth() - 1, 1))
      next = new Date(Date.UTC(a.getUTCFullYear(), a.getUTCMonth() + 1, 1))
    } else {
      start = new Date(a.getTime() - ((a.getUTCDay() + 6) % 7) * DAY)
      days = 7
      prev = new Date(start.getTime() - 7 * DAY)
      next = new Date(start.getTime() + 7 * DAY)
    }
    const byDay = new Map<string, typeof data.schedules>()
    for (const s of data.schedules.filter((x) => !x.deleted)) {
      const k = dayKey(s.startDate, tz)
      byDay.set(k, [...(byDay.get(k) ?? []), s])
    }
    const base = `/c/workshops/${data.workshop.id}/calendar`
    const q = (v: string, d: Date) => `${base}?view=${v}&date=${d.toISOString().slice(0, 10)}`
    const cells = Array.from({ length: days }, (_, i) => new Date(start.getTime() + i * DAY))
    const month = a.getUTCMonth()
    return (
      <WorkshopFrame data={data} ctx={ctx} tab="/calendar">
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center', justifyContent: 'space-between' })}>
          <div className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
            <a className={outlineLink} href={q(view, prev)} aria-label={view === 'month' ? 'Previous month' : 'Previous week'}>
              ‹
            </a>
            <h2 className={css({ fontWeight: 'semibold', minW: '10rem', textAlign: 'center' })}>
              {view === 'month' ? formatIn('month', a, 'UTC') : `Week of ${formatDate(start, 'UTC')}`}
            </h2>
            <a className={outlineLink} href={q(view, next)} aria-label={view === 'month' ? 'Next month' : 'Next week'}>
              ›
            </a>
          </div>
          <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
            <a className={outlineLink} aria-current={view === 'month' ? 'page' : undefined} href={q('month', a)}>
              Month
            </a>
            <a className={outlineLink} aria-current={view === 'week' ? 'page' : undefined} href={q('week', a)}>
              Week
            </a>
            <a className={outlineLink} href={`/v1/workshops/${data.workshop.id}/calendar.ics`} download>
              Calendar feed (.ics)
            </a>
          </div>
        </div>
        <p className={muted}>Times in {tz}.</p>
        <ol
          className={css({
            display: 'grid',
            gridTemplateColumns: { base: view === 'week' ? '1fr' : 'repeat(7, minmax(0, 1fr))', md: 'repeat(7, minmax(0, 1fr))' },
            gap: '1',
          })}
          aria-label="Days"
        >
          {cells.map((d) => {
            const k = d.toISOString().slice(0, 10)
            const items = byDay.get(k) ?? []
            const out = view === 'month' && d.getUTCMonth() !== month
            return (
              <li
                key={k}
                className={cx(
                  css({
                    minH: view === 'week' ? '24' : { base: '14', md: '24' },
                    borderWidth: '1px',
                    borderColor: 'border.subtle',
                    borderRadius: 'l1',
                    p: '1.5',
                    bg: 'bg.default',
                    fontSize: 'xs',
                    display: 'flex',
                    flexDir: 'column',
                    gap: '1',
                    minW: '0',
                  }),
                  out ? css({ bg: 'transparent', borderStyle: 'dashed' }) : undefined,
                )}
              >
                <span className={muted}>
                  {formatIn('weekday', d, 'UTC')} {d.getUTCDate()}
                </span>
                {items.map((s) => (
                  <a
                    key={s.id}
                    href={`/c/bookings?schedule=${s.id}`}
                    data-testid="calendar-event"
                    className={css({
                      display: 'block',
                      bg: s.status === 'PUBLISHED' ? 'colorPalette.default' : 'bg.subtle',
                      color: s.status === 'PUBLISHED' ? 'colorPalette.fg' : 'fg.default',
                      borderRadius: 'l1',
                      px: '1',
                      py: '0.5',
                      overflow: 'hidden',
                      textOverflow: 'ellipsis',
                      whiteSpace: 'nowrap',
                    })}
                  >
                    {fmtTime(s.startDate, tz)} · {s.seatsTaken}/{data.workshop.maxSeats}
                    {s.status === 'ARCHIVED' ? ' (cancelled)' : s.status === 'DRAFT' ? ' (draft)' : ''}
                  </a>
                ))}
              </li>
            )
          })}
        </ol>
      </WorkshopFrame>
    )
  },
}

export const invoices: PageModule<WorkshopData & { table: TableData }> = {
  title: (d) => `Invoices · ${d.workshop.title}`,
  stream: true,
  load: async (ctx: PageContext) => {
    const d = await loadWorkshop(ctx)
    if (!d) return null
    return { ...d, table: await loadTableData(ctx, 'coach-invoices', { scope: { workshop: d.workshop.id } }) }
  },
  Page: ({ data, ctx }) => {
    const tz = useTz()
    return (
      <WorkshopFrame data={data} ctx={ctx} tab="/invoices">
        <Island name="data-table" props={tableView(data.table, tz, 'Invoices of this workshop')} />
        <p className={muted}>An invoice gets its number the first time it is downloaded; numbers run without gaps per team.</p>
      </WorkshopFrame>
    )
  },
}
