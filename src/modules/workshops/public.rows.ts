/**
 * The marketplace row in one SQL statement: schedule, workshop, its tags, the coach and the
 * figures (confirmed seats, schedule and coach ratings) come back together, so a page costs one
 * statement whatever its size, and no ORM entities are built for a read-only public answer.
 * The shape is the public schedule of serialize.ts (same fields, same names).
 */

import type { User } from '../users'
import { serializePublicUser } from '../users'
import { localTime, toAmount } from './serialize'

const EARNED = `('CONFIRMED', 'COMPLETED', 'NO_SHOW')`

const TAGS = `(select coalesce(json_agg(json_build_object('id', tg.id, 'name', tg.name, 'slug', tg.slug) order by tg.name), '[]'::json)
     from workshop_tags wt join tags tg on tg.id = wt.tag_id where wt.workshop_id = w.id) as w_tags`

const COACH_RATING = `(select json_build_object('average', round(avg(f.rating), 1), 'count', count(*)) from feedbacks f
     where f.coach_id = s.coach_id and f.deleted_at is null) as coach_rating`

const SEATS = `(select coalesce(sum(b.seats), 0) from bookings b
     where b.workshop_schedule_id = s.id and b.status in ${EARNED} and b.deleted_at is null) as confirmed_seats`

const RATING = `(select json_build_object('average', round(avg(f.rating), 1), 'count', count(*)) from feedbacks f
     where f.workshop_schedule_id = s.id and f.deleted_at is null) as rating`

export const PUBLIC_COLUMNS = `
  s.id, s.tenant_id, s.coach_id, s.workshop_id, s.start_date, s.end_date, s.timezone, s.country, s.level, s.status,
  s.visibility, s.mode, s.venue_name, s.address_line1, s.address_line2, s.city, s.state, s.zip, s.seats_taken,
  s.created_at, s.updated_at,
  w.workshop_template_id as w_template_id, w.title as w_title, w.slug as w_slug, w.description as w_description,
  w.image as w_image, w.video as w_video, w.price as w_price, w.currency as w_currency, w.min_seats as w_min_seats,
  w.max_seats as w_max_seats, w.created_at as w_created_at, w.updated_at as w_updated_at,
  u.username as u_username, u.avatar as u_avatar, u.profile as u_profile, u.coach_profile as u_coach_profile,
  ${TAGS},
  ${SEATS},
  ${RATING},
  ${COACH_RATING}`

/**
 * The same columns for a page of many rows: tags, confirmed seats and ratings come from one
 * aggregate per table over the page's rows (materialized CTEs joined by hash) instead of a
 * subquery per row, so 100 rows cost about what 10 do plus the rows themselves. Each row reads
 * them by a lookup in the CTE rather than a join: fewer relations for the planner to order.
 */
export const LIST_COLUMNS = PUBLIC_COLUMNS.replace(COACH_RATING, '(select cr.rating from coach_ratings cr where cr.coach_id = s.coach_id) as coach_rating')
  .replace(TAGS, `coalesce((select wt.tags from workshop_tag_lists wt where wt.workshop_id = s.workshop_id), '[]'::json) as w_tags`)
  .replace(SEATS, 'coalesce((select ps.seats from page_seats ps where ps.id = s.id), 0) as confirmed_seats')
  .replace(RATING, '(select pr.rating from page_ratings pr where pr.id = s.id) as rating')
/**
 * `coach_ratings`, `workshop_tag_lists`, `page_seats` and `page_ratings` (read by LIST_COLUMNS)
 * for the rows of the CTE `page` (columns id, workshop_id, coach_id).
 */
export const COACH_RATINGS_CTE = (page: string) => `coach_ratings as materialized (
    select f.coach_id, json_build_object('average', round(avg(f.rating), 1), 'count', count(*)) as rating
      from feedbacks f where f.deleted_at is null and f.coach_id in (select coach_id from ${page}) group by f.coach_id),
  workshop_tag_lists as materialized (
    select wt.workshop_id, json_agg(json_build_object('id', tg.id, 'name', tg.name, 'slug', tg.slug) order by tg.name) as tags
      from workshop_tags wt join tags tg on tg.id = wt.tag_id where wt.workshop_id in (select workshop_id from ${page}) group by wt.workshop_id),
  page_seats as materialized (
    select b.workshop_schedule_id as id, sum(b.seats) as seats from bookings b
      where b.workshop_schedule_id in (select id from ${page}) and b.status in ${EARNED} and b.deleted_at is null group by b.workshop_schedule_id),
  page_ratings as materialized (
    select f.workshop_schedule_id as id, json_build_object('average', round(avg(f.rating), 1), 'count', count(*)) as rating from feedbacks f
      where f.workshop_schedule_id in (select id from ${page}) and f.deleted_at is null group by f.workshop_schedule_id)`

const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T
const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString())
const rating = (v: unknown) => {
  const r = json<{ average: number | string | null; count: number | string } | null>(v)
  return { average: r?.average == null ? null : Number(r.average), count: Number(r?.count ?? 0) }
}

export function publicRow(r: Record<string, any>) {
  const confirmed = Number(r.confirmed_seats ?? 0)
  const maxSeats = Number(r.w_max_seats)
  const minSeats = Number(r.w_min_seats)
  const coach = serializePublicUser({
    id: r.coach_id,
    username: r.u_username,
    avatar: r.u_avatar,
    profile: json(r.u_profile) ?? {},
    coachProfile: json(r.u_coach_profile),
  } as User)
  const start = new Date(r.start_date)
  const end = new Date(r.end_date)
  return {
    id: r.id,
    tenantId: r.tenant_id,
    coachId: r.coach_id,
    workshopId: r.workshop_id,
    startDate: iso(start),
    endDate: iso(end),
    timezone: r.timezone,
    localStart: localTime(start, r.timezone),
    localEnd: localTime(end, r.timezone),
    country: r.country ?? null,
    level: r.level,
    status: r.status,
    visibility: r.visibility,
    mode: r.mode,
    venue:
      r.mode === 'ONLINE'
        ? null
        : {
            venueName: r.venue_name ?? null,
            addressLine1: r.address_line1 ?? null,
            addressLine2: r.address_line2 ?? null,
            city: r.city ?? null,
            state: r.state ?? null,
            zip: r.zip ?? null,
            country: r.country ?? null,
          },
    venueName: r.venue_name ?? null,
    addressLine1: r.address_line1 ?? null,
    addressLine2: r.address_line2 ?? null,
    city: r.city ?? null,
    state: r.state ?? null,
    zip: r.zip ?? null,
    seatsLeft: Math.max(0, maxSeats - Number(r.seats_taken)),
    confirmedSeats: confirmed,
    runs: confirmed >= minSeats,
    price: toAmount(Number(r.w_price)),
    currency: r.w_currency,
    rating: rating(r.rating),
    workshop: {
      id: r.workshop_id,
      tenantId: r.tenant_id,
      coachId: r.coach_id,
      workshopTemplateId: r.w_template_id ?? null,
      title: r.w_title,
      slug: r.w_slug,
      description: r.w_description ?? null,
      image: r.w_image ?? null,
      video: r.w_video ?? null,
      price: toAmount(Number(r.w_price)),
      currency: r.w_currency,
      minSeats,
      maxSeats,
      tags: json<{ id: string; name: string; slug: string }[]>(r.w_tags) ?? [],
      createdAt: iso(r.w_created_at),
      updatedAt: iso(r.w_updated_at),
      deletedAt: null,
    },
    coach: { ...coach, rating: rating(r.coach_rating) },
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  }
}
