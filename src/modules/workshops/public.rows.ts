/**
 * The marketplace row from SQL, without ORM entities (a read-only public answer). A row is a
 * card (schedule, workshop, tags, coach: CARD_COLUMNS, cached by public.cards.ts) plus its live
 * figures (held and confirmed seats, schedule and coach ratings: LIVE_COLUMNS), which a listing
 * reads for the page's rows in one statement. One row by id reads both at once (PUBLIC_COLUMNS).
 * The shape is the public schedule of serialize.ts (same fields, same names).
 */

import { toMajor } from '../../shared/money'
import type { RefundPolicy } from '../../shared/refund-policy'
import type { User } from '../users'
import { serializePublicUser } from '../users'
import { localTime } from './serialize'

const EARNED = `('CONFIRMED', 'COMPLETED', 'NO_SHOW')`

const TAGS = `(select coalesce(json_agg(json_build_object('id', tg.id, 'name', tg.name, 'slug', tg.slug) order by tg.name), '[]'::json)
     from workshop_tags wt join tags tg on tg.id = wt.tag_id where wt.workshop_id = w.id) as w_tags`

const COACH_RATING = `(select json_build_object('average', round(avg(f.rating), 1), 'count', count(*)) from feedbacks f
     where f.coach_id = s.coach_id and f.deleted_at is null) as coach_rating`

const SEATS = `(select coalesce(sum(b.seats), 0) from bookings b
     where b.workshop_schedule_id = s.id and b.status in ${EARNED} and b.deleted_at is null) as confirmed_seats`

const RATING = `(select json_build_object('average', round(avg(f.rating), 1), 'count', count(*)) from feedbacks f
     where f.workshop_schedule_id = s.id and f.deleted_at is null) as rating`

const STATIC_COLUMNS = `
  s.id, s.tenant_id, s.coach_id, s.workshop_id, s.start_date, s.end_date, s.timezone, s.country, s.level, s.status,
  s.visibility, s.mode, s.venue_name, s.address_line1, s.address_line2, s.city, s.state, s.zip,
  s.created_at, s.updated_at,
  w.workshop_template_id as w_template_id, w.title as w_title, w.slug as w_slug, w.description as w_description,
  w.image as w_image, w.video as w_video, w.outcomes as w_outcomes, w.price as w_price, w.currency as w_currency, w.price_note as w_price_note, w.min_seats as w_min_seats,
  w.max_seats as w_max_seats, w.refund_policy as w_refund_policy, w.questions as w_questions, w.created_at as w_created_at, w.updated_at as w_updated_at,
  u.username as u_username, u.avatar as u_avatar, u.profile as u_profile, u.coach_profile as u_coach_profile,
  ${TAGS}`

/** Every column of the public row, figures included, for one row read by id. */
export const PUBLIC_COLUMNS = `${STATIC_COLUMNS}, s.seats_taken, ${SEATS}, ${RATING}, ${COACH_RATING}`

/**
 * The card: what a row shows that changes only when its schedule row does, plus its version
 * (the row version's `xmin`). Its workshop, tags and coach are folded in: a change to any of
 * them touches the schedule rows it shows on (migration `listing_cards`), which gives them a new
 * version. Read for the rows of a page whose cards are not cached yet.
 */
export const CARD_COLUMNS = `${STATIC_COLUMNS}, s.xmin::text as version`

/**
 * The live part of a listing row: the schedule's version, its held seats, and the figures
 * other tables keep (confirmed seats, schedule and coach ratings), from one aggregate per table
 * over the page's rows (materialized CTEs, see LIVE_CTES) read by a lookup per row.
 */
export const LIVE_COLUMNS = `s.id, s.xmin::text as version, s.seats_taken, page.confirmed_seats, page.rating,
  (select cr.rating from coach_ratings cr where cr.coach_id = page.coach_id) as coach_rating`

/** The page's rows (from `seen`, a range of `ord`) with their confirmed seats and rating. */
export const LIVE_PAGE = `select seen.id, seen.coach_id, seen.ord,
    (select coalesce(sum(b.seats), 0) from bookings b
      where b.workshop_schedule_id = seen.id and b.status in ${EARNED} and b.deleted_at is null) as confirmed_seats,
    (select json_build_object('average', round(avg(f.rating), 1), 'count', count(*)) from feedbacks f
      where f.workshop_schedule_id = seen.id and f.deleted_at is null) as rating
  from seen where seen.ord > ? and seen.ord <= ?`

/** The ratings of the coaches of the CTE `page` (read by LIVE_COLUMNS). */
export const LIVE_CTES = (page: string) => `coach_ratings as materialized (
    select f.coach_id, json_build_object('average', round(avg(f.rating), 1), 'count', count(*)) as rating
      from feedbacks f where f.deleted_at is null and f.coach_id in (select coach_id from ${page}) group by f.coach_id)`

const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T
const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString())
/** A mark no stored text can produce in JSON: a NUL (written as an escape) and a per-process token. */
const MARK = `\u0000${crypto.randomUUID()}:`
const MARK_JSON = new RegExp(`"${JSON.stringify(MARK).slice(1, -1).replace(/\\/g, '\\\\')}[0-4]"`)
const NO_RATING: { average: number | null; count: number } = { average: null, count: 0 }
const rating = (v: unknown) => {
  const r = json<{ average: number | string | null; count: number | string } | null>(v)
  return { average: r?.average == null ? null : Number(r.average), count: Number(r?.count ?? 0) }
}

export type PublicCard = ReturnType<typeof publicCard>

/** The static part of the public row (figures zeroed; `withLive` fills them in). */
export function publicCard(r: Record<string, any>) {
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
    seatsLeft: 0,
    confirmedSeats: 0,
    runs: false,
    price: toMajor(Number(r.w_price), r.w_currency),
    currency: r.w_currency,
    priceNote: r.w_price_note ?? null,
    rating: NO_RATING,
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
      outcomes: json<string[] | null>(r.w_outcomes) ?? [],
      price: toMajor(Number(r.w_price), r.w_currency),
      currency: r.w_currency,
      priceNote: r.w_price_note ?? null,
      minSeats,
      maxSeats,
      refundPolicy: json<RefundPolicy>(r.w_refund_policy) ?? null,
      questions: json<any[]>(r.w_questions) ?? [],
      tags: json<{ id: string; name: string; slug: string }[]>(r.w_tags) ?? [],
      createdAt: iso(r.w_created_at),
      updatedAt: iso(r.w_updated_at),
      deletedAt: null,
    },
    coach: { ...coach, rating: NO_RATING },
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  }
}

/** The live figures of a row (LIVE_COLUMNS or PUBLIC_COLUMNS) for its card. */
export function liveFigures(card: PublicCard, r: Record<string, any>) {
  const confirmed = Number(r.confirmed_seats ?? 0)
  return {
    seatsLeft: Math.max(0, card.workshop.maxSeats - Number(r.seats_taken)),
    confirmedSeats: confirmed,
    runs: confirmed >= card.workshop.minSeats,
    rating: rating(r.rating),
    coachRating: rating(r.coach_rating),
  }
}

/** The card with the live figures of a row: the public row. */
export function withLive(card: PublicCard, r: Record<string, any>) {
  const { coachRating, ...figures } = liveFigures(card, r)
  return { ...card, ...figures, coach: { ...card.coach, rating: coachRating } }
}

/**
 * The card's JSON cut where the live figures go (seatsLeft, confirmedSeats, runs, rating,
 * coach.rating, in this order): `jsonWithLive` joins the pieces with a row's figures, so a
 * listing writes its rows without building and serializing them again.
 */
export function cardPieces(card: PublicCard): string[] {
  const mark = (i: number) => `${MARK}${i}`
  const text = JSON.stringify({
    ...card,
    seatsLeft: mark(0),
    confirmedSeats: mark(1),
    runs: mark(2),
    rating: mark(3),
    coach: { ...card.coach, rating: mark(4) },
  })
  const pieces = text.split(MARK_JSON)
  if (pieces.length !== 6) throw new Error('card pieces')
  return pieces
}

/** The JSON of the public row from the card's pieces and the row's live figures. */
export function jsonWithLive(card: PublicCard, pieces: string[], r: Record<string, any>) {
  const f = liveFigures(card, r)
  const rate = (x: { average: number | null; count: number }) => `{"average":${x.average ?? 'null'},"count":${x.count}}`
  return `${pieces[0]}${f.seatsLeft}${pieces[1]}${f.confirmedSeats}${pieces[2]}${f.runs}${pieces[3]}${rate(f.rating)}${pieces[4]}${rate(f.coachRating)}${pieces[5]}`
}

/** The public row of one row read with PUBLIC_COLUMNS. */
export const publicRow = (r: Record<string, any>) => withLive(publicCard(r), r)
