/**
 * What visitors see of sessions: a coach's ACTIVE session types (of active coaches, in teams
 * that exist) and the free times of one. Read across teams (a coach's profile is theirs).
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { clock } from '../../platform/clock'
import { fieldError } from '../../platform/http/errors'
import { isId } from '../../platform/http/ids'
import { toMajor } from '../../shared/money'
import type { RefundPolicy } from '../../shared/refund-policy'
import { priceNoteOf } from '../tax/tax.schema'
import { addDays, localDate, startOfDay } from './local-time'
import type { SessionMode } from './session-type.schema'
import type { PublicSessionType } from './session-type.serialize'
import { loadSlotData, slotsOf } from './slots'

const PUBLIC_TYPE_SQL = `select st.id, st.title, st.description, st.duration_minutes, st.price, st.currency, st.mode,
            coalesce(st.refund_policy, t.refund_policy) as refund_policy, u.id as coach_id, u.username,
            coalesce(nullif(trim(concat_ws(' ', u.profile->>'firstName', u.profile->>'lastName')), ''), u.username) as coach_name,
            coalesce(a.time_zone, 'UTC') as time_zone,
            tp.registered as tax_registered, tp.prices_include_tax, tp.country as tax_country, tp.region as tax_region
       from session_types st
       join tenants t on t.id = st.tenant_id and t.deleted_at is null
       left join tax_profiles tp on tp.tenant_id = st.tenant_id
       join users u on u.id = st.coach_id and u.deleted_at is null and u.status = 'active' and 'coach' = any(u.roles)
       left join availabilities a on a.coach_id = st.coach_id
      where st.deleted_at is null and st.status = 'ACTIVE'`

interface Row {
  id: string
  title: string
  description: string | null
  duration_minutes: number
  price: number
  currency: string
  mode: SessionMode
  refund_policy: RefundPolicy | string | null
  coach_id: string
  username: string | null
  coach_name: string
  time_zone: string
  tax_registered: boolean | null
  prices_include_tax: boolean | null
  tax_country: string | null
  tax_region: string | null
}

function toPublic(r: Row): PublicSessionType {
  const policy = typeof r.refund_policy === 'string' ? (JSON.parse(r.refund_policy) as RefundPolicy) : r.refund_policy
  return {
    id: r.id,
    title: r.title,
    description: r.description ?? null,
    durationMinutes: Number(r.duration_minutes),
    price: toMajor(Number(r.price), r.currency),
    currency: r.currency,
    priceNote: priceNoteOf({ registered: !!r.tax_registered, pricesIncludeTax: !!r.prices_include_tax, country: r.tax_country, region: r.tax_region }),
    mode: r.mode,
    refundPolicy: policy ?? null,
    coach: { id: r.coach_id, username: r.username ?? null, name: r.coach_name },
    timeZone: r.time_zone,
    url: `/${r.username ?? r.coach_id}/sessions/${r.id}`,
  }
}

/** A coach's bookable session types (free ones first, then by price and length), at most 20. */
export async function publicSessionTypesOf(em: EntityManager, usernameOrId: string): Promise<PublicSessionType[]> {
  const key = usernameOrId.trim().toLowerCase()
  const rows = await em.execute<Row[]>(
    `${PUBLIC_TYPE_SQL} and ${isId(key) ? 'u.id = ?::uuid' : 'lower(u.username) = ?'} order by st.price, st.duration_minutes, st.id limit 20`,
    [key],
  )
  return rows.map(toPublic)
}

/** One bookable session type, or null. */
export async function findPublicSessionType(em: EntityManager, id: string): Promise<PublicSessionType | null> {
  if (!isId(id)) return null
  const [row] = await em.execute<Row[]>(`${PUBLIC_TYPE_SQL} and st.id = ?`, [id])
  return row ? toPublic(row) : null
}

const DAY = 86_400_000
/** At most this many days of slots in one answer. */
export const MAX_SLOT_DAYS = 62
const DATE = /^\d{4}-\d{2}-\d{2}$/

/** A `from`/`to` value: a date (midnight in `tz`) or an instant. */
function readBound(value: string | undefined, tz: string, field: string): number | null {
  if (!value) return null
  if (DATE.test(value)) {
    const ms = Date.parse(`${value}T00:00:00Z`)
    if (Number.isNaN(ms)) throw fieldError(field, `${field} must be a date (YYYY-MM-DD) or an ISO instant`)
    return startOfDay(value, tz)
  }
  const ms = Date.parse(value)
  if (Number.isNaN(ms) || !/^\d{4}-\d{2}-\d{2}T/.test(value)) throw fieldError(field, `${field} must be a date (YYYY-MM-DD) or an ISO instant`)
  return ms
}

export interface SlotQuery {
  from?: string
  to?: string
  /** The visitor's zone: dates in `from` and `to` are its midnights (default: the coach's zone). */
  timeZone?: string
}

/**
 * Free times of a bookable type: `from` (default now) to `to` (default `from` + 31 days; a `to`
 * that is a date includes that whole day), at most 62 days. Null for a type that is not bookable.
 * `ignoreBookingId`: the times a booking of the coach's can move to (its own time, buffers and
 * place in the per-day limit left out, as the move's check leaves them out).
 */
export async function publicSlots(em: EntityManager, id: string, q: SlotQuery, now = clock.now().getTime(), ignoreBookingId: string | null = null) {
  if (!isId(id)) return null
  const type = await findPublicSessionType(em, id)
  if (!type) return null
  const tz = q.timeZone || type.timeZone
  const from = readBound(q.from, tz, 'from') ?? now
  let to = readBound(q.to, tz, 'to')
  if (to !== null && q.to && DATE.test(q.to)) to = startOfDay(addDays(q.to, 1), tz)
  to ??= from + 31 * DAY
  if (to <= from) throw fieldError('to', 'to must be after from')
  if (to - from > MAX_SLOT_DAYS * DAY + 2 * 3_600_000) throw fieldError('to', `At most ${MAX_SLOT_DAYS} days of times at once`)
  const data = await loadSlotData(em, id, Math.max(from, now), to, ignoreBookingId)
  if (!data) return null
  const slots = slotsOf(data, from, to, now)
  return { type, slots, from, to, timeZone: type.timeZone, today: localDate(now, type.timeZone) }
}
