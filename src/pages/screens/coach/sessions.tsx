/**
 * /c/sessions: one-to-one sessions. The coach's session types in the current team, hours, busy
 * calendars and a preview of the free times (the coach-sessions island), and their coming
 * booked sessions, 10 a page in start order (server-rendered, linked to each booking).
 */
import { css } from 'styled-system/css'
import { Table } from '../../../../design-system/components/table/table'
import { fmtRange } from '../../../../islands/lib/format'
import {
  availabilityOf,
  coachSessionTypes,
  comingSessions,
  listFeeds,
  SESSIONS_PER_PAGE,
  serializeAvailability,
  serializeFeed,
  serializeSessionType,
} from '../../../modules/sessions'
import { zoneLabel } from '../../../shared/datetime'
import { Island } from '../../island'
import type { PageContext, PageModule } from '../../routes'
import { pageTeam } from '../../team'
import { NO_TEAM, TeamNotice } from './team-parts'
import { card, Empty, link, muted, PageHeader, Pager, Status, stack, tableWrap } from './ui'

async function load(ctx: PageContext) {
  const team = await pageTeam(ctx)
  const me = ctx.user!
  const page = Math.max(1, Math.min(Number(ctx.url.searchParams.get('page')) || 1, 10_000))
  const teamWide = !!team.rc && (team.rc.isSuperAdmin || (await team.rc.can('bookings.manage')))
  const [types, availability, feeds, coming] = await Promise.all([
    team.tenant ? coachSessionTypes(ctx.em.fork(), team.tenant.id, me.id, teamWide) : Promise.resolve([]),
    availabilityOf(ctx.em.fork(), me.id),
    listFeeds(ctx.em.fork(), me.id),
    comingSessions(ctx.em.fork(), me.id, page),
  ])
  return { team, types, availability, feeds, coming, page }
}
type Data = Awaited<ReturnType<typeof load>>

function Page({ data, ctx }: { data: Data; ctx: PageContext }) {
  const { team, coming } = data
  const me = ctx.user!
  const tz = data.availability?.timeZone ?? 'UTC'
  const pages = Math.max(1, Math.ceil(coming.total / SESSIONS_PER_PAGE))
  return (
    <div className={stack}>
      <PageHeader
        title="Sessions"
        subtitle="One-to-one time clients book from your profile: intro calls and paid sessions, in your hours, never over your busy time."
      />
      {!team.tenant ? (
        <TeamNotice {...NO_TEAM} />
      ) : (
        <Island
          name="coach-sessions"
          props={{
            types: data.types.map(serializeSessionType),
            availability: serializeAvailability(data.availability),
            calendars: data.feeds.map(serializeFeed),
            currency: team.tenant.currency,
            profilePath: `/${me.username ?? me.id}`,
            coachId: me.id,
          }}
        />
      )}
      <section className={card} aria-labelledby="coming-title">
        <h2 id="coming-title" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
          Coming sessions
        </h2>
        <p className={muted}>Booked with you in every team, soonest first, in {zoneLabel(tz)}.</p>
        {coming.rows.length === 0 ? (
          <Empty>No sessions booked yet. Share a session's booking page, or your profile: they are listed there.</Empty>
        ) : (
          <div className={tableWrap}>
            <Table.Root size="sm" aria-label="Coming sessions" data-testid="coming-sessions">
              <Table.Head>
                <Table.Row>
                  <Table.Header>When</Table.Header>
                  <Table.Header>Session</Table.Header>
                  <Table.Header>Client</Table.Header>
                  <Table.Header>Status</Table.Header>
                </Table.Row>
              </Table.Head>
              <Table.Body>
                {coming.rows.map((s) => (
                  <Table.Row key={s.id}>
                    <Table.Cell data-primary="">
                      <a className={link} href={`/c/bookings/${s.id}`}>
                        {fmtRange(s.startsAt, s.endsAt, tz)}
                      </a>
                    </Table.Cell>
                    <Table.Cell data-label="Session">{s.title}</Table.Cell>
                    <Table.Cell data-label="Client">
                      {s.client}
                      <span className={css({ display: 'block', color: 'fg.muted', fontSize: 'xs' })}>{s.email}</span>
                    </Table.Cell>
                    <Table.Cell data-label="Status">
                      <Status value={s.status} />
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </div>
        )}
        <Pager page={data.page} pages={pages} total={coming.total} url={ctx.url} />
      </section>
    </div>
  )
}

export default { title: 'Sessions', stream: true, load, Page } satisfies PageModule<Data>
