import * as v from 'valibot'

/** The seats of a booking: who holds each and its invitation status; the booker invites, resends and revokes. */
export const ClientSeatsProps = v.object({
  bookingId: v.string(),
  seats: v.number(),
  rows: v.array(
    v.object({
      id: v.string(),
      status: v.string(),
      userId: v.nullable(v.string()),
      email: v.nullable(v.string()),
      name: v.nullable(v.string()),
      isBooker: v.boolean(),
      isMe: v.boolean(),
      invitationSentAt: v.nullable(v.string()),
      invitationExpiresAt: v.nullable(v.string()),
      respondedAt: v.nullable(v.string()),
      attended: v.boolean(),
    }),
  ),
  canManage: v.boolean(),
  /** People I booked with, to invite by account. */
  people: v.array(v.object({ userId: v.string(), name: v.string() })),
  tz: v.string(),
})
export type ClientSeatsProps = v.InferOutput<typeof ClientSeatsProps>
