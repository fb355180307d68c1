import * as v from 'valibot'

const Question = v.object({ id: v.string(), title: v.string(), order: v.number(), enabled: v.boolean() })
/** The posting as the API serializes it (only what the editor reads), or null for a new one. */
export const EditorPosting = v.looseObject({
  id: v.string(),
  status: v.picklist(['DRAFT', 'PUBLISHED', 'ARCHIVED', 'CLOSED']),
  title: v.string(),
  description: v.nullable(v.string()),
  skillsDescription: v.nullable(v.string()),
  companyName: v.nullable(v.string()),
  companyUrl: v.nullable(v.string()),
  location: v.nullable(v.string()),
  employmentStatus: v.nullable(v.string()),
  experienceLevel: v.nullable(v.string()),
  listingType: v.nullable(v.string()),
  availability: v.nullable(v.string()),
  posterEmail: v.nullable(v.string()),
  externalJobPostingId: v.nullable(v.string()),
  workplaceTypes: v.array(v.string()),
  industries: v.array(v.string()),
  categories: v.array(v.string()),
  preferences: v.looseObject({}),
  recruiterIds: v.array(v.string()),
  interviewQuestions: v.array(Question),
  updatedAt: v.optional(v.string()),
})
export type EditorPosting = v.InferOutput<typeof EditorPosting>

export const JobPostingEditorProps = v.object({
  posting: v.nullable(EditorPosting),
  /** Members of the team who can be picked as recruiters. */
  members: v.array(v.object({ id: v.string(), name: v.string(), email: v.string() })),
})
export type JobPostingEditorProps = v.InferOutput<typeof JobPostingEditorProps>
