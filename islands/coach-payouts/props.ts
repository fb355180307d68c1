import * as v from 'valibot'

/** The payout account's step on /c/account/payouts: what the button says and does. */
export const CoachPayoutsProps = v.object({
  status: v.picklist(['none', 'pending', 'enabled', 'restricted']),
})
export type CoachPayoutsProps = v.InferOutput<typeof CoachPayoutsProps>
