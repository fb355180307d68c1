/** /c/job-postings: the team's postings (10 a page), filtered by status, newest first. */
import { css, cx } from 'styled-system/css'
import { badge, button } from 'styled-system/recipes'
import { Table } from '../../../../design-system/components/table/table'
import { fmtDate } from '../../../../islands/lib/format'
import { JOB_STATUSES, teamPostingsPage } from '../../../modules/job-postings'
import { EMPLOYMENT_LABEL, STATUS_LABEL } from '../../../modules/job-postings/job-posting.schema'
import { PLAN_LIMITS, type TenantPlan } from '../../../modules/tenants'
import { pageOfUrl } from '../../../platform/http/list-query'
import { count } from '../../../shared/words'
import type { PageContext, PageModule } from '../../routes'
import { useTz } from '../client/parts'
import { Pagination } from '../marketplace/parts'
import { muted, PageHeader, Problem, panel } from './parts'
import { teamContext } from './team'

async function load(ctx: PageContext) {
  const team = await teamContext(ctx)
  if (!team.ok) return { problem: team.message }
  const sp = ctx.url.searchParams
  const status = JOB_STATUSES.find((s) => s === sp.get('status')) ?? null
  const page = pageOfUrl(sp)
  const q = sp.get('q')?.trim().slice(0, 200)
  // One statement: the page of rows, its total and the plan's open count (the team from the layout's).
  const { open, ...list } = await teamPostingsPage(team.rc, { status, q: q || null, page })
  const tenant = await team.rc.tenant()
  const plan = { name: tenant.plan as TenantPlan, open, max: PLAN_LIMITS[tenant.plan as TenantPlan].openJobPostings }
  return { list, status, q: q ?? '', plan }
}
type Data = Awaited<ReturnType<typeof load>>

const tone: Record<string, NonNullable<NonNullable<Parameters<typeof badge>[0]>['variant']>> = {
  DRAFT: 'outline',
  PUBLISHED: 'solid',
  CLOSED: 'subtle',
  ARCHIVED: 'subtle',
}

function ListPage({ data, ctx }: { data: Data; ctx: PageContext }) {
  // Dates as every other page writes them ("Nov 26, 2026"), in the reader's time zone.
  const tz = useTz()
  const newButton = (
    <a href="/c/job-postings/new" className={button({ size: 'md' })}>
      New job posting
    </a>
  )
  if ('problem' in data)
    return (
      <>
        <PageHeader title="Job postings" />
        <Problem message={data.problem!} />
      </>
    )
  const { list, status } = data
  const tab = (s: string | null, label: string) => (
    <a
      key={label}
      href={s ? `/c/job-postings?status=${s}` : '/c/job-postings'}
      aria-current={status === s ? 'page' : undefined}
      className={css({
        px: '3',
        py: '1.5',
        borderRadius: 'l2',
        fontSize: 'sm',
        textDecoration: 'none',
        color: 'fg.default',
        borderWidth: '1px',
        borderColor: 'border.subtle',
        bg: 'bg.default',
        '&[aria-current=page]': { bg: 'colorPalette.default', color: 'colorPalette.fg', borderColor: 'colorPalette.default', fontWeight: 'semibold' },
      })}
    >
      {label}
    </a>
  )
  return (
    <>
      <PageHeader title="Job postings">{newButton}</PageHeader>
      <p className={muted} data-testid="plan-usage" style={{ marginTop: '-0.75rem', marginBottom: '1rem' }}>
        {data.plan.max === null
          ? `${count(data.plan.open, 'open (published) posting')}; the ${data.plan.name} plan has no limit.`
          : `${data.plan.open} of ${count(data.plan.max, 'open (published) posting')} on the ${data.plan.name} plan.`}
      </p>
      <nav aria-label="Filter by status" className={css({ display: 'flex', gap: '2', flexWrap: 'wrap', mb: '4' })}>
        {tab(null, 'All')}
        {JOB_STATUSES.map((s) => tab(s, STATUS_LABEL[s]))}
      </nav>
      {list.data.length === 0 ? (
        <div className={cx(panel, css({ p: '10', textAlign: 'center', display: 'flex', flexDir: 'column', gap: '3', alignItems: 'center' }))}>
          <p className={css({ fontWeight: 'semibold' })}>{status ? `No ${STATUS_LABEL[status].toLowerCase()} job postings.` : 'No job postings yet.'}</p>
          <p className={muted}>Write one, save it as a draft, and publish it when it is complete.</p>
          {newButton}
        </div>
      ) : (
        <div className={cx(panel, css({ overflowX: 'auto' }))}>
          <Table.Root aria-label="Job postings" data-testid="postings-table">
            <Table.Head>
              <Table.Row>
                <Table.Header scope="col">Title</Table.Header>
                <Table.Header scope="col">Status</Table.Header>
                <Table.Header scope="col">Company</Table.Header>
                <Table.Header scope="col">Applicants</Table.Header>
                <Table.Header scope="col">Updated</Table.Header>
              </Table.Row>
            </Table.Head>
            <Table.Body>
              {list.data.map((p) => (
                <Table.Row key={p.id}>
                  <Table.Cell data-primary="">
                    <span>
                      <a href={`/c/job-postings/${p.id}`} className={css({ fontWeight: 'semibold', color: 'fg.default' })}>
                        {p.title}
                      </a>
                      <span className={cx(muted, css({ display: 'block', fontWeight: 'normal' }))}>
                        {[p.employmentStatus ? EMPLOYMENT_LABEL[p.employmentStatus] : null, p.location].filter(Boolean).join(' · ')}
                      </span>
                    </span>
                  </Table.Cell>
                  <Table.Cell data-label="Status">
                    <span className={badge({ size: 'sm', variant: tone[p.status] })}>{STATUS_LABEL[p.status]}</span>
                  </Table.Cell>
                  <Table.Cell data-label="Company">{p.companyName ?? '—'}</Table.Cell>
                  <Table.Cell data-label="Applicants">
                    <a href={`/c/job-postings/${p.id}/applicants`}>{p.applicantCount}</a>
                  </Table.Cell>
                  <Table.Cell data-label="Updated">{fmtDate(p.updatedAt, tz)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </div>
      )}
      <Pagination url={ctx.url} page={list.meta.page} lastPage={list.meta.lastPage} total={list.meta.total} label="Job postings" />
    </>
  )
}

export default { title: 'Job postings', keep: true, load, Page: ListPage } satisfies PageModule<Data>
