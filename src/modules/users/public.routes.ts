/**
 * Public coach profiles (no sign-in): `GET /v1/public/users` and `GET /v1/public/users/{idOrUsername}`.
 * Only active, not deleted users with the coach role; only the public fields. A list costs
 * two SQL statements (rows and count) whatever its size.
 */
import { Elysia, t } from 'elysia'
import * as v from 'valibot'
import { raw } from '@mikro-orm/core'
import type { EntityManager } from '@mikro-orm/postgresql'
import { platform } from '../../platform/http/context'
import { notFound } from '../../platform/http/errors'
import { ListQuerySchema, listResponse, parseListQuery } from '../../platform/http/list-query'
import { escapeLike } from '../../platform/http/crud'
import { User } from './user.entity'
import { serializePublicUser } from './user.serialize'
import { countryByCode } from '../../shared/countries'

const COACH = { roles: { $contains: ['coach'] }, status: 'active', deletedAt: null } as const

export interface PublicUserQuery {
  page: number
  perPage: number
  offset: number
  sort: { field: string; dir: 'asc' | 'desc' }[]
  q?: string
  country?: string
  specialization?: string
}

const SORTS: Record<string, (dir: 'asc' | 'desc') => object> = {
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
      [raw((a) => `lower(concat_ws(' ', ${a}.profile->>'firstName', ${a}.profile->>'middleName', ${a}.profile->>'lastName', ${a}.profile->>'headline', ${a}.coach_profile->>'businessName', ${a}.coach_profile->>'specializations', ${a}.username)) like ?`, [like])]: [],
    })
  }
  if (p.country) where.push({ [raw((a) => `${a}.profile->>'country' = ?`, [p.country])]: [] })
  if (p.specialization)
    where.push({
      [raw((a) => `exists (select 1 from jsonb_array_elements_text(coalesce(${a}.coach_profile->'specializations', '[]'::jsonb)) s where lower(s) = ?)`, [p.specialization.toLowerCase()])]: [],
    })
  const [rows, total] = await em.findAndCount(User, { $and: where } as any, {
    limit: p.perPage,
    offset: p.offset,
    orderBy: [...p.sort.map((s) => SORTS[s.field](s.dir)), { id: 'asc' }] as any,
  })
  return listResponse(rows.map(serializePublicUser), total, p)
}

export async function findPublicCoach(em: EntityManager, idOrUsername: string) {
  const key = idOrUsername.trim().toLowerCase()
  const where = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(key) ? { id: key } : { username: key }
  const user = await em.findOne(User, { ...where, ...COACH } as any)
  if (!user) throw notFound('User')
  return user
}

const PublicUsersQuery = v.looseObject({
  ...ListQuerySchema.entries,
  country: v.optional(v.pipe(v.string(), v.description('Two-letter country code (same as filter[country])'))),
  specialization: v.optional(v.pipe(v.string(), v.description('A specialization, case-insensitive (same as filter[specialization])'))),
})

export const publicUserRoutes = new Elysia({ name: 'public-users' })
  .use(platform)
  .get('/public/users', async ({ ctx, request }) => {
    const url = new URL(request.url)
    const p = parseListQuery(url, { sortable: Object.keys(SORTS), filterable: ['country', 'specialization'], includes: [], defaultSort: 'name' })
    const country = p.filter.country ?? url.searchParams.get('country') ?? undefined
    const specialization = p.filter.specialization ?? url.searchParams.get('specialization') ?? undefined
    return listPublicCoaches(ctx.em, {
      ...p,
      // An unknown country matches nobody rather than failing the page.
      country: country ? (countryByCode(country)?.code ?? '--') : undefined,
      specialization: specialization?.trim() || undefined,
    })
  }, {
    query: PublicUsersQuery,
    detail: {
      tags: ['Public'],
      summary: 'Coach directory (no sign-in): public fields only',
      description: 'Active coaches. `q` searches names, headline, business name and specializations; filter with `filter[country]=GB` and `filter[specialization]=Leadership`; sort by `name` (default), `createdAt` or `username`.',
    },
  })
  .get('/public/users/:idOrUsername', async ({ ctx, params }) => ({ data: serializePublicUser(await findPublicCoach(ctx.em, params.idOrUsername)) }), {
    params: t.Object({ idOrUsername: t.String({ description: 'User id or username' }) }),
    detail: { tags: ['Public'], summary: 'A public coach profile by id or username (no sign-in)' },
  })
