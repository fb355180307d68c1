import * as v from 'valibot'

export const CoachAppsProps = v.object({ linked: v.boolean(), configured: v.boolean(), connectUrl: v.string() })
export type CoachAppsProps = v.InferOutput<typeof CoachAppsProps>
