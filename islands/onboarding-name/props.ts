import * as v from 'valibot'

export const OnboardingNameProps = v.object({
  userId: v.string(),
  firstName: v.string(),
  middleName: v.string(),
  lastName: v.string(),
  username: v.string(),
})
export type OnboardingNameProps = v.InferOutput<typeof OnboardingNameProps>
