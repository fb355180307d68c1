import * as v from 'valibot'

export const CoachProfileProps = v.object({
  userId: v.string(),
  username: v.nullable(v.string()),
  profile: v.object({
    businessName: v.string(),
    specializations: v.array(v.string()),
    bio: v.string(),
    introductionVideo: v.string(),
    experiences: v.array(v.object({ title: v.string(), company: v.string(), years: v.number(), months: v.number() })),
    certifications: v.array(v.object({ title: v.string(), issuingOrganization: v.string(), issuingDate: v.string(), certificateUrl: v.string() })),
    completedBusinessAccelerator: v.boolean(),
    completedVideoResources: v.boolean(),
    completedQuizzes: v.boolean(),
    completedConsultation: v.boolean(),
  }),
})
export type CoachProfileProps = v.InferOutput<typeof CoachProfileProps>
