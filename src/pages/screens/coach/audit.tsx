/**
 * /c/audit: the current team's audit log (who changed what, when, from where, before and after)
 * on the paged data table with its filters (who, what, from, to). Needs audit.view (managers).
 */
import { Island } from '../../island'
import type { PageContext, PageModule } from '../../routes'
import { loadTableData, tableView } from '../../tables'
import { pageTeam } from '../../team'
import { useTz } from '../client/parts'
import { NO_TEAM, TeamNotice } from './team-parts'
import { PageHeader, stack } from './ui'

async function load(ctx: PageContext) {
  const team = await pageTeam(ctx)
  if (!team.tenant || !team.may['audit.view']) return { team, table: null }
  return { team, table: await loadTableData(ctx, 'team-audit') }
}
type Data = Awaited<ReturnType<typeof load>>

function Page({ data }: { data: Data }) {
  const tz = useTz()
  const { team } = data
  return (
    <div className={stack}>
      <PageHeader
        title="Audit log"
        subtitle={team.tenant ? `Every change to ${team.tenant.name}’s business: who, what, when and from where. Nobody can edit it.` : undefined}
      />
      {!team.tenant ? (
        <TeamNotice {...NO_TEAM} />
      ) : !data.table ? (
        <TeamNotice title="The audit log is for the team’s managers" text="Your role in this team does not read its audit log." />
      ) : (
        <Island name="data-table" props={tableView(data.table, tz, 'Audit log')} />
      )}
    </div>
  )
}

export default { title: 'Audit log', stream: true, load, Page } satisfies PageModule<Data>
