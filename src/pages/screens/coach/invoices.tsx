/**
 * /c/invoices: the current team's invoices and credit notes (the paged data table with search,
 * kind and dates; each number downloads its PDF) and its tax report of a filing period (the
 * team-tax-report island downloads GET /v1/t/tax-report's CSV). Needs invoices.view (managers),
 * like the API.
 */
import { css } from 'styled-system/css'
import { Island } from '../../island'
import type { PageContext, PageModule } from '../../routes'
import { loadTableData, tableView } from '../../tables'
import { pageTeam } from '../../team'
import { useTz } from '../client/parts'
import { NO_TEAM, TeamNotice } from './team-parts'
import { card, muted, PageHeader, stack } from './ui'

const ymd = (d: Date) => d.toISOString().slice(0, 10)

/** The last full calendar month (UTC): the period the report form opens with. */
export function lastMonth(now = new Date()) {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0))
  return { from: ymd(first), to: ymd(last) }
}

async function load(ctx: PageContext) {
  const team = await pageTeam(ctx)
  if (!team.tenant || !team.may['invoices.view']) return { team, table: null }
  return { team, table: await loadTableData(ctx, 'team-documents') }
}
type Data = Awaited<ReturnType<typeof load>>

function Page({ data }: { data: Data }) {
  const tz = useTz()
  const { team } = data
  return (
    <div className={stack}>
      <PageHeader
        title="Invoices"
        subtitle={team.tenant ? `${team.tenant.name}’s invoices and credit notes, and its tax report for a filing period.` : undefined}
      />
      {!team.tenant ? (
        <TeamNotice {...NO_TEAM} />
      ) : !data.table ? (
        <TeamNotice title="Invoices are for the team’s managers" text="Your role in this team does not read its invoices or tax report." />
      ) : (
        <>
          <section aria-labelledby="tax-report" className={card}>
            <div>
              <h2 id="tax-report" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
                Tax report
              </h2>
              <p className={muted}>
                Net, tax and gross per rate and country for the period (dates in UTC, both included, at most 400 days): the invoices issued in it less its
                credit notes, as a spreadsheet (CSV).
              </p>
            </div>
            <Island name="team-tax-report" props={lastMonth()} />
          </section>
          <Island name="data-table" props={tableView(data.table, tz, 'Invoices and credit notes')} />
        </>
      )}
    </div>
  )
}

export default { title: 'Invoices', stream: true, load, Page } satisfies PageModule<Data>
