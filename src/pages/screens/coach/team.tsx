/**
 * /c/team: the people who work in the current team (a team role) with their roles and status,
 * then, apart, the clients with access (no team role: they book its private sessions; never
 * "removed" like a colleague), and for its managers the invitations; invite by email, change
 * roles, remove (the coach-team island). A coach without members.manage reads the lists; a role
 * without members.view is told so.
 */
import { assignableRoles } from '../../../modules/teams'
import { Island } from '../../island'
import type { PageContext, PageModule } from '../../routes'
import { loadTableData, tableView } from '../../tables'
import { roleLabel } from '../../tables/views'
import { pageTeam } from '../../team'
import { useTz } from '../client/parts'
import { NO_TEAM, TeamNotice, TeamTabs } from './team-parts'
import { PageHeader, stack } from './ui'

async function load(ctx: PageContext) {
  const team = await pageTeam(ctx)
  if (!team.tenant || !team.may['members.view']) return { team, members: null, clients: null, invitations: null, roles: [] }
  const roles = await assignableRoles(ctx.em)
  const roleOptions = { role: roles.map((r): [string, string] => [r.name, roleLabel(r.name)]) }
  const members = await loadTableData(ctx, 'team-members', { options: roleOptions, scope: { who: 'team' } })
  const clients = await loadTableData(ctx, 'team-members', { prefix: 'cl-', scope: { who: 'clients' }, empty: { text: 'No clients with access.' } })
  const invitations = team.may['members.manage'] ? await loadTableData(ctx, 'team-invitations', { prefix: 'inv-' }) : null
  return { team, members, clients, invitations, roles }
}
type Data = Awaited<ReturnType<typeof load>>

function Page({ data, ctx }: { data: Data; ctx: PageContext }) {
  const tz = useTz()
  const { team } = data
  const name = team.tenant?.name ?? 'Team'
  return (
    <div className={stack}>
      <PageHeader title="Team" subtitle={team.tenant ? `${name}: who works here and what each person may do.` : 'The people you run your business with.'} />
      {team.tenant ? <TeamTabs current="/c/team" team={team} /> : null}
      {!team.tenant ? (
        <TeamNotice {...NO_TEAM} />
      ) : !data.members ? (
        <TeamNotice
          title="Members are for the team’s coaches and managers"
          text="Your role in this team does not show its members. A manager of the team can change your roles."
        />
      ) : (
        <Island
          name="coach-team"
          props={{
            team: name,
            me: ctx.user!.id,
            canManage: team.may['members.manage'],
            roles: data.roles,
            members: tableView(data.members, tz, 'Members'),
            clients:
              data.clients && (data.clients.total > 0 || Object.keys(data.clients.state.filters).length)
                ? tableView(data.clients, tz, 'Clients with access')
                : null,
            invitations: data.invitations ? tableView(data.invitations, tz, 'Invitations') : null,
          }}
        />
      )}
    </div>
  )
}

export default { title: 'Team', stream: true, load, Page } satisfies PageModule<Data>
