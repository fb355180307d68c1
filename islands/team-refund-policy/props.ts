import * as v from 'valibot'

const Policy = v.object({ fullRefundHours: v.number(), partialRefundHours: v.number(), partialRefundPercent: v.number() })

/** The team's default refund policy (its managers set it on /c/settings): null is a full refund at any time. */
export const TeamRefundPolicyProps = v.object({ policy: v.nullable(Policy) })
export type TeamRefundPolicyProps = v.InferOutput<typeof TeamRefundPolicyProps>
