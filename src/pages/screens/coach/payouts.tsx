/** /c/account/payouts: the payout ledger across schedules (pending and paid), totals, CSV export. */
import { css } from 'styled-system/css'
import { coachWorkshopRatings, payoutLedger } from '../../../modules/coach'
import { Island } from '../../island'
import type { PageContext, PageModule } from '../../routes'
import { loadTableData, tableView } from '../../tables'
import { useTz } from '../client/parts'
import { buttonLink, money, PageHeader, Stat, stack } from './ui'

async function load(ctx: PageContext) {
  // The account's payouts, from every team the coach works in.
  const workshops = await coachWorkshopRatings(ctx.em, ctx.user!.id, null, { everyTeam: true })
  const table = await loadTableData(ctx, 'coach-payouts', { options: { workshop: workshops.map((w): [string, string] => [w.id, w.title]) }, reload: true })
  // The totals only (no rows): page 1 of the old ledger query carries them.
  const ledger = await payoutLedger(ctx.em, ctx.user!.id, { workshop: table.state.filters.workshop ?? null, page: 1 })
  return { table, totals: ledger.totals, currency: (table.rows[0]?.currency as string | undefined) ?? ledger.page.rows[0]?.currency ?? 'usd' }
}
type Data = Awaited<ReturnType<typeof load>>

function Page({ data: { table, totals, currency: cur } }: { data: Data }) {
  const tz = useTz()
  const f = table.state.filters
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
        <Stat label="Pending (net)" value={money(totals.pending.net, cur)} hint={`${money(totals.pending.revenue, cur)} gross`} testId="pending-net" />
        <Stat label="Paid out (net)" value={money(totals.paid.net, cur)} hint={`${money(totals.paid.revenue, cur)} gross`} testId="paid-net" />
        <Stat label="Platform fees" value={money(totals.pending.fee + totals.paid.fee, cur)} hint={`${totals.pending.feePercent}% of gross`} />
      </div>
      <Island name="data-table" props={tableView(table, tz, 'Payouts')} />
    </div>
  )
}

export default { title: 'Payouts', stream: true, load, Page } satisfies PageModule<Data>
