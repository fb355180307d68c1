/** /c/feedbacks: ratings and comments by workshop and schedule, the average and its spread, filters. */
import { css } from 'styled-system/css'
import { coachFeedbacks, coachScheduleOptions, coachWorkshopRatings, pageOf } from '../../../modules/coach'
import type { PageContext, PageModule } from '../../routes'
import { card, Empty, filterBar, fmtDay, fmtShort, input, link, muted, outlineLink, PageHeader, Pager, Stat, stack, stars } from './ui'

async function load(ctx: PageContext) {
  const sp = ctx.url.searchParams
  const f = { workshop: sp.get('workshop'), schedule: sp.get('schedule'), rating: sp.get('rating'), page: pageOf(sp.get('page')) }
  return {
    f,
    data: await coachFeedbacks(ctx.em, ctx.user!.id, f),
    workshops: await coachWorkshopRatings(ctx.em, ctx.user!.id),
    schedules: await coachScheduleOptions(ctx.em, ctx.user!.id),
  }
}
type Data = Awaited<ReturnType<typeof load>>

function Page({ data: { f, data, workshops, schedules }, ctx }: { data: Data; ctx: PageContext }) {
  const max = Math.max(1, ...data.distribution)
  return (
    <div className={stack}>
      <PageHeader title="Feedback" subtitle="What attendees said after your sessions." />
      <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 2fr' }, gap: '4' })}>
        <Stat
          label="Average rating"
          value={data.average ?? '—'}
          hint={`${data.count} rating${data.count === 1 ? '' : 's'}${f.workshop || f.schedule || f.rating ? ' (filtered)' : ''}`}
          testId="average"
        />
        <section className={card} aria-label="Ratings by stars">
          {[5, 4, 3, 2, 1].map((r) => (
            <div key={r} className={css({ display: 'grid', gridTemplateColumns: '4.5rem 1fr 2rem', gap: '2', alignItems: 'center', fontSize: 'sm' })}>
              <span>
                {r} star{r === 1 ? '' : 's'}
              </span>
              <div className={css({ h: '2', bg: 'bg.subtle', borderRadius: 'full', overflow: 'hidden' })}>
                <div className={css({ h: 'full', bg: 'colorPalette.default' })} style={{ width: `${(data.distribution[r - 1] / max) * 100}%` }} />
              </div>
              <span className={muted}>{data.distribution[r - 1]}</span>
            </div>
          ))}
        </section>
      </div>
      <form method="get" action="/c/feedbacks" className={filterBar} aria-label="Filter feedback">
        <label>
          Workshop
          <select name="workshop" defaultValue={f.workshop ?? ''} className={input}>
            <option value="">All workshops</option>
            {workshops.map((w) => (
              <option key={w.id} value={w.id}>
                {w.title}
                {w.average ? ` (${w.average}★)` : ''}
              </option>
            ))}
          </select>
        </label>
        <label>
          Schedule
          <select name="schedule" defaultValue={f.schedule ?? ''} className={input}>
            <option value="">All schedules</option>
            {schedules.map((s) => (
              <option key={s.id} value={s.id}>
                {s.title} · {fmtShort(s.startDate, s.timezone)}
              </option>
            ))}
          </select>
        </label>
        <label>
          Rating
          <select name="rating" defaultValue={f.rating ?? ''} className={input}>
            <option value="">Any</option>
            {[5, 4, 3, 2, 1].map((r) => (
              <option key={r} value={r}>
                {r} stars
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={outlineLink}>
          Filter
        </button>
        <a href="/c/feedbacks" className={muted}>
          Clear
        </a>
      </form>
      {data.page.rows.length === 0 ? (
        <Empty>No feedback {f.workshop || f.schedule || f.rating ? 'matches these filters' : 'yet: attendees can rate a session once it has ended'}.</Empty>
      ) : (
        <ul className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
          {data.page.rows.map((r) => (
            <li key={r.id} className={card} data-testid="feedback">
              <div className={css({ display: 'flex', justifyContent: 'space-between', gap: '2', flexWrap: 'wrap' })}>
                <span>
                  <span role="img" aria-label={`${r.rating} out of 5`} className={css({ color: 'yellow.11' })}>
                    {stars(r.rating)}
                  </span>{' '}
                  <strong>{r.author}</strong>
                </span>
                <span className={muted}>
                  <a className={link} href={`/c/workshops/${r.workshopId}/history`}>
                    {r.title}
                  </a>{' '}
                  · session of {fmtDay(r.startDate, r.timezone)}
                </span>
              </div>
              {r.comment ? <p className={css({ overflowWrap: 'anywhere' })}>{r.comment}</p> : <p className={muted}>No comment.</p>}
            </li>
          ))}
        </ul>
      )}
      <Pager page={data.page.page} pages={data.page.pages} total={data.page.total} url={ctx.url} />
    </div>
  )
}

export default { title: 'Feedbacks', load, Page } satisfies PageModule<Data>
