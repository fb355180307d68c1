import * as v from 'valibot'

export const Applicant = v.object({
  id: v.string(),
  name: v.string(),
  email: v.string(),
  answers: v.array(v.object({ questionId: v.string(), question: v.string(), answer: v.string() })),
  ieltsScore: v.nullable(v.number()),
  status: v.picklist(['NEW', 'SHORTLISTED', 'REJECTED', 'HIRED']),
  autoRejected: v.boolean(),
  resume: v.nullable(v.object({ name: v.nullable(v.string()), type: v.nullable(v.string()), url: v.string() })),
  createdAt: v.string(),
})
export type Applicant = v.InferOutput<typeof Applicant>

export const JobApplicantsProps = v.object({
  postingId: v.string(),
  applicants: v.array(Applicant),
})
export type JobApplicantsProps = v.InferOutput<typeof JobApplicantsProps>
