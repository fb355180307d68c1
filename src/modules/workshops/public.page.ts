/**
 * The public workshop page `/workshops/{scheduleId}`: one schedule with everything a buyer
 * weighs, read in ONE statement whatever the catalogue's size: the public row (schedule,
 * workshop, tags, coach, live seats and ratings: public.rows.ts) plus the workshop's template
 * fall-backs, its rating and latest comments over every session, the coach's other coming
 * dates of the same workshop and the resources marked public. Each part is a short read of an
 * index (schedules by workshop, feedback by schedule, resources by workshop).
 *
 * The row is read whatever its status or visibility; `pageState` and `mayPreview` decide who
 * sees what (docs/product-rules.md section 2: a private or unpublished schedule is the 404 page
 * for everyone but its coach and the tenant's managers).
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { now } from '../../platform/clock'
import type { RefundPolicy } from '../../shared/refund-policy'
import type { User } from '../users'
import { isUuid } from './access'
import type { ContentStatus, DeliveryMode, Visibility } from './enums'
import { PUBLIC_COLUMNS, publicRow } from './public.rows'
import { scheduleWhere } from './public.service'
import { localTime } from './serialize'

const REVIEWS = 6
const OTHER_DATES = 6
const RESOURCES = 20

const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T

export interface PageReview {
  rating: number
  comment: string
  /** First name and the last name's initial ("Dana K."): the attendee who wrote it. */
  author: string
  createdAt: string
  /** When the session they attended started. */
  sessionStart: string
}

export interface OtherDate {
  id: string
  startDate: string
  endDate: string
  timezone: string
  mode: DeliveryMode
  city: string | null
  country: string | null
  venueName: string | null
  seatsLeft: number
}

export interface PageResource {
  id: string
  title: string
  description: string | null
  type: string
  /** An http(s) link, or the public download of an uploaded file. */
  href: string | null
  fileSize: number | null
  fileType: string | null
}

/**
 * What the page shows: open (bookable), full, running (started, not ended), ended, cancelled
 * (archived before it ran), or a preview for the coach of one that is not public (draft, private).
 */
export type PageState = 'open' | 'full' | 'running' | 'ended' | 'cancelled'

export type SchedulePage = NonNullable<Awaited<ReturnType<typeof loadSchedulePage>>>

const EXTRA_COLUMNS = `
  tp.outcomes as t_outcomes, tp.description as t_description, tp.image as t_image, t.refund_policy as tenant_refund_policy,
  (select json_build_object('average', round(avg(f.rating), 1), 'count', count(*))
     from workshop_schedules fs join feedbacks f on f.workshop_schedule_id = fs.id and f.deleted_at is null
    where fs.workshop_id = s.workshop_id) as workshop_rating,
  (select coalesce(json_agg(x order by x.created_at desc), '[]'::json) from (
     select f.rating, f.comment, f.created_at, fu.profile->>'firstName' as first_name, fu.profile->>'lastName' as last_name,
            fs.start_date as session_start
       from workshop_schedules fs join feedbacks f on f.workshop_schedule_id = fs.id and f.deleted_at is null
       join users fu on fu.id = f.user_id and fu.deleted_at is null
      where fs.workshop_id = s.workshop_id and btrim(coalesce(f.comment, '')) <> ''
      order by f.created_at desc limit ${REVIEWS}) x) as reviews,
  (select coalesce(json_agg(x order by x.start_date), '[]'::json) from (
     select o.id, o.start_date, o.end_date, o.timezone, o.mode, o.city, o.country, o.venue_name, greatest(0, w.max_seats - o.seats_taken) as seats_left
       from workshop_schedules o
      where o.workshop_id = s.workshop_id and o.id <> s.id and o.deleted_at is null and o.status = 'PUBLISHED'
        and o.visibility = 'PUBLIC' and o.start_date > ?
      order by o.start_date limit ${OTHER_DATES}) x) as other_dates,
  (select coalesce(json_agg(x order by x.sort_order, x.created_at), '[]'::json) from (
     select r.id, r.title, r.description, r.type, r.url, r.file_path, r.file_size, r.file_type, r.sort_order, r.created_at
       from workshop_resources r
      where r.workshop_id = s.workshop_id and r.deleted_at is null and r.is_public and r.is_visible
      order by r.sort_order, r.created_at limit ${RESOURCES}) x) as resources`

const FROM = `from workshop_schedules s
  join workshops w on w.id = s.workshop_id and w.deleted_at is null
  join users u on u.id = s.coach_id and u.deleted_at is null
  join tenants t on t.id = s.tenant_id and t.deleted_at is null
  left join workshop_templates tp on tp.id = w.workshop_template_id and tp.deleted_at is null`

const iso = (v: unknown) => new Date(v as string).toISOString()
const safeHttp = (u: unknown) => (typeof u === 'string' && /^https?:\/\//i.test(u) ? u : null)
/** `/v1/files/{id}` (what uploads store as filePath), else null. */
const fileHref = (p: unknown) => (typeof p === 'string' && /^\/v1\/files\/[0-9a-f-]{36}$/i.test(p) ? p : null)

function author(first: string | null, last: string | null) {
  const f = (first ?? '').trim()
  const l = (last ?? '').trim()
  if (!f && !l) return 'Attendee'
  return l ? `${f || l} ${f ? `${l[0]!.toUpperCase()}.` : ''}`.trim() : f
}

/** One schedule and its page's parts (null: no such schedule, or it or its workshop, tenant or coach is deleted). */
export async function loadSchedulePage(em: EntityManager, id: string) {
  if (!isUuid(id)) return null
  const at = now()
  const [r] = await em.execute<Record<string, any>[]>(`select ${PUBLIC_COLUMNS}, ${EXTRA_COLUMNS} ${FROM} where s.id = ? and s.deleted_at is null`, [at, id])
  if (!r) return null
  const row = publicRow(r)
  const own = row.workshop.outcomes.filter(Boolean)
  const rating = json<{ average: number | string | null; count: number | string } | null>(r.workshop_rating)
  return {
    ...row,
    status: r.status as ContentStatus,
    visibility: r.visibility as Visibility,
    /** The workshop's own, else its template's. */
    outcomes: own.length ? own : (json<string[] | null>(r.t_outcomes) ?? []).filter(Boolean),
    description: (row.workshop.description ?? r.t_description ?? null) as string | null,
    image: (row.workshop.image ?? r.t_image ?? null) as string | null,
    /** The refund policy a booking gets: the workshop's own, else its team's default, else none (a full refund at any time). */
    refundPolicy: row.workshop.refundPolicy ?? json<RefundPolicy | null>(r.tenant_refund_policy) ?? null,
    /** Over every session of the workshop (the schedule's own is `rating`). */
    workshopRating: { average: rating?.average == null ? null : Number(rating.average), count: Number(rating?.count ?? 0) },
    reviews: json<Record<string, any>[]>(r.reviews).map(
      (x): PageReview => ({
        rating: Number(x.rating),
        comment: String(x.comment).trim(),
        author: author(x.first_name, x.last_name),
        createdAt: iso(x.created_at),
        sessionStart: iso(x.session_start),
      }),
    ),
    otherDates: json<Record<string, any>[]>(r.other_dates).map(
      (x): OtherDate => ({
        id: x.id,
        startDate: iso(x.start_date),
        endDate: iso(x.end_date),
        timezone: x.timezone,
        mode: x.mode,
        city: x.city ?? null,
        country: x.country ?? null,
        venueName: x.venue_name ?? null,
        seatsLeft: Number(x.seats_left),
      }),
    ),
    resources: json<Record<string, any>[]>(r.resources).map(
      (x): PageResource => ({
        id: x.id,
        title: x.title,
        description: x.description ?? null,
        type: x.type,
        href: safeHttp(x.url) ?? fileHref(x.file_path),
        fileSize: x.file_size == null ? null : Number(x.file_size),
        fileType: x.file_type ?? null,
      }),
    ),
    loadedAt: at.toISOString(),
  }
}

/** What the page of a schedule shows at `at`. */
export function pageState(p: Pick<SchedulePage, 'status' | 'startDate' | 'endDate' | 'seatsLeft' | 'confirmedSeats' | 'rating'>, at = now()): PageState {
  const t = at.getTime()
  const ended = new Date(p.endDate ?? 0).getTime() <= t
  // Cancelling archives the schedule (schedule-cancel); an archived one that ran (it has seats or feedback) has ended.
  if (p.status === 'ARCHIVED') return ended && (p.confirmedSeats > 0 || p.rating.count > 0) ? 'ended' : 'cancelled'
  if (ended) return 'ended'
  if (new Date(p.startDate ?? 0).getTime() <= t) return 'running'
  return (p.seatsLeft ?? 0) > 0 ? 'open' : 'full'
}

/** Anyone may read the page: published (or cancelled) and public or unlisted. */
export const isPublicPage = (p: Pick<SchedulePage, 'status' | 'visibility'>) =>
  (p.status === 'PUBLISHED' || p.status === 'ARCHIVED') && (p.visibility === 'PUBLIC' || p.visibility === 'UNLISTED')

/**
 * Who may see a schedule that is not public (a draft, a private one): its coach, super-admins
 * and the managers of its tenant (an active member whose roles hold `bookings.manage`, as for
 * meeting links). One statement, and only for a signed-in visitor who is neither of the first two.
 */
export async function mayPreview(em: EntityManager, p: Pick<SchedulePage, 'coachId' | 'tenantId'>, user: User | null) {
  if (!user) return false
  if (user.id === p.coachId || user.roles.includes('super-admin')) return true
  const rows = await em.execute(
    `select 1 from memberships m
      where m.tenant_id = ? and m.user_id = ? and m.status = 'ACTIVE'
        and exists (select 1 from roles r where r.name = any(m.roles || ?::text[]) and 'bookings.manage' = any(r.permissions))
      limit 1`,
    [p.tenantId, user.id, `{${['client', ...user.roles].map((x) => `"${x.replace(/["\\]/g, '')}"`).join(',')}}`],
  )
  return rows.length > 0
}

/** `2026-12-01T09:00:00+01:00`: the instant on the schedule's clock with its UTC offset (schema.org dates). */
export function isoWithOffset(d: Date | string, tz: string) {
  const date = new Date(d)
  const local = localTime(date, tz)
  if (!local) return date.toISOString().replace(/\.\d{3}Z$/, '+00:00')
  const wall = Date.parse(`${local}:00Z`)
  const minutes = Math.round((wall - Math.floor(date.getTime() / 60_000) * 60_000) / 60_000)
  const sign = minutes < 0 ? '-' : '+'
  const abs = Math.abs(minutes)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${local}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
}

/**
 * The next public schedule of each coach (coming or running, PUBLIC + PUBLISHED), for the
 * coach cards of the directory: one statement for a page of coaches.
 */
export async function nextScheduleOfCoaches(em: EntityManager, coachIds: string[]) {
  const out = new Map<string, { id: string; title: string; startDate: string; timezone: string }>()
  const ids = [...new Set(coachIds.filter((x) => isUuid(x)))]
  if (!ids.length) return out
  const where = scheduleWhere({ page: 1, perPage: 1, when: 'upcoming' }, 'public')
  const rows = await em.execute<{ coach_id: string; id: string; title: string; start_date: Date; timezone: string }[]>(
    `select c.id as coach_id, x.id, x.title, x.start_date, x.timezone from unnest(?::uuid[]) c(id) cross join lateral (
       select s.id, w.title, s.start_date, s.timezone from workshop_schedules s join workshops w on w.id = s.workshop_id
        where s.coach_id = c.id and ${where.sql} and s.end_date > ? order by s.start_date, s.id limit 1) x`,
    [`{${ids.join(',')}}`, ...where.params, now()],
  )
  for (const r of rows) out.set(r.coach_id, { id: r.id, title: r.title, startDate: new Date(r.start_date).toISOString(), timezone: r.timezone })
  return out
}
