/** /c/job-postings/{id}/applicants: who applied, with their answers; moved in the island. */
import { css } from 'styled-system/css'
import { APPLICATION_STATUSES, applicationCounts, findPosting, listApplications } from '../../../modules/job-postings'
import { APPLICANT_LABEL } from '../../../modules/job-postings/job-posting.schema'
import { HttpError } from '../../../platform/http/errors'
import { pageOfUrl } from '../../../platform/http/list-query'
import { Island } from '../../island'
import type { PageContext, PageModule } from '../../routes'
import { Pagination } from '../marketplace/parts'
import { muted, PageHeader, Problem } from './parts'
import { teamContext } from './team'

const PER_PAGE = 20

async function load(ctx: PageContext) {
  const team = await teamContext(ctx)
  if (!team.ok) return { problem: team.message }
  let posting: Awaited<ReturnType<typeof findPosting>>
  try {
    posting = await findPosting(team.rc, ctx.params.id)
  } catch (e) {
    if (e instanceof HttpError && e.status === 404) return null
    throw e
  }
  const sp = ctx.url.searchParams
  const status = APPLICATION_STATUSES.find((s) => s === sp.get('status')) ?? null
  const page = pageOfUrl(sp)
  const api = new URL(`http://x/?page=${page}${status ? `&filter[status]=${status}` : ''}`)
  const list = await listApplications(team.rc.em, posting.id, api, { perPage: PER_PAGE })
  const counts = await applicationCounts(team.rc.em, posting.id)
  const rows = list.data,
    total = list.meta.total
  return {
    posting: { id: posting.id, title: posting.title, status: posting.status },
    applicants: JSON.parse(JSON.stringify(rows)),
    counts,
    status,
    page,
    total,
    lastPage: Math.max(1, Math.ceil(total / PER_PAGE)),
  }
}
type Data = NonNullable<Awaited<ReturnType<typeof load>>>

function ApplicantsPage({ data, ctx }: { data: Data; ctx: PageContext }) {
  if ('problem' in data)
    return (
      <>
        <PageHeader title="Applicants" back={{ href: '/c/job-postings', label: 'Job postings' }} />
        <Problem message={data.problem!} />
      </>
    )
  const all = Object.values(data.counts).reduce((a, b) => a + b, 0)
  const tab = (s: string | null, label: string, n: number) => (
    <a
      key={label}
      href={`/c/job-postings/${data.posting!.id}/applicants${s ? `?status=${s}` : ''}`}
      aria-current={data.status === s ? 'page' : undefined}
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
      {label} ({n})
    </a>
  )
  return (
    <>
      <PageHeader title={`Applicants: ${data.posting!.title}`} back={{ href: `/c/job-postings/${data.posting!.id}`, label: 'Back to the posting' }} />
      <nav aria-label="Filter by status" className={css({ display: 'flex', gap: '2', flexWrap: 'wrap', mb: '4' })}>
        {tab(null, 'All', all)}
        {APPLICATION_STATUSES.map((s) => tab(s, APPLICANT_LABEL[s], data.counts[s] ?? 0))}
      </nav>
      {data.status && (
        <p className={muted} style={{ marginBottom: '0.75rem' }}>
          A moved applicant stays in view until the page is reloaded.
        </p>
      )}
      <Island name="job-applicants" props={{ postingId: data.posting!.id, applicants: data.applicants! }} />
      <Pagination url={ctx.url} page={data.page!} lastPage={data.lastPage!} total={data.total!} label="Applicants" />
    </>
  )
}

export default {
  title: (d: Data) => ('posting' in d && d.posting ? `Applicants: ${d.posting.title}` : 'Applicants'),
  stream: true,
  load,
  Page: ApplicantsPage,
} satisfies PageModule<Data>
