/** /c/account/payouts: the payout ledger across schedules (pending and paid), totals, CSV export. */
import { css } from 'styled-system/css'
import { coachWorkshopRatings, pageOf, payoutLedger } from '../../../modules/coach'
import type { PageContext, PageModule } from '../../routes'
import {
  buttonLink,
  Empty,
  filterBar,
  fmtDateTime,
  input,
  link,
  money,
  muted,
  outlineLink,
  PageHeader,
  Pager,
  Stat,
  Status,
  stack,
  table,
  tableWrap,
} from './ui'

async function load(ctx: PageContext) {
  const sp = ctx.url.searchParams
  const f = { status: sp.get('status'), workshop: sp.get('workshop') }
  return {
    f,
    ledger: await payoutLedger(ctx.em, ctx.user!.id, { ...f, page: pageOf(sp.get('page')) }),
    workshops: await coachWorkshopRatings(ctx.em, ctx.user!.id),
  }
}
type Data = Awaited<ReturnType<typeof load>>

function Page({ data: { f, ledger, workshops }, ctx }: { data: Data; ctx: PageContext }) {
  const cur = ledger.page.rows[0]?.currency ?? 'usd'
  const csv = new URLSearchParams()
  if (f.status) csv.set('filter[status]', f.status)
  if (f.workshop) csv.set('filter[workshop]', f.workshop)
  return (
    <div className={stack}>
      <PageHeader
        title="Payouts"
        subtitle="What each session earned: paid bookings, minus the platform fee."
        actions={
          <a className={buttonLink} href={`/v1/coach/payouts.csv${csv.size ? `?${csv}` : ''}`} download>
            Export CSV
          </a>
        }
      />
      <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'repeat(3, 1fr)' }, gap: '4' })}>
        <Stat
          label="Pending (net)"
          value={money(ledger.totals.pending.net, cur)}
          hint={`${money(ledger.totals.pending.revenue, cur)} gross`}
          testId="pending-net"
        />
        <Stat label="Paid out (net)" value={money(ledger.totals.paid.net, cur)} hint={`${money(ledger.totals.paid.revenue, cur)} gross`} testId="paid-net" />
        <Stat
          label="Platform fees"
          value={money(ledger.totals.pending.fee + ledger.totals.paid.fee, cur)}
          hint={`${ledger.totals.pending.feePercent}% of gross`}
        />
      </div>
      <form method="get" action="/c/account/payouts" className={filterBar} aria-label="Filter payouts">
        <label>
          Status
          <select name="status" defaultValue={f.status ?? ''} className={input}>
            <option value="">Pending and paid</option>
            <option value="pending">Pending</option>
            <option value="paid">Paid</option>
          </select>
        </label>
        <label>
          Workshop
          <select name="workshop" defaultValue={f.workshop ?? ''} className={input}>
            <option value="">All workshops</option>
            {workshops.map((w) => (
              <option key={w.id} value={w.id}>
                {w.title}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={outlineLink}>
          Filter
        </button>
      </form>
      {ledger.page.rows.length === 0 ? (
        <Empty>No payouts yet: they appear once bookings are paid.</Empty>
      ) : (
        <div className={tableWrap} tabIndex={0} role="region" aria-label="Scrollable table">
          <table className={table}>
            <thead>
              <tr>
                <th>Session</th>
                <th className="num">Bookings</th>
                <th className="num">Gross</th>
                <th className="num">Fee</th>
                <th className="num">Net</th>
                <th>Status</th>
              </tr>
            </thead>
            <tbody>
              {ledger.page.rows.map((r) => (
                <tr key={r.scheduleId}>
                  <td>
                    <a className={link} href={`/c/workshops/${r.workshopId}/payouts`}>
                      {r.title}
                    </a>
                    <div className={muted}>{fmtDateTime(r.startDate, r.timezone)}</div>
                  </td>
                  <td className="num">
                    {r.bookings} ({r.seats} seats)
                  </td>
                  <td className="num">{money(r.gross, r.currency)}</td>
                  <td className="num">{money(r.fee, r.currency)}</td>
                  <td className="num">{money(r.net, r.currency)}</td>
                  <td>
                    <Status value={r.status} label={r.status === 'paid' ? 'Paid' : r.ended ? 'Pending' : 'Pending (not ended)'} />
                    {r.paidAt && <div className={muted}>{fmtDateTime(r.paidAt, r.timezone)}</div>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={ledger.page.page} pages={ledger.page.pages} total={ledger.page.total} url={ctx.url} />
    </div>
  )
}

export default { title: 'Payouts', load, Page } satisfies PageModule<Data>
