/** /c/bookings: every booking of the coach's schedules, filtered by schedule, status, date or client. */

import { BOOKING_STATUSES } from '../../../modules/bookings'
import { coachScheduleOptions, listCoachBookings, pageOf } from '../../../modules/coach'
import { PageSkeleton } from '../../layouts/skeleton'
import type { PageContext, PageModule } from '../../routes'
import { Empty, filterBar, fmtDateTime, fmtShort, input, link, money, muted, outlineLink, PageHeader, Pager, Status, stack, table, tableWrap } from './ui'

async function load(ctx: PageContext) {
  const sp = ctx.url.searchParams
  const filters = {
    schedule: sp.get('schedule'),
    status: sp.get('status'),
    from: sp.get('from'),
    to: sp.get('to'),
    q: sp.get('q'),
    page: pageOf(sp.get('page')),
  }
  const list = await listCoachBookings(ctx.em, ctx.user!.id, filters)
  const schedules = await coachScheduleOptions(ctx.em, ctx.user!.id)
  return { list, schedules, filters }
}
type Data = Awaited<ReturnType<typeof load>>

function Page({ data, ctx }: { data: Data; ctx: PageContext }) {
  const { list, schedules, filters: f } = data
  return (
    <div className={stack}>
      <PageHeader title="Bookings" subtitle="Everyone who booked your workshops. Open a booking to take attendance, add notes or cancel it." />
      <form method="get" action="/c/bookings" className={filterBar} aria-label="Filter bookings">
        <label>
          Schedule
          <select name="schedule" defaultValue={f.schedule ?? ''} className={input}>
            <option value="">All schedules</option>
            {schedules.map((s) => (
              <option key={s.id} value={s.id}>
                {s.title} · {fmtShort(s.startDate, s.timezone)}
              </option>
            ))}
          </select>
        </label>
        <label>
          Status
          <select name="status" defaultValue={f.status ?? ''} className={input}>
            <option value="">Any status</option>
            {BOOKING_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s.replace('_', ' ')}
              </option>
            ))}
          </select>
        </label>
        <label>
          From
          <input type="date" name="from" defaultValue={f.from ?? ''} className={input} />
        </label>
        <label>
          To
          <input type="date" name="to" defaultValue={f.to ?? ''} className={input} />
        </label>
        <label>
          Client
          <input type="search" name="q" defaultValue={f.q ?? ''} placeholder="Name or email" className={input} />
        </label>
        <button type="submit" className={outlineLink}>
          Filter
        </button>
        <a href="/c/bookings" className={muted}>
          Clear
        </a>
      </form>
      {list.rows.length === 0 ? (
        <Empty>No bookings match.</Empty>
      ) : (
        <div className={tableWrap} tabIndex={0} role="region" aria-label="Scrollable table">
          <table className={table}>
            <thead>
              <tr>
                <th>Client</th>
                <th>Workshop</th>
                <th>Session</th>
                <th className="num">Seats</th>
                <th className="num">Paid</th>
                <th>Status</th>
              </tr>
            </thead>
            <tbody>
              {list.rows.map((b) => (
                <tr key={b.id}>
                  <td>
                    <a className={link} href={`/c/bookings/${b.id}`}>
                      {b.client}
                    </a>
                    <div className={muted}>{b.email}</div>
                  </td>
                  <td>{b.title}</td>
                  <td>{fmtDateTime(b.startDate, b.timezone)}</td>
                  <td className="num">
                    {b.seats}
                    {b.attended ? <div className={muted}>{b.attended} attended</div> : null}
                  </td>
                  <td className="num">{money(b.amountPaid, b.currency)}</td>
                  <td>
                    <Status value={b.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={list.page} pages={list.pages} total={list.total} url={ctx.url} />
    </div>
  )
}

export default { title: 'Bookings', defer: true, load, Fallback: () => <PageSkeleton title="Bookings" layout="table" />, Page } satisfies PageModule<Data>
