/**
 * `POST /v1/onboarding/complete` (onboarding step 2): what the new user came for. No server
 * imports: the onboarding island validates with the same schema.
 */
import * as v from 'valibot'
import { CoachProfileUpdateSchema, USER_MESSAGES } from '../users/user.schema'

export const ONBOARDING_MESSAGES = {
  role: 'Please choose how you want to use the marketplace',
  businessName: 'Business name is required',
  specializations: 'Add at least one specialization',
  stepOne: 'Please complete your name and username first',
} as const

const coach = CoachProfileUpdateSchema.entries

export const CoachBasicsSchema = v.strictObject({
  businessName: v.pipe(
    v.string(ONBOARDING_MESSAGES.businessName),
    v.trim(),
    v.minLength(1, ONBOARDING_MESSAGES.businessName),
    v.maxLength(255, USER_MESSAGES.businessNameMax),
  ),
  bio: v.pipe(v.string(USER_MESSAGES.bio), v.trim(), v.minLength(1, USER_MESSAGES.bio), v.maxLength(1000, USER_MESSAGES.bioMax)),
  specializations: v.pipe(v.unwrap(coach.specializations), v.minLength(1, ONBOARDING_MESSAGES.specializations)),
})

export const OnboardingCompleteSchema = v.variant(
  'role',
  [v.strictObject({ role: v.literal('client') }), v.strictObject({ role: v.literal('coach'), coachProfile: CoachBasicsSchema })],
  ONBOARDING_MESSAGES.role,
)
export type OnboardingComplete = v.InferOutput<typeof OnboardingCompleteSchema>
