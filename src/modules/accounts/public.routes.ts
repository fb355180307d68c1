/**
 * Public coach profiles (no sign-in): `GET /v1/public/users` and `GET /v1/public/users/{idOrUsername}`.
 */
import { Elysia, t } from 'elysia'
import * as v from 'valibot'
import { platform } from '../../platform/http/context'
import { ListQuerySchema, parseListQuery } from '../../platform/http/list-query'
import { dataOf, ErrorBody, json, ok, pageOf } from '../../platform/openapi/responses'
import { countryByCode } from '../../shared/countries'
import { PublicUserView } from '../users'
import { listPublicCoaches, PUBLIC_SORTS, showPublicCoach } from './public.service'

// The marketplace pages import these from here too.
export { findPublicCoach, listPublicCoaches, type PublicUserQuery } from './public.service'

const PublicUsersQuery = v.looseObject({
  ...ListQuerySchema.entries,
  country: v.optional(v.pipe(v.string(), v.description('Two-letter country code (same as filter[country])'))),
  specialization: v.optional(v.pipe(v.string(), v.description('A specialization, case-insensitive (same as filter[specialization])'))),
})

export const publicUserRoutes = new Elysia({ name: 'public-users' })
  .use(platform)
  .get(
    '/public/users',
    async ({ ctx, request }) => {
      const url = new URL(request.url)
      const p = parseListQuery(url, { sortable: Object.keys(PUBLIC_SORTS), filterable: ['country', 'specialization'], includes: [], defaultSort: 'name' })
      const country = p.filter.country ?? url.searchParams.get('country') ?? undefined
      const specialization = p.filter.specialization ?? url.searchParams.get('specialization') ?? undefined
      return listPublicCoaches(ctx.em, {
        ...p,
        // An unknown country matches nobody rather than failing the page.
        country: country ? (countryByCode(country)?.code ?? '--') : undefined,
        specialization: specialization?.trim() || undefined,
      })
    },
    {
      query: PublicUsersQuery,
      detail: {
        responses: ok(pageOf(PublicUserView), 'A page of coaches'),
        tags: ['Public'],
        summary: 'Coach directory (no sign-in): public fields only',
        description:
          'Active coaches. `q` searches names, headline, business name and specializations; filter with `filter[country]=GB` and `filter[specialization]=Leadership`; sort by `name` (default), `createdAt` or `username`.',
      },
    },
  )
  .get('/public/users/:idOrUsername', async ({ ctx, params }) => ({ data: await showPublicCoach(ctx.em, params.idOrUsername) }), {
    params: t.Object({ idOrUsername: t.String({ description: 'User id or username' }) }),
    detail: {
      responses: { ...ok(dataOf(PublicUserView), 'The coach'), 404: json(ErrorBody, 'No such coach') },
      tags: ['Public'],
      summary: 'A public coach profile by id or username (no sign-in)',
    },
  })
