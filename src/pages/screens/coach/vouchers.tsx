/**
 * /c/vouchers: the current team's vouchers (code, kind, value, uses of the maximum, expiry, what
 * it applies to, status) on the paged data table; New voucher, edit and disable (the
 * coach-vouchers island, with the API's voucher schema). Needs vouchers.manage in the team.
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
  if (!team.tenant || !team.may['vouchers.manage']) return { team, table: null, tenantId: null }
  return { team, table: await loadTableData(ctx, 'vouchers'), tenantId: team.tenant.id }
}
type Data = Awaited<ReturnType<typeof load>>

function Page({ data }: { data: Data }) {
  const tz = useTz()
  const { team } = data
  return (
    <div className={stack}>
      <PageHeader title="Vouchers" subtitle={team.tenant ? `Discount codes of ${team.tenant.name}, for a launch, friends or a partner.` : undefined} />
      {!team.tenant ? (
        <TeamNotice {...NO_TEAM} />
      ) : !data.table ? (
        <TeamNotice title="Vouchers are for the team’s coaches and managers" text="Your role in this team does not manage its vouchers." />
      ) : (
        <Island
          name="coach-vouchers"
          props={{
            mode: 'list',
            currency: team.tenant.currency,
            table: tableView(data.table, tz, 'Vouchers'),
          }}
        />
      )}
    </div>
  )
}

export default { title: 'Vouchers', stream: true, load, Page } satisfies PageModule<Data>
