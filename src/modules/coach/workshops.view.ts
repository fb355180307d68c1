/**
 * What the coach sees of their workshops and schedules. Raw statements with fixed counts (no
 * per-row queries), scoped to the coach; deleted workshops are listed on request so they can
 * be restored.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { now } from '../../platform/clock'
import { type ListQuery, likePattern, pagedSql } from '../../platform/db/paged-sql'
import { queryPrepared } from '../../platform/db/prepared'
import { toMajor } from '../../shared/money'
import type { RefundPolicy } from '../../shared/refund-policy'
import type { TenantPlan } from '../tenants'
import { PLAN_LIMITS } from '../tenants'
import type { Question } from '../workshops/question.schema'
import { isUuid, num, ratingsOf } from './sql'

/** The overview's screenful of schedules: the next ones and the latest over. */
export const OVERVIEW_COMING = 8
export const OVERVIEW_PAST = 3

/** The coach's tenant plan and how many published schedules that have not ended count against it. */
/** A jsonb column as the driver hands it (parsed, or a string on some paths). */
const jsonOf = <T>(v: unknown): T | null => (v == null ? null : typeof v === 'string' ? (JSON.parse(v) as T) : (v as T))

export async function planUsage(em: EntityManager, tenantSlug: string | null | undefined) {
  if (!tenantSlug) return null
  // Prepared (planned once per connection, not with the time written into its text).
  const [r] = await queryPrepared<any>(
    em,
    `select t.id, t.plan, t.currency, t.refund_policy, (select count(*) from workshop_schedules s where s.tenant_id = t.id and s.deleted_at is null and s.status = 'PUBLISHED' and s.end_date > ?) as published
       from tenants t where t.slug = ? and t.deleted_at is null`,
    [now(), tenantSlug],
  )
  if (!r) return null
  const max = PLAN_LIMITS[r.plan as TenantPlan]?.publishedSchedules ?? null
  return {
    tenantId: r.id as string,
    plan: r.plan as TenantPlan,
    currency: r.currency as string,
    published: num(r.published),
    max,
    refundPolicy: jsonOf<RefundPolicy>(r.refund_policy),
  }
}

export interface ScheduleRow {
  id: string
  startDate: Date
  endDate: Date
  timezone: string
  country: string | null
  level: string
  status: string
  visibility: string
  mode: string
  venueName: string | null
  addressLine1: string | null
  addressLine2: string | null
  city: string | null
  state: string | null
  zip: string | null
  meetingUrl: string | null
  seatsTaken: number
  confirmed: number
  bookings: number
  attended: number
  accepted: number
  cancelled: number
  revenue: number
  payoutStatus: string
  paidOutAt: Date | null
  deleted: boolean
  ended: boolean
  rating: number | null
  ratings: number
  /** Open waitlist entries (waiting or offered) and the seats they ask for. */
  waiting: number
  waitingSeats: number
}

/**
 * Which of a workshop's schedules a page shows: the overview the next ones (up to 20, deleted ones
 * flagged) and the 5 latest; a calendar those starting in its window; other tabs none.
 */
export type ScheduleWindow = { kind: 'overview' } | { kind: 'range'; from: Date; to: Date } | { kind: 'none' }

/** The title of the coach's own workshop (deleted ones included), or null: the cheap existence check of its pages. */
export async function workshopTitle(em: EntityManager, coachId: string, tenantId: string | null, id: string): Promise<string | null> {
  if (!isUuid(id)) return null
  const [w] = await em.execute<{ title: string }[]>(`select title from workshops where id = ? and coach_id = ? and tenant_id = ?`, [id, coachId, tenantId])
  return w?.title ?? null
}

/** Per schedule row `s`: its bookings' figures, attendance, rating counts and waitlist (each read by the schedule's own indexes). */
const SCHEDULE_FIGURES = `
            coalesce((select sum(b.seats) from bookings b where b.workshop_schedule_id = s.id and b.deleted_at is null and b.status in ('CONFIRMED', 'COMPLETED', 'NO_SHOW')), 0) as confirmed,
            (select count(*) from bookings b where b.workshop_schedule_id = s.id and b.deleted_at is null and b.status <> 'CANCELLED') as bookings,
            (select count(*) from bookings b where b.workshop_schedule_id = s.id and b.deleted_at is null and b.status = 'CANCELLED') as cancelled,
            coalesce((select sum(b.amount_paid) from bookings b where b.workshop_schedule_id = s.id and b.deleted_at is null and b.status in ('CONFIRMED', 'COMPLETED', 'NO_SHOW')), 0) as revenue,
            (select count(*) from booking_seats bs join bookings bb on bb.id = bs.booking_id where bb.workshop_schedule_id = s.id and bb.deleted_at is null and bs.deleted_at is null and bs.attended) as attended,
            (select count(*) from booking_seats bs join bookings bb on bb.id = bs.booking_id where bb.workshop_schedule_id = s.id and bb.deleted_at is null and bs.deleted_at is null and bs.status = 'ACCEPTED' and bb.status in ('CONFIRMED', 'COMPLETED', 'NO_SHOW')) as accepted,
            ft.n1, ft.n2, ft.n3, ft.n4, ft.n5,
            (select count(*) from waitlist_entries e where e.workshop_schedule_id = s.id and e.status in ('WAITING', 'OFFERED')) as waiting,
            (select coalesce(sum(e.seats), 0) from waitlist_entries e where e.workshop_schedule_id = s.id and e.status in ('WAITING', 'OFFERED')) as waiting_seats`

/**
 * A workshop of the coach with the schedules its page shows (`window`) and their numbers, and
 * how many schedules it has coming and past: a fixed number of statements, each reading the
 * workshop's schedules by their start index, whatever their number.
 */
export async function workshopDetail(em: EntityManager, coachId: string, tenantId: string | null, id: string, window: ScheduleWindow = { kind: 'none' }) {
  if (!isUuid(id)) return null
  const at = now()
  const [w] = await em.execute<any[]>(
    `select w.*, coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name, 'slug', t.slug) order by t.name) from workshop_tags wt join tags t on t.id = wt.tag_id where wt.workshop_id = w.id), '[]') as tag_list,
            tp.title as template_title,
            (select count(*) from workshop_schedules s where s.workshop_id = w.id and s.deleted_at is null and s.end_date > ?) as coming_count,
            (select count(*) from workshop_schedules s where s.workshop_id = w.id and s.deleted_at is null and s.end_date <= ?) as past_count
       from workshops w left join workshop_templates tp on tp.id = w.workshop_template_id where w.id = ? and w.coach_id = ? and w.tenant_id = ?`,
    [at, at, id, coachId, tenantId],
  )
  if (!w) return null
  const select = `select s.*, ${SCHEDULE_FIGURES} from workshop_schedules s left join feedback_totals ft on ft.kind = 's' and ft.id = s.id and ft.tenant_id = s.tenant_id`
  const rows =
    window.kind === 'overview'
      ? await em.execute<any[]>(
          `select * from ((${select} where s.workshop_id = ? and s.coach_id = ? and s.end_date > ? order by s.start_date limit ${OVERVIEW_COMING})
             union all (${select} where s.workshop_id = ? and s.coach_id = ? and s.end_date <= ? order by s.start_date desc limit ${OVERVIEW_PAST})) x order by x.start_date`,
          [id, coachId, at, id, coachId, at],
        )
      : window.kind === 'range'
        ? await em.execute<any[]>(
            `${select} where s.workshop_id = ? and s.coach_id = ? and s.start_date >= ? and s.start_date < ? order by s.start_date limit 500`,
            [id, coachId, window.from, window.to],
          )
        : []
  const [resources] = await em.execute<any[]>(`select count(*) as n from workshop_resources where workshop_id = ? and deleted_at is null`, [id])
  const schedules: ScheduleRow[] = rows.map((s) => ({
    id: s.id,
    startDate: new Date(s.start_date),
    endDate: new Date(s.end_date),
    timezone: s.timezone,
    country: s.country,
    level: s.level,
    status: s.status,
    visibility: s.visibility,
    mode: s.mode,
    venueName: s.venue_name,
    addressLine1: s.address_line1,
    addressLine2: s.address_line2,
    city: s.city,
    state: s.state,
    zip: s.zip,
    meetingUrl: s.meeting_url,
    seatsTaken: num(s.seats_taken),
    confirmed: num(s.confirmed),
    bookings: num(s.bookings),
    cancelled: num(s.cancelled),
    attended: num(s.attended),
    accepted: num(s.accepted),
    revenue: num(s.revenue),
    payoutStatus: s.payout_status,
    paidOutAt: s.paid_out_at ? new Date(s.paid_out_at) : null,
    deleted: !!s.deleted_at,
    ended: new Date(s.end_date) <= at,
    rating: ratingsOf(s).average,
    ratings: ratingsOf(s).count,
    waiting: num(s.waiting),
    waitingSeats: num(s.waiting_seats),
  }))
  return {
    workshop: {
      id: w.id as string,
      tenantId: w.tenant_id as string,
      title: w.title as string,
      slug: w.slug as string,
      description: w.description as string | null,
      outcomes: (w.outcomes ?? []) as string[],
      image: w.image as string | null,
      video: w.video as string | null,
      price: num(w.price),
      currency: w.currency as string,
      minSeats: num(w.min_seats),
      maxSeats: num(w.max_seats),
      deleted: !!w.deleted_at,
      templateId: w.workshop_template_id as string | null,
      templateTitle: w.template_title as string | null,
      refundPolicy: jsonOf<RefundPolicy>(w.refund_policy),
      /** The questions the checkout asks, in order (at most 10). */
      questions: jsonOf<Question[]>(w.questions) ?? [],
      tags: (typeof w.tag_list === 'string' ? JSON.parse(w.tag_list) : w.tag_list) as { id: string; name: string; slug: string }[],
    },
    schedules,
    /** Schedules not deleted: those not over yet and those over (the overview shows a screenful of each). */
    counts: { coming: num(w.coming_count), past: num(w.past_count) },
    resourceCount: num(resources?.n),
  }
}
export type WorkshopDetail = NonNullable<Awaited<ReturnType<typeof workshopDetail>>>

/** Templates and tags offered by the workshop form (global lists). */
export async function workshopFormOptions(em: EntityManager) {
  // Both lists in one prepared statement (rows as JSON, in the lists' own order).
  const [r] = await queryPrepared<{ templates: any[] | string; tags: any[] | string }>(
    em,
    `select (select coalesce(json_agg(t order by t.title, t.id), '[]'::json)
               from (select id, title, description, outcomes, image, video, level, price, currency from workshop_templates where deleted_at is null order by title, id limit 200) t) as templates,
            (select coalesce(json_agg(g order by g.name, g.id), '[]'::json) from (select id, name, slug from tags order by name, id limit 500) g) as tags`,
    [],
  )
  const list = (v: any[] | string | undefined) => (typeof v === 'string' ? (JSON.parse(v) as any[]) : (v ?? []))
  const templates = list(r?.templates)
  const tags = list(r?.tags)
  return {
    templates: templates.map((t) => ({
      id: t.id as string,
      title: t.title as string,
      description: (t.description ?? '') as string,
      outcomes: (t.outcomes ?? []) as string[],
      image: (t.image ?? '') as string,
      video: (t.video ?? '') as string,
      price: toMajor(num(t.price), t.currency ?? 'usd'),
      currency: (t.currency ?? 'usd') as string,
    })),
    tags: tags.map((t) => ({ id: t.id as string, name: t.name as string, slug: t.slug as string })),
  }
}

/** Resources of a workshop in their order (the coach sees all). */
export async function workshopResources(em: EntityManager, workshopId: string) {
  const rows = await em.execute<any[]>(
    `select id, title, description, type, url, file_path, file_size, file_type, sort_order, is_visible, is_broadcast, is_public, broadcast_at
       from workshop_resources where workshop_id = ? and deleted_at is null order by sort_order, created_at`,
    [workshopId],
  )
  return rows.map((r) => ({
    id: r.id as string,
    title: r.title as string,
    description: (r.description ?? null) as string | null,
    type: r.type as string,
    url: (r.url ?? null) as string | null,
    filePath: (r.file_path ?? null) as string | null,
    fileSize: r.file_size == null ? null : num(r.file_size),
    fileType: (r.file_type ?? null) as string | null,
    sortOrder: num(r.sort_order),
    isVisible: !!r.is_visible,
    isBroadcast: !!r.is_broadcast,
    isPublic: !!r.is_public,
    broadcastAt: r.broadcast_at ? new Date(r.broadcast_at).toISOString() : null,
  }))
}
export type ResourceRow = Awaited<ReturnType<typeof workshopResources>>[number]

/**
 * One page of the coach's workshops in the current team (active, or deleted ones to restore),
 * searched and sorted on the server: one statement; each workshop's schedule counts are read for
 * the page's rows only.
 */
export async function coachWorkshopsPage(em: EntityManager, coachId: string, tenantId: string | null, q: ListQuery, scope: { deleted?: boolean } = {}) {
  const like = likePattern(q.filters.q)
  const where = `w.coach_id = ? and w.tenant_id = ? and ${scope.deleted ? 'w.deleted_at is not null' : 'w.deleted_at is null'} ${like ? 'and w.title ilike ?' : ''}`
  const params = [coachId, tenantId, ...(like ? [like] : [])]
  const at = now()
  const page = await pagedSql(
    em,
    `select w.id, w.title, w.price, w.currency, w.min_seats, w.max_seats, w.deleted_at, w.created_at,
            (select count(*) from workshop_schedules s where s.workshop_id = w.id and s.deleted_at is null and s.end_date > ?)::int as coming,
            (select count(*) from workshop_schedules s where s.workshop_id = w.id and s.deleted_at is null and s.end_date <= ?)::int as past,
            (select count(*) from workshop_schedules s where s.workshop_id = w.id and s.deleted_at is null and s.status = 'PUBLISHED' and s.end_date > ?)::int as published
       from workshops w where ${where}`,
    [at, at, at, ...params],
    q,
    { title: 'lower(t.title)', price: 't.price', seats: 't.max_seats' },
    't.created_at desc, t.id',
    { sql: `select 1 from workshops w where ${where}`, params },
  )
  return {
    ...page,
    rows: page.rows.map((r: any) => ({
      id: r.id as string,
      title: r.title as string,
      price: num(r.price),
      currency: r.currency as string,
      minSeats: num(r.min_seats),
      maxSeats: num(r.max_seats),
      deleted: !!r.deleted_at,
      coming: num(r.coming),
      past: num(r.past),
      published: num(r.published),
    })),
  }
}
