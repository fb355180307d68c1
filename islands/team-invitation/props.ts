import * as v from 'valibot'

/** Answering a team invitation on /invitations/team/{token}: signed-out visitors sign in or register first and come back. */
export const TeamInvitationProps = v.object({
  token: v.string(),
  team: v.string(),
  email: v.string(),
  signedIn: v.boolean(),
  /** The signed-in account's address, when it is not the invited one. */
  otherAccount: v.nullable(v.string()),
})
export type TeamInvitationProps = v.InferOutput<typeof TeamInvitationProps>
