import type { EntityManager } from '@mikro-orm/postgresql'
import * as v from 'valibot'
import { validationError, type ErrorBag } from '../../platform/http/errors'
import { escapeLike } from '../../platform/http/crud'
import { now } from '../../platform/clock'
import { DELIVERY_MODES, SKILL_LEVELS } from './enums'
import { isUuid } from './access'
import { isCountryCode } from './catalogue.rules'
import { PUBLIC_COLUMNS, publicRow } from './public.rows'

const str = (d: string) => v.optional(v.pipe(v.string(), v.description(d)))

/** Query of the public marketplace list (documented in OpenAPI). */
export const PublicScheduleQuerySchema = v.looseObject({
  page: str('Page number, from 1'),
  perPage: str('Rows per page (default 10, at most 100)'),
  q: str('Text in the workshop title or description, or the coach name, username or business name'),
  level: str('BEGINNER, INTERMEDIATE or ADVANCED'),
  mode: str('IN-PERSON, ONLINE or HYBRID'),
  country: str('Two-letter country code'),
  from: str('Starts on or after (ISO date or date-time)'),
  to: str('Starts on or before (ISO date or date-time; a date covers the whole day)'),
  minPrice: str('Lowest seat price (decimal)'),
  maxPrice: str('Highest seat price (decimal)'),
  coach: str('Coach id or username'),
  tag: str('Tag slug'),
  seatsLeft: str('At least this many seats left'),
  when: str('upcoming (default: not ended yet), past, or all'),
})

export interface PublicFilters {
  page: number
  perPage: number
  q?: string
  level?: string
  mode?: string
  country?: string
  from?: Date
  to?: Date
  minPrice?: number
  maxPrice?: number
  coach?: string
  tag?: string
  seatsLeft?: number
  when: 'upcoming' | 'past' | 'all'
}

/** Reads and checks the marketplace filters; anything unusable is a 422 naming the field. */
export function parsePublicFilters(sp: URLSearchParams): PublicFilters {
  const errors: ErrorBag = {}
  const bad = (field: string, message: string) => (errors[field] ??= []).push(message)
  const get = (k: string) => sp.get(k)?.trim() || undefined
  const num = (k: string, min = 0) => {
    const raw = get(k)
    if (raw === undefined) return undefined
    const n = Number(raw)
    if (!Number.isFinite(n) || n < min) return void bad(k, `The ${k} must be a number of at least ${min}.`)
    return n
  }
  const date = (k: string, endOfDay: boolean) => {
    const raw = get(k)
    if (raw === undefined) return undefined
    if (!/^\d{4}-\d{2}-\d{2}/.test(raw) || Number.isNaN(Date.parse(raw))) return void bad(k, `The ${k} must be a date like 2026-01-31.`)
    const d = new Date(raw)
    if (endOfDay && /^\d{4}-\d{2}-\d{2}$/.test(raw)) d.setUTCHours(23, 59, 59, 999)
    return d
  }
  const f: PublicFilters = {
    page: Math.max(1, Math.floor(num('page', 1) ?? 1)),
    perPage: Math.min(100, Math.max(1, Math.floor(num('perPage', 1) ?? 10))),
    q: get('q')?.slice(0, 200),
    level: get('level')?.toUpperCase(),
    mode: get('mode')?.toUpperCase(),
    country: get('country')?.toUpperCase(),
    from: date('from', false),
    to: date('to', true),
    minPrice: num('minPrice'),
    maxPrice: num('maxPrice'),
    coach: get('coach'),
    tag: get('tag')?.toLowerCase(),
    seatsLeft: num('seatsLeft', 1),
    when: (get('when') ?? 'upcoming') as PublicFilters['when'],
  }
  if (f.level && !(SKILL_LEVELS as readonly string[]).includes(f.level)) bad('level', 'Please select a valid workshop level')
  if (f.mode && !(DELIVERY_MODES as readonly string[]).includes(f.mode)) bad('mode', `The mode must be one of ${DELIVERY_MODES.join(', ')}.`)
  if (f.country && !isCountryCode(f.country)) bad('country', 'Please select a valid country')
  if (!['upcoming', 'past', 'all'].includes(f.when)) bad('when', 'The when filter must be upcoming, past or all.')
  if (f.from && f.to && f.to < f.from) bad('to', 'The end of the date range must be after its start.')
  if (f.minPrice !== undefined && f.maxPrice !== undefined && f.maxPrice < f.minPrice) bad('maxPrice', 'The highest price must be at least the lowest price.')
  if (Object.keys(errors).length) throw validationError(errors)
  return f
}

/** WHERE clause over schedules s, workshops w, coaches u; every value is a bound parameter. */
function whereClause(f: PublicFilters, publicOnly: { unlisted: boolean }) {
  const sql: string[] = [
    `s.deleted_at is null and w.deleted_at is null and t.deleted_at is null and u.deleted_at is null`,
    `s.status = 'PUBLISHED'`,
    publicOnly.unlisted ? `s.visibility in ('PUBLIC', 'UNLISTED')` : `s.visibility = 'PUBLIC'`,
  ]
  const params: unknown[] = []
  const add = (clause: string, ...values: unknown[]) => {
    sql.push(clause)
    params.push(...values)
  }
  if (f.when === 'upcoming') add('s.end_date > ?', now())
  if (f.when === 'past') add('s.end_date <= ?', now())
  if (f.q) {
    const like = `%${escapeLike(f.q)}%`
    add(
      `(w.title ilike ? or w.description ilike ? or u.username ilike ? or concat_ws(' ', u.profile->>'firstName', u.profile->>'lastName') ilike ? or u.coach_profile->>'businessName' ilike ?)`,
      like, like, like, like, like,
    )
  }
  if (f.level) add('s.level = ?', f.level)
  if (f.mode) add('s.mode = ?', f.mode)
  if (f.country) add('s.country = ?', f.country)
  if (f.from) add('s.start_date >= ?', f.from)
  if (f.to) add('s.start_date <= ?', f.to)
  if (f.minPrice !== undefined) add('w.price >= ?', Math.round(f.minPrice * 100))
  if (f.maxPrice !== undefined) add('w.price <= ?', Math.round(f.maxPrice * 100))
  if (f.coach) isUuid(f.coach) ? add('s.coach_id = ?', f.coach) : add('u.username = ?', f.coach.toLowerCase())
  if (f.tag) add('exists (select 1 from workshop_tags wt join tags tg on tg.id = wt.tag_id where wt.workshop_id = w.id and tg.slug = ?)', f.tag)
  if (f.seatsLeft !== undefined) add('w.max_seats - s.seats_taken >= ?', Math.floor(f.seatsLeft))
  return { sql: sql.join(' and '), params }
}

const FROM = `from workshop_schedules s
  join workshops w on w.id = s.workshop_id
  join tenants t on t.id = s.tenant_id
  join users u on u.id = s.coach_id`

/** PUBLIC + PUBLISHED schedules of every tenant, coming ones first (soonest first), then past ones (latest first). */
export async function listPublicSchedules(em: EntityManager, f: PublicFilters) {
  const where = whereClause(f, { unlisted: false })
  const nowDate = now()
  // One statement: the page with everything it shows, and the total as a window count.
  const rows = await em.execute<Record<string, any>[]>(
    `select ${PUBLIC_COLUMNS}, count(*) over () as total_count ${FROM} where ${where.sql}
      order by (s.end_date <= ?) asc,
               case when s.end_date > ? then s.start_date end asc,
               case when s.end_date <= ? then s.start_date end desc,
               s.id asc
      limit ? offset ?`,
    [...where.params, nowDate, nowDate, nowDate, f.perPage, (f.page - 1) * f.perPage],
  )
  let total = rows.length ? Number(rows[0].total_count) : 0
  // Past the last page the window has no row to carry the total: count (only then).
  if (!rows.length && f.page > 1) {
    const [row] = await em.execute<{ total: string }[]>(`select count(*) as total ${FROM} where ${where.sql}`, where.params)
    total = Number(row.total)
  }
  return { data: rows.map(publicRow), meta: { page: f.page, perPage: f.perPage, total, lastPage: Math.max(1, Math.ceil(total / f.perPage)) } }
}

/** One public schedule (PUBLIC or UNLISTED, PUBLISHED), or null. */
export async function findPublicSchedule(em: EntityManager, id: string) {
  if (!isUuid(id)) return null
  const where = whereClause({ page: 1, perPage: 1, when: 'all' }, { unlisted: true })
  const [row] = await em.execute<Record<string, any>[]>(`select ${PUBLIC_COLUMNS} ${FROM} where ${where.sql} and s.id = ?`, [...where.params, id])
  return row ? publicRow(row) : null
}
