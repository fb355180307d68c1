/** /c/feedbacks: ratings and comments by workshop and schedule, the average and its spread, filters. */
import { css } from 'styled-system/css'
import { coachFeedbackSummary, coachScheduleOptions, coachWorkshopRatings } from '../../../modules/coach'
import { count } from '../../../shared/words'
import { Island } from '../../island'
import type { PageContext, PageModule } from '../../routes'
import { loadTableData, tableView } from '../../tables'
import { teamId } from '../../team'
import { useTz } from '../client/parts'
import { card, fmtShort, muted, PageHeader, Stat, stack } from './ui'

async function load(ctx: PageContext) {
  const team = await teamId(ctx)
  const [workshops, schedules] = await Promise.all([
    coachWorkshopRatings(ctx.em, ctx.user!.id, team, { selected: ctx.url.searchParams.get('workshop') }),
    coachScheduleOptions(ctx.em, ctx.user!.id, team, ctx.url.searchParams.get('schedule')),
  ])
  const options = {
    workshop: workshops.map((w): [string, string] => [w.id, `${w.title}${w.average ? ` (${w.average}★)` : ''}`]),
    schedule: schedules.map((s): [string, string] => [s.id, `${s.title} · ${fmtShort(s.startDate, s.timezone)}`]),
  }
  const table = await loadTableData(ctx, 'coach-feedbacks', { options, reload: true })
  return { table, data: await coachFeedbackSummary(ctx.em, ctx.user!.id, team, table.state.filters) }
}
type Data = Awaited<ReturnType<typeof load>>

function Page({ data: { table, data } }: { data: Data }) {
  const tz = useTz()
  const max = Math.max(1, ...data.distribution)
  const filtered = Object.keys(table.state.filters).length > 0
  return (
    <div className={stack}>
      <PageHeader title="Feedback" subtitle="What attendees said after your sessions." />
      <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 2fr' }, gap: '4' })}>
        <Stat label="Average rating" value={data.average ?? '—'} hint={`${count(data.count, 'rating')}${filtered ? ' (filtered)' : ''}`} testId="average" />
        <section className={card} aria-label="Ratings by stars">
          {[5, 4, 3, 2, 1].map((r) => (
            <div key={r} className={css({ display: 'grid', gridTemplateColumns: '4.5rem 1fr 2rem', gap: '2', alignItems: 'center', fontSize: 'sm' })}>
              <span>{count(r, 'star')}</span>
              <div className={css({ h: '2', bg: 'bg.subtle', borderRadius: 'full', overflow: 'hidden' })}>
                <div className={css({ h: 'full', bg: 'colorPalette.default' })} style={{ width: `${(data.distribution[r - 1] / max) * 100}%` }} />
              </div>
              <span className={muted}>{data.distribution[r - 1]}</span>
            </div>
          ))}
        </section>
      </div>
      <Island name="data-table" props={tableView(table, tz, 'Feedback')} />
    </div>
  )
}

export default { title: 'Feedbacks', stream: true, load, Page } satisfies PageModule<Data>
