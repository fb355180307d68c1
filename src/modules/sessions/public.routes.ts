/**
 * Sessions for visitors (no sign-in): a coach's session types, one type, and its free times.
 */
import { Elysia, t } from 'elysia'
import * as v from 'valibot'
import { platform } from '../../platform/http/context'
import { notFound, parseOrThrow } from '../../platform/http/errors'
import { pageOfRows } from '../../platform/http/list-query'
import { dataOf, ErrorBody, json, ok } from '../../platform/openapi/responses'
import { SlotsQuerySchema, SlotView } from './availability.schema'
import { findPublicSessionType, MAX_SLOT_DAYS, publicSessionTypesOf, publicSlots } from './public.service'
import { PublicSessionTypeView } from './session-type.schema'

const tags = ['Public', 'Sessions']

export const SlotsAnswer = v.object({
  data: v.array(SlotView),
  meta: v.object({
    from: v.string(),
    to: v.string(),
    timeZone: v.pipe(v.string(), v.description("The coach's IANA time zone (where the hours are kept)")),
    durationMinutes: v.number(),
  }),
})

/** The slots answer: ISO instants and the window they were read for. */
export const slotsAnswer = (r: NonNullable<Awaited<ReturnType<typeof publicSlots>>>) => ({
  data: r.slots.map((s) => ({ start: new Date(s.start).toISOString(), end: new Date(s.end).toISOString() })),
  meta: { from: new Date(r.from).toISOString(), to: new Date(r.to).toISOString(), timeZone: r.timeZone, durationMinutes: r.type.durationMinutes },
})

export const publicSessionRoutes = new Elysia({ name: 'public-sessions' })
  .use(platform)
  .get(
    '/public/coaches/:username/session-types',
    async ({ ctx, params, request }) => pageOfRows(request.url, await publicSessionTypesOf(ctx.em, params.username)),
    {
      params: t.Object({ username: t.String({ description: 'Username (or id) of the coach' }) }),
      detail: {
        responses: ok(
          v.object({
            data: v.array(PublicSessionTypeView),
            meta: v.object({ page: v.number(), perPage: v.number(), total: v.number(), lastPage: v.number() }),
          }),
          "The coach's bookable session types",
        ),
        tags,
        summary: "A coach's one-to-one session types (no sign-in)",
      },
    },
  )
  .get(
    '/public/session-types/:id',
    async ({ ctx, params }) => {
      const data = await findPublicSessionType(ctx.em, params.id)
      if (!data) throw notFound('Session type')
      return { data }
    },
    {
      params: t.Object({ id: t.String() }),
      detail: {
        responses: { ...ok(dataOf(PublicSessionTypeView), 'The session type'), 404: json(ErrorBody, 'Not bookable') },
        tags,
        summary: 'A bookable session type (no sign-in)',
      },
    },
  )
  .get(
    '/public/session-types/:id/slots',
    async ({ ctx, params, query }) => {
      const q = parseOrThrow(SlotsQuerySchema, query)
      const r = await publicSlots(ctx.em, params.id, q)
      if (!r) throw notFound('Session type')
      return slotsAnswer(r)
    },
    {
      params: t.Object({ id: t.String() }),
      query: SlotsQuerySchema,
      detail: {
        responses: ok(SlotsAnswer, 'Free times, soonest first'),
        tags,
        summary: 'Free times of a session type (no sign-in)',
        description: `\`from\` and \`to\`: dates (YYYY-MM-DD, midnight in \`timeZone\`, the visitor's zone; a \`to\` date includes that day) or ISO instants; default from now for 31 days, at most ${MAX_SLOT_DAYS} days. Each slot \`{ start, end }\` is an ISO instant: the coach's hours less their busy calendars, their workshops and sessions (with the buffers), the minimum notice, the booking window and the per-day limit.`,
      },
    },
  )
