import type { EntityManager } from '@mikro-orm/postgresql'
import { Elysia, t } from 'elysia'
import * as v from 'valibot'
import { platform } from '../../platform/http/context'
import { parseOrThrow } from '../../platform/http/errors'
import { dataOf, ok } from '../../platform/openapi/responses'
import { BookingCancelSchema } from './booking.schema'
import { cancelSchedule } from './schedule-cancel.service'

/** POST /workshop-schedules/{id}/cancel {reason}: the coach calls a schedule off (bookings cancelled, paid ones refunded, attendees mailed). */
export const scheduleCancelRoutes = new Elysia({ name: 'schedule-cancel' }).use(platform).post(
  '/workshop-schedules/:id/cancel',
  async ({ ctx, params, body }) => {
    const user = ctx.requireUser()
    const { reason } = parseOrThrow(BookingCancelSchema, body)
    return {
      data: await cancelSchedule(ctx.em as EntityManager, { id: user.id, isSuperAdmin: ctx.isSuperAdmin }, params.id, reason, {
        beyondPolicy: () => ctx.requireRecentVerification(),
      }),
    }
  },
  {
    access: { can: 'workshops.manage' },
    params: t.Object({ id: t.String() }),
    body: BookingCancelSchema,
    detail: {
      responses: ok(
        dataOf(v.object({ scheduleId: v.string(), cancelled: v.number(), refunded: v.number(), mailed: v.number() })),
        'What was cancelled, refunded and mailed',
      ),
      tags: ['Workshop schedules'],
      summary: 'Cancel a schedule with a reason',
      description:
        'The schedule is archived; its PENDING and CONFIRMED bookings are cancelled with the reason (seats back, paid ones refunded in full), and every booker and seat holder is mailed. Answers how many bookings were cancelled and refunded. When a refund would be more than its booking\'s refund policy gives, it is a sensitive action: without a second check in the last 10 minutes (`POST /v1/auth/reauthenticate`) it is a 403 `{ code: "reauthentication_required" }` and nothing changes.',
    },
  },
)
