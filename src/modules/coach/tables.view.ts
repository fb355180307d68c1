/**
 * The coach's feedback as a list table, paged, sorted and filtered on the server (section 9):
 * one statement per page. (The bookings and payouts tables live beside their other views.)
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { type ListQuery, pagedSql } from '../../platform/db/paged-sql'
import { isUuid, num, personName, ratingsOf } from './sql'

export const iso = (d: unknown) => (d ? new Date(d as string).toISOString() : null)

const FEEDBACK_WHERE = (f: Record<string, string>) => {
  const where = ['f.coach_id = ?', 'f.tenant_id = ?', 'f.deleted_at is null']
  const params: unknown[] = []
  if (isUuid(f.workshop)) where.push('s.workshop_id = ?') && params.push(f.workshop)
  if (isUuid(f.schedule)) where.push('s.id = ?') && params.push(f.schedule)
  if (/^[1-5]$/.test(f.rating ?? '')) where.push('f.rating = ?') && params.push(Number(f.rating))
  return { sql: where.join(' and '), params }
}

/** Feedback on the coach's sessions in the current team: filters workshop, schedule, rating. */
export async function coachFeedbacksPage(em: EntityManager, coachId: string, tenantId: string | null, q: ListQuery) {
  const w = FEEDBACK_WHERE(q.filters)
  const page = await pagedSql(
    em,
    `select f.id, f.rating, f.comment, f.created_at, s.id as schedule_id, s.start_date, s.timezone, w.id as workshop_id, w.title,
            u.email, u.username, u.profile->>'firstName' as first_name, u.profile->>'lastName' as last_name
       from feedbacks f join workshop_schedules s on s.id = f.workshop_schedule_id join workshops w on w.id = s.workshop_id join users u on u.id = f.user_id
      where ${w.sql}`,
    [coachId, tenantId, ...w.params],
    q,
    { rating: 't.rating', date: 't.created_at', workshop: 'lower(t.title)', session: 't.start_date' },
    't.created_at desc, t.id',
    { sql: `select 1 from feedbacks f join workshop_schedules s on s.id = f.workshop_schedule_id where ${w.sql}`, params: [coachId, tenantId, ...w.params] },
  )
  return {
    ...page,
    rows: page.rows.map((r: any) => ({
      id: r.id as string,
      rating: num(r.rating),
      comment: (r.comment ?? null) as string | null,
      createdAt: iso(r.created_at)!,
      scheduleId: r.schedule_id as string,
      startDate: iso(r.start_date)!,
      timezone: r.timezone as string,
      workshopId: r.workshop_id as string,
      title: r.title as string,
      author: personName(r),
    })),
  }
}

/**
 * The average and the spread of the ratings under the same filters, from the rating counts of the
 * narrowest scope asked (a schedule, a workshop, else the coach in the team): one row.
 */
export async function coachFeedbackSummary(em: EntityManager, coachId: string, tenantId: string | null, filters: Record<string, string>) {
  const schedule = isUuid(filters.schedule) ? filters.schedule : null
  const workshop = isUuid(filters.workshop) ? filters.workshop : null
  // A schedule or workshop counts only when it is the coach's own (and the schedule of the workshop asked).
  const [row] = await em.execute<any[]>(
    schedule
      ? `select t.* from feedback_totals t join workshop_schedules s on s.id = t.id
          where t.kind = 's' and t.id = ? and t.tenant_id = ? and s.coach_id = ? and (?::uuid is null or s.workshop_id = ?::uuid)`
      : workshop
        ? `select t.* from feedback_totals t join workshops w on w.id = t.id where t.kind = 'w' and t.id = ? and t.tenant_id = ? and w.coach_id = ?`
        : `select t.* from feedback_totals t where t.kind = 'c' and t.id = ? and t.tenant_id = ?`,
    schedule ? [schedule, tenantId, coachId, workshop, workshop] : workshop ? [workshop, tenantId, coachId] : [coachId, tenantId],
  )
  const all = ratingsOf(row)
  const rating = /^[1-5]$/.test(filters.rating ?? '') ? Number(filters.rating) : null
  if (!rating) return all
  const distribution = all.distribution.map((n, i) => (i + 1 === rating ? n : 0))
  return { average: distribution[rating - 1] ? rating : null, count: distribution[rating - 1], distribution }
}
