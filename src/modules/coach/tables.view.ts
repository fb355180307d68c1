/**
 * The coach's feedback as a list table, paged, sorted and filtered on the server (section 9):
 * one statement per page. (The bookings and payouts tables live beside their other views.)
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { type ListQuery, pagedSql } from '../../platform/db/paged-sql'
import { avg1, isUuid, num, personName } from './sql'

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

/** The average and the spread of the ratings under the same filters: one statement. */
export async function coachFeedbackSummary(em: EntityManager, coachId: string, tenantId: string | null, filters: Record<string, string>) {
  const w = FEEDBACK_WHERE(filters)
  const [summary] = await em.execute<any[]>(
    `select avg(f.rating) as avg, count(*) as n, ${[1, 2, 3, 4, 5].map((r) => `count(*) filter (where f.rating = ${r}) as r${r}`).join(', ')}
       from feedbacks f join workshop_schedules s on s.id = f.workshop_schedule_id where ${w.sql}`,
    [coachId, tenantId, ...w.params],
  )
  return { average: avg1(summary?.avg), count: num(summary?.n), distribution: [1, 2, 3, 4, 5].map((r) => num(summary?.[`r${r}`])) }
}
