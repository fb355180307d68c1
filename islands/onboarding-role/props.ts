import * as v from 'valibot'

export const OnboardingRoleProps = v.object({
  firstName: v.string(),
  businessName: v.string(),
  bio: v.string(),
  specializations: v.array(v.string()),
})
export type OnboardingRoleProps = v.InferOutput<typeof OnboardingRoleProps>
