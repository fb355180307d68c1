/**
 * A booked session shaped like a workshop schedule (start, end, zone, mode, where, coach, title):
 * the calendar files, the booking and reminder mails and the invoice read schedules and sessions
 * through the same fields. The zone is the coach's (where their hours are kept).
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { config } from '../../config'
import { User } from '../users'
import type { SessionMode } from './session-type.schema'

export interface SessionOccasion {
  kind: 'session'
  /** The booking's id (a session is one booking's time). */
  id: string
  sessionTypeId: string
  startDate: Date
  endDate: Date
  timezone: string
  /** ONLINE, IN-PERSON (as schedules spell it) or PHONE. */
  mode: string
  sessionMode: SessionMode
  meetingUrl: string | null
  venueName: string | null
  addressLine1: string | null
  addressLine2: string | null
  city: string | null
  state: string | null
  zip: string | null
  country: string | null
  /** How a phone call happens (the session type's note), else null. */
  phone: string | null
  coach: User
  workshop: { id: string; title: string; description: string | null; slug: string }
  updatedAt: Date
  publicUrl: string
}

const isUrl = (s: string | null) => !!s && /^https?:\/\//i.test(s.trim())

/** The occasions of session bookings (two statements, whatever their number); bookings that are not sessions are left out. */
export async function loadSessionOccasions(em: EntityManager, bookingIds: string[]): Promise<Map<string, SessionOccasion>> {
  const out = new Map<string, SessionOccasion>()
  const ids = [...new Set(bookingIds)].filter((id) => /^[0-9a-f-]{36}$/i.test(id))
  if (!ids.length) return out
  const rows = await em.execute<any[]>(
    `select b.id, b.starts_at, b.ends_at, b.updated_at, b.session_coach_id, st.id as type_id, st.title, st.description, st.mode, st.location,
            coalesce(a.time_zone, 'UTC') as time_zone
       from bookings b join session_types st on st.id = b.session_type_id left join availabilities a on a.coach_id = b.session_coach_id
      where b.id = any(?::uuid[])`,
    [`{${ids.join(',')}}`],
  )
  if (!rows.length) return out
  const coaches = await em.find(User, { id: { $in: [...new Set(rows.map((r) => r.session_coach_id as string))] } }, { filters: false })
  const byId = new Map(coaches.map((c) => [c.id, c]))
  for (const r of rows) {
    const coach = byId.get(r.session_coach_id)
    if (!coach) continue
    const mode = r.mode as SessionMode
    const location: string | null = r.location ?? null
    out.set(r.id, {
      kind: 'session',
      id: r.id,
      sessionTypeId: r.type_id,
      startDate: new Date(r.starts_at),
      endDate: new Date(r.ends_at),
      timezone: r.time_zone,
      mode: mode === 'IN_PERSON' ? 'IN-PERSON' : mode,
      sessionMode: mode,
      meetingUrl: mode === 'ONLINE' && isUrl(location) ? location!.trim() : null,
      venueName: null,
      addressLine1: mode === 'IN_PERSON' ? location : null,
      addressLine2: null,
      city: null,
      state: null,
      zip: null,
      country: null,
      phone: mode === 'PHONE' ? location : null,
      coach,
      workshop: {
        id: r.type_id,
        title: r.title,
        description: [r.description, mode === 'PHONE' && location ? `Phone call: ${location}` : null].filter(Boolean).join('\n\n') || null,
        slug: 'session',
      },
      updatedAt: new Date(r.updated_at),
      publicUrl: `${config.APP_URL}/${coach.username ?? coach.id}/sessions/${r.type_id}`,
    })
  }
  return out
}

/** The occasion of a session booking, or null when the booking is not a session. */
export async function loadSessionOccasion(em: EntityManager, bookingId: string): Promise<SessionOccasion | null> {
  return (await loadSessionOccasions(em, [bookingId])).get(bookingId) ?? null
}
