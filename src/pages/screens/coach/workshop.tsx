/** /c/workshops/{id}: the workshop (picture, description, tags) and its schedules with every action. */
import { css } from 'styled-system/css'
import { workshopTitle } from '../../../modules/coach'
import { Island } from '../../island'
import type { PageContext, PageModule } from '../../routes'
import { teamId } from '../../team'
import { card, fmtDateTime, link, muted } from './ui'
import { loadWorkshop, type WorkshopData, WorkshopFrame, WorkshopFrameSkeleton } from './workshop-shell'

/** The overview shows a screenful of schedules: where there are more, where to find them. */
function MoreSchedules({ data }: { data: WorkshopData }) {
  const coming = data.schedules.filter((s) => !s.ended && !s.deleted).length
  const past = data.schedules.filter((s) => s.ended && !s.deleted).length
  const base = `/c/workshops/${data.workshop.id}`
  if (data.counts.coming <= coming && data.counts.past <= past) return null
  return (
    <p className={muted} data-testid="more-schedules">
      {data.counts.coming > coming ? (
        <>
          Showing the next {coming} of {data.counts.coming} coming dates:{' '}
          <a className={link} href={`${base}/calendar`}>
            see them all in the calendar
          </a>
          .{' '}
        </>
      ) : null}
      {data.counts.past > past ? (
        <>
          {past ? `The ${past} latest of ${data.counts.past} past dates are shown: ` : `${data.counts.past} past dates: `}
          <a className={link} href={`${base}/history`}>
            see the history
          </a>
          .
        </>
      ) : null}
    </p>
  )
}

function Page({ data, ctx }: { data: WorkshopData; ctx: PageContext }) {
  const w = data.workshop
  const tz = data.schedules.find((s) => !s.deleted)?.timezone ?? ''
  return (
    <WorkshopFrame data={data} ctx={ctx} tab="">
      <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: w.image ? '2fr 1fr' : '1fr' }, gap: '4' })}>
        <div className={card}>
          <h2 className={css({ fontWeight: 'semibold' })}>About</h2>
          <p className={css({ whiteSpace: 'pre-line', overflowWrap: 'anywhere' })}>{w.description || <span className={muted}>No description yet.</span>}</p>
          {w.tags.length > 0 && <p className={muted}>Tags: {w.tags.map((t) => t.name).join(', ')}</p>}
          {w.video && (
            <p className={muted}>
              Video:{' '}
              <a href={w.video} rel="noopener noreferrer" className={css({ textDecoration: 'underline' })}>
                {w.video}
              </a>
            </p>
          )}
        </div>
        {w.image && (
          <img
            src={w.image}
            alt={w.title}
            width={480}
            height={320}
            className={css({ w: 'full', h: 'auto', aspectRatio: '3 / 2', objectFit: 'cover', borderRadius: 'l3', bg: 'bg.subtle' })}
          />
        )}
      </div>
      <Island
        name="coach-schedules"
        props={{
          workshopId: w.id,
          coachId: ctx.user!.id,
          minSeats: w.minSeats,
          maxSeats: w.maxSeats,
          defaultTimezone: tz,
          plan: data.plan ? { plan: data.plan.plan, published: data.plan.published, max: data.plan.max } : null,
          schedules: data.schedules.map((s) => ({
            id: s.id,
            when: fmtDateTime(s.startDate, s.timezone),
            startDate: s.startDate.toISOString(),
            endDate: s.endDate.toISOString(),
            timezone: s.timezone,
            country: s.country,
            level: s.level,
            status: s.status,
            visibility: s.visibility,
            mode: s.mode,
            venueName: s.venueName,
            addressLine1: s.addressLine1,
            addressLine2: s.addressLine2,
            city: s.city,
            state: s.state,
            zip: s.zip,
            meetingUrl: s.meetingUrl,
            seatsTaken: s.seatsTaken,
            confirmed: s.confirmed,
            bookings: s.bookings,
            waiting: s.waiting,
            waitingSeats: s.waitingSeats,
            ended: s.ended,
            deleted: s.deleted,
          })),
        }}
      />
      <MoreSchedules data={data} />
    </WorkshopFrame>
  )
}

export default {
  // The title (and the 404) come before the first byte; the workshop and its schedules stream in.
  title: (title: string) => title,
  defer: true,
  head: async (ctx: PageContext) => workshopTitle(ctx.em, ctx.user!.id, await teamId(ctx), ctx.params.id),
  load: (ctx: PageContext) => loadWorkshop(ctx, { form: true, schedules: { kind: 'overview' } }),
  Fallback: ({ ctx, head }) => <WorkshopFrameSkeleton ctx={ctx} head={head} tab="" />,
  Page,
} satisfies PageModule<WorkshopData, string>
