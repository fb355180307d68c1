/**
 * The public coach directory (no sign-in): only active, not deleted users with the coach role,
 * serialized with the public fields only. A list costs two SQL statements (rows and count)
 * whatever its size. Used by `GET /v1/public/users` and the marketplace pages.
 */
import { raw } from '@mikro-orm/core'
import type { EntityManager } from '@mikro-orm/postgresql'
import { escapeLike } from '../../platform/http/crud'
import { notFound } from '../../platform/http/errors'
import { isId } from '../../platform/http/ids'
import { findPage, listResponse } from '../../platform/http/list-query'
import { coachRatings } from '../feedback'
import { serializePublicUser, User } from '../users'

export const COACH = { roles: { $contains: ['coach'] }, status: 'active', deletedAt: null } as const

export interface PublicUserQuery {
  page: number
  perPage: number
  offset: number
  sort: { field: string; dir: 'asc' | 'desc' }[]
  q?: string
  country?: string
  specialization?: string
}

export const PUBLIC_SORTS: Record<string, (dir: 'asc' | 'desc') => object> = {
  createdAt: (dir) => ({ createdAt: dir }),
  username: (dir) => ({ username: dir }),
  name: (dir) => ({ [raw((a) => `lower(coalesce(${a}.profile->>'firstName', '') || ' ' || coalesce(${a}.profile->>'lastName', ''))`)]: dir }),
}

/** The coach directory: search names, headline, business name and specializations; filter by country and specialization. */
export async function listPublicCoaches(em: EntityManager, p: PublicUserQuery) {
  const where: any[] = [COACH]
  if (p.q) {
    const like = `%${escapeLike(p.q.toLowerCase())}%`
    where.push({
      [raw(
        (a) =>
          `lower(concat_ws(' ', ${a}.profile->>'firstName', ${a}.profile->>'middleName', ${a}.profile->>'lastName', ${a}.profile->>'headline', ${a}.coach_profile->>'businessName', ${a}.coach_profile->>'specializations', ${a}.username)) like ?`,
        [like],
      )]: [],
    })
  }
  if (p.country) where.push({ [raw((a) => `${a}.profile->>'country' = ?`, [p.country])]: [] })
  if (p.specialization)
    where.push({
      [raw(
        (a) => `exists (select 1 from jsonb_array_elements_text(coalesce(${a}.coach_profile->'specializations', '[]'::jsonb)) s where lower(s) = ?)`,
        [p.specialization.toLowerCase()],
      )]: [],
    })
  const [rows, total] = await findPage(
    em,
    User,
    { $and: where },
    {
      limit: p.perPage,
      offset: p.offset,
      orderBy: [...p.sort.map((s) => PUBLIC_SORTS[s.field](s.dir)), { id: 'asc' }],
    },
  )
  const ratings = await coachRatings(
    em,
    rows.map((u) => u.id),
  )
  return listResponse(
    rows.map((u) => serializePublicUser(u, ratings.get(u.id) ?? { average: null, count: 0 })),
    total,
    p,
  )
}

export async function findPublicCoach(em: EntityManager, idOrUsername: string) {
  const key = idOrUsername.trim().toLowerCase()
  const where = isId(key) ? { id: key } : { username: key }
  const user = await em.findOne(User, { ...where, ...COACH })
  if (!user) throw notFound('User')
  return user
}

/** One coach's public view with the average rating of their workshops. */
export async function showPublicCoach(em: EntityManager, idOrUsername: string) {
  const user = await findPublicCoach(em, idOrUsername)
  const ratings = await coachRatings(em, [user.id])
  return serializePublicUser(user, ratings.get(user.id) ?? { average: null, count: 0 })
}
