import { Elysia, t } from 'elysia'
import { platform } from '../../platform/http/context'
import { notFound } from '../../platform/http/errors'
import { parseIncludes } from '../../platform/http/list-query'
import { dataOf, ok, pageOf } from '../../platform/openapi/responses'
import { ScheduleView } from './catalogue.views'
import { memoListing } from './listing-memo'
import { findPublicSchedule, listPublicSchedulesJson, PublicScheduleQuerySchema, parsePublicFilters } from './public.service'

/** The marketplace: no sign-in, every tenant's PUBLIC and PUBLISHED schedules. */
export const publicScheduleRoutes = new Elysia({ name: 'public-schedules' })
  .use(platform)
  .get(
    '/public/workshop-schedules',
    async ({ ctx, request }) => {
      const sp = new URL(request.url).searchParams
      parseIncludes(sp.get('include'), []) // rows always embed what they have: any include is unknown (422)
      const filters = parsePublicFilters(sp)
      // Kept whole while no listing change is seen (listing-memo.ts); a load writes it from
      // the cached cards' JSON (public.cards.ts): the rows are not serialized again.
      const json = await memoListing(ctx.em, `api:${JSON.stringify(filters)}`, (em) => listPublicSchedulesJson(em, filters))
      return new Response(json, { headers: { 'content-type': 'application/json' } })
    },
    {
      query: PublicScheduleQuerySchema,
      detail: {
        responses: ok(pageOf(ScheduleView), 'A page of public schedules'),
        tags: ['Marketplace'],
        summary: 'Public workshop schedules of every tenant',
        description:
          'PUBLIC and PUBLISHED schedules, coming ones first. Each row embeds its workshop (with tags), the coach (public fields and average rating), `seatsLeft`, `confirmedSeats`, `runs` (minSeats reached) and the schedule rating. One SQL statement reads the page, its live figures and the total whatever perPage is; the static part of each row (workshop, tags, coach) is cached by row version, and a second statement loads it only for rows not seen at their current version. Each app server keeps whole answers while nothing the listing shows has changed (a database sequence every such write moves on), so a repeated request costs one tiny read and a change made through any server shows at once.',
      },
    },
  )
  .get(
    '/public/workshop-schedules/:id',
    async ({ ctx, params, request }) => {
      parseIncludes(new URL(request.url).searchParams.get('include'), [])
      const data = await findPublicSchedule(ctx.em, params.id)
      if (!data) throw notFound('Workshop schedule')
      return { data }
    },
    {
      params: t.Object({ id: t.String() }),
      detail: {
        responses: ok(dataOf(ScheduleView), 'The schedule'),
        tags: ['Marketplace'],
        summary: 'One public workshop schedule (PUBLIC or UNLISTED, PUBLISHED)',
      },
    },
  )
