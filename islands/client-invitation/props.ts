import * as v from 'valibot'
import { QuestionView } from '../../src/modules/workshops/question.schema'

/**
 * Answering a seat invitation: on /invitations/{token} (the mailed token) or on the dashboard
 * (an invitation addressed to my account or email, by seat id).
 */
export const ClientInvitationProps = v.object({
  mode: v.picklist(['token', 'seat']),
  token: v.optional(v.string()),
  seatId: v.optional(v.string()),
  bookingId: v.string(),
  signedIn: v.boolean(),
  workshopTitle: v.string(),
  /** The workshop's per-seat questions, answered when accepting (checked by the API's rules). */
  questions: v.optional(v.array(QuestionView)),
})
export type ClientInvitationProps = v.InferOutput<typeof ClientInvitationProps>
