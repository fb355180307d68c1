/**
 * The coach's own hours and busy calendars: `GET|PUT /v1/availability`,
 * `GET|POST /v1/availability/calendars`, `DELETE /v1/availability/calendars/{id}`. A person's
 * time is theirs in every team: no X-Team needed.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { Elysia, t } from 'elysia'
import { platform } from '../../platform/http/context'
import { parseOrThrow } from '../../platform/http/errors'
import { pageOfRows } from '../../platform/http/list-query'
import { created, dataOf, noContent, ok, pageOf } from '../../platform/openapi/responses'
import { AvailabilitySchema, AvailabilityView, CalendarFeedCreateSchema, CalendarFeedView } from './availability.schema'
import { availabilityOf, saveAvailability, serializeAvailability } from './availability.service'
import { addFeed, listFeeds, removeFeed, serializeFeed } from './feed.service'

const tags = ['Sessions']
const coach = { can: 'workshops.manage' as const }

export const availabilityRoutes = new Elysia({ name: 'availability' })
  .use(platform)
  .get('/availability', async ({ ctx }) => ({ data: serializeAvailability(await availabilityOf(ctx.em as EntityManager, ctx.requireUser().id)) }), {
    access: coach,
    detail: {
      responses: ok(dataOf(AvailabilityView), 'My hours'),
      tags,
      summary: 'My weekly hours and date overrides (times in my time zone)',
    },
  })
  .put(
    '/availability',
    async ({ ctx, body }) => {
      const data = parseOrThrow(AvailabilitySchema, body)
      return { data: serializeAvailability(await saveAvailability(ctx.em as EntityManager, ctx.requireUser().id, data)) }
    },
    {
      access: coach,
      body: AvailabilitySchema,
      detail: {
        responses: ok(dataOf(AvailabilityView), 'My hours now'),
        tags,
        summary: 'Replace my weekly hours and date overrides',
        description:
          '`{ timeZone, weekly: [{ day: 1-7, start: "09:00", end: "12:30" }], overrides: [{ date: "2026-12-24", ranges: [] }] }`. Days are ISO weekdays (1 Monday); several ranges a day, not overlapping; "24:00" ends a range at midnight. An override replaces the weekday\'s hours on its date (no ranges: a day off). Hours are wall-clock in `timeZone` (IANA), so 09:00 stays 09:00 across daylight-saving changes; a time the clocks skip is the moment they jump, a time they repeat starts a range at its first pass and ends one at its second.',
      },
    },
  )
  .get(
    '/availability/calendars',
    async ({ ctx, request }) => pageOfRows(request.url, (await listFeeds(ctx.em as EntityManager, ctx.requireUser().id)).map(serializeFeed), 10),
    {
      access: coach,
      detail: {
        responses: ok(pageOf(CalendarFeedView), 'My busy calendars (at most 5)'),
        tags,
        summary: 'My busy calendars: when each was last read, and any error',
      },
    },
  )
  .post(
    '/availability/calendars',
    async ({ ctx, body, set }) => {
      const { url } = parseOrThrow(CalendarFeedCreateSchema, body)
      const feed = await addFeed(ctx.em as EntityManager, ctx.requireUser().id, url)
      set.status = 201
      return { data: serializeFeed(feed) }
    },
    {
      access: coach,
      body: CalendarFeedCreateSchema,
      detail: {
        responses: created(dataOf(CalendarFeedView), 'Added; it is read at once, then every 15 minutes'),
        tags,
        summary: 'Add a busy calendar by its ICS address (Google, Outlook, Apple and others export one)',
        description:
          '`{ url }`: an http(s) or webcal address of an iCalendar file. Its events (recurring ones expanded, all-day ones as whole days, free and cancelled ones left out) make the times they cover unavailable for sessions; only the busy ranges are kept. Private and loopback addresses are refused in production. 409 beyond 5 calendars.',
      },
    },
  )
  .delete(
    '/availability/calendars/:id',
    async ({ ctx, params, set }) => {
      await removeFeed(ctx.em as EntityManager, ctx.requireUser().id, params.id)
      set.status = 204
      return null
    },
    {
      access: coach,
      params: t.Object({ id: t.String() }),
      detail: { responses: noContent('Removed: its busy times no longer count'), tags, summary: 'Remove a busy calendar' },
    },
  )
