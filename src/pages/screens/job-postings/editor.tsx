/** /c/job-postings/new and /c/job-postings/{id}: the job-posting editor island. */
import { css } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { showPosting, teamMembers } from '../../../modules/job-postings'
import { HttpError } from '../../../platform/http/errors'
import { Island } from '../../island'
import type { PageContext, PageModule } from '../../routes'
import { PageHeader, Problem } from './parts'
import { teamContext } from './team'

async function load(ctx: PageContext) {
  const team = await teamContext(ctx)
  if (!team.ok) return { problem: team.message }
  const tenant = await team.rc.tenant()
  let posting: any = null
  if (ctx.params.id) {
    try {
      posting = await showPosting(team.rc, ctx.params.id, new URL('http://x/'))
    } catch (e) {
      if (e instanceof HttpError && e.status === 404) return null
      throw e
    }
  }
  return { posting: posting ? JSON.parse(JSON.stringify(posting)) : null, members: await teamMembers(team.rc.em, tenant.id, posting?.recruiterIds ?? []) }
}
type Data = NonNullable<Awaited<ReturnType<typeof load>>>

function EditorPage({ data }: { data: Data; ctx: PageContext }) {
  if ('problem' in data)
    return (
      <>
        <PageHeader title="Job posting" back={{ href: '/c/job-postings', label: 'Job postings' }} />
        <Problem message={data.problem!} />
      </>
    )
  const p = data.posting
  return (
    <>
      <PageHeader title={p ? p.title : 'New job posting'} back={{ href: '/c/job-postings', label: 'Job postings' }}>
        {p && (
          <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
            <a href={`/c/job-postings/${p.id}/applicants`} className={button({ size: 'sm', variant: 'outline' })}>
              Applicants ({p.applicantCount})
            </a>
            {p.status === 'PUBLISHED' && (
              <a href={`/jobs/${p.id}`} className={button({ size: 'sm', variant: 'ghost' })}>
                View public page
              </a>
            )}
          </div>
        )}
      </PageHeader>
      <Island name="job-posting-editor" props={{ posting: p, members: data.members! }} />
    </>
  )
}

export default {
  title: (d: Data) => ('posting' in d && d.posting ? `Edit ${d.posting.title}` : 'New job posting'),
  stream: true,
  load,
  Page: EditorPage,
} satisfies PageModule<Data>
