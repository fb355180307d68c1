/**
 * Job posting bodies, preferences and applications with the messages of docs/product-rules.md
 * section 5, word for word where the spec gives them. No server imports: the editor island
 * validates with these same schemas, and the OpenAPI document is generated from them.
 */
import * as v from 'valibot'
import { metaObject } from '../../shared/rules'

/** Enumerations of docs/product-rules.md section 3, as decided (docs/product-rules.md, decisions). */
export const JOB_STATUSES = ['DRAFT', 'PUBLISHED', 'ARCHIVED', 'CLOSED'] as const
export const SENIORITY_LEVELS = ['ENTRY_LEVEL', 'MID_SENIOR_LEVEL', 'DIRECTOR', 'EXECUTIVE', 'INTERNSHIP', 'ASSOCIATE', 'NOT_APPLICABLE'] as const
export const EMPLOYMENT_TYPES = ['FULL_TIME', 'PART_TIME', 'CONTRACT', 'INTERNSHIP', 'TEMPORARY', 'VOLUNTEER'] as const
export const WORK_MODES = ['On-site', 'Hybrid', 'Remote'] as const
export const DEPARTMENTS = ['IT', 'FINANCE', 'MARKETING', 'SALES', 'HR', 'ENGINEERING', 'DESIGN', 'PRODUCT', 'BUSINESS'] as const
export const INTERVIEW_TYPES = ['VIDEO', 'PHONE', 'IN_PERSON'] as const
export const APPLICATION_STATUSES = ['NEW', 'SHORTLISTED', 'REJECTED', 'HIRED'] as const
export type JobStatus = (typeof JOB_STATUSES)[number]
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number]

/**
 * Allowed status changes. A DRAFT may be incomplete; moving to PUBLISHED needs every
 * required field (JobPostingPublishSchema). PUBLISHED postings are the "open" ones counted
 * against the plan. CLOSED stops applications and may be reopened; ARCHIVED is put away and
 * may only go back to DRAFT.
 */
export const JOB_TRANSITIONS: Record<JobStatus, readonly JobStatus[]> = {
  DRAFT: ['DRAFT', 'PUBLISHED', 'ARCHIVED'],
  PUBLISHED: ['PUBLISHED', 'CLOSED', 'ARCHIVED'],
  CLOSED: ['CLOSED', 'PUBLISHED', 'ARCHIVED'],
  ARCHIVED: ['ARCHIVED', 'DRAFT'],
}

export const LIMITS = {
  title: 255,
  descriptionMin: 100,
  descriptionMax: 25_000,
  skillsMin: 100,
  skillsMax: 4_000,
  text: 255,
  categories: 3,
  enabledMin: 5,
  enabledMax: 10,
  /** Every question of a posting, enabled or not (a disabled one still travels with it). */
  questionsMax: 50,
  recruiters: 50,
} as const

export const JOB_MESSAGES = {
  titleRequired: 'Title is required',
  titleMin: 'Title must be at least 3 characters',
  titleMinEdit: 'Title must be at least 1 character',
  titleMax: 'Title cannot exceed 255 characters',
  description: 'Description must be between 100 and 25,000 characters',
  descriptionRequired: 'Description is required',
  skills: 'Skills description must be between 100 and 4,000 characters',
  skillsRequired: 'Skills description is required',
  companyName: 'Company name is required',
  companyNameMax: 'Company name cannot exceed 255 characters',
  companyUrl: 'Please enter a valid URL',
  companyUrlMax: 'Company URL cannot exceed 255 characters',
  location: 'Location is required',
  locationMax: 'Location cannot exceed 255 characters',
  listingType: 'Listing type cannot exceed 255 characters',
  availability: 'Availability cannot exceed 255 characters',
  externalId: 'External job posting id cannot exceed 255 characters',
  posterEmail: 'Please enter a valid email address',
  posterEmailMax: 'Poster email cannot exceed 255 characters',
  employmentStatus: 'Please select a valid employment type',
  employmentRequired: 'Employment type is required',
  experienceLevel: 'Please select a valid seniority level',
  experienceRequired: 'Seniority level is required',
  workplaceTypes: 'Please select valid work modes: On-site, Hybrid, Remote',
  workplaceRequired: 'Please select at least one work mode',
  categories: 'Cannot select more than 3 categories',
  department: 'Please select valid departments',
  status: 'Please select a valid job status',
  questionTitle: 'Question is required',
  questionTitleMax: 'Question cannot exceed 255 characters',
  questionOrder: 'Order must be at least 1',
  questionsMin: 'Please add at least 5 enabled interview questions',
  questionsMax: 'Maximum 10 enabled interview questions allowed',
  questionsTotalMax: 'A job posting can have at most 50 interview questions, enabled and disabled',
  questionDuplicate: 'Question already exists',
  recruiterIds: 'Please select valid recruiters',
  recruitersMax: 'A job posting can have at most 50 recruiters',
  maxLimit: 'Applicant limit must be a whole number of at least 1',
  ieltsScore: 'IELTS score must be between 0 and 9 in steps of 0.5',
  ieltsMinRequired: 'Minimum IELTS score is required when the IELTS assessment is required',
  interviewType: 'Please select a valid interview type: VIDEO, PHONE, IN_PERSON',
  meta: 'Meta must be an object',
} as const
const M = JOB_MESSAGES

const str = (max: number, maxMsg: string) => v.pipe(v.string(), v.trim(), v.maxLength(max, maxMsg))
/** Optional text: '' or null clears it. */
const optText = (max: number, maxMsg: string) => v.nullish(str(max, maxMsg))
const isHttpUrl = (s: string) => {
  try {
    const u = new URL(s)
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname
  } catch {
    return false
  }
}

export const titleCreate = v.pipe(
  v.optional(v.string(M.titleRequired), ''),
  v.trim(),
  v.nonEmpty(M.titleRequired),
  v.minLength(3, M.titleMin),
  v.maxLength(255, M.titleMax),
)
export const titleEdit = v.pipe(v.string(M.titleRequired), v.trim(), v.minLength(1, M.titleMinEdit), v.maxLength(255, M.titleMax))
export const descriptionRule = v.pipe(
  v.string(M.description),
  v.minLength(LIMITS.descriptionMin, M.description),
  v.maxLength(LIMITS.descriptionMax, M.description),
)
export const skillsRule = v.pipe(v.string(M.skills), v.minLength(LIMITS.skillsMin, M.skills), v.maxLength(LIMITS.skillsMax, M.skills))
export const companyNameRule = v.pipe(v.string(M.companyName), v.trim(), v.nonEmpty(M.companyName), v.maxLength(255, M.companyNameMax))
export const companyUrlRule = v.pipe(
  v.string(M.companyUrl),
  v.trim(),
  v.maxLength(255, M.companyUrlMax),
  v.check((s) => s === '' || isHttpUrl(s), M.companyUrl),
)
export const locationRule = v.pipe(v.string(M.location), v.trim(), v.minLength(1, M.location), v.maxLength(255, M.locationMax))
export const posterEmailRule = v.pipe(
  v.string(M.posterEmail),
  v.trim(),
  v.toLowerCase(),
  v.maxLength(255, M.posterEmailMax),
  v.check((s) => s === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s), M.posterEmail),
)
const unique = <T>(list: T[]) => new Set(list).size === list.length
const departments = v.pipe(
  v.array(v.picklist(DEPARTMENTS, M.department), M.department),
  v.maxLength(DEPARTMENTS.length, M.department),
  v.check(unique, M.department),
)
export const categoriesRule = v.pipe(departments, v.maxLength(LIMITS.categories, M.categories))
export const workplaceTypesRule = v.pipe(
  v.array(v.picklist(WORK_MODES, M.workplaceTypes), M.workplaceTypes),
  v.maxLength(WORK_MODES.length, M.workplaceTypes),
  v.check(unique, M.workplaceTypes),
)

export const InterviewQuestionSchema = v.object({
  id: v.optional(v.pipe(v.string(), v.uuid('Question id must be a UUID'))),
  title: v.pipe(v.string(M.questionTitle), v.trim(), v.minLength(1, M.questionTitle), v.maxLength(255, M.questionTitleMax)),
  order: v.pipe(v.number(M.questionOrder), v.integer(M.questionOrder), v.minValue(1, M.questionOrder)),
  enabled: v.optional(v.boolean(), true),
})
export type InterviewQuestion = { id: string; title: string; order: number; enabled: boolean }

const normal = (s: string) => s.trim().toLowerCase()
/** Index of every question whose title repeats an earlier one (trimmed, case-insensitive). */
export function duplicateQuestionIndexes(questions: readonly { title?: string }[]): number[] {
  const seen = new Set<string>()
  const out: number[] = []
  questions.forEach((q, i) => {
    const key = normal(q.title ?? '')
    if (!key) return
    if (seen.has(key)) out.push(i)
    else seen.add(key)
  })
  return out
}
export const enabledCount = (questions: readonly { enabled?: boolean }[]) => questions.filter((q) => q.enabled !== false).length

/** At most 50 questions in all; duplicates are flagged on the duplicate's own title; more than 10 enabled on the list. */
export const interviewQuestionsRule = v.pipe(
  v.array(InterviewQuestionSchema, 'Interview questions must be a list'),
  v.maxLength(LIMITS.questionsMax, M.questionsTotalMax),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return
    for (const i of duplicateQuestionIndexes(dataset.value))
      addIssue({
        message: M.questionDuplicate,
        path: [
          { type: 'array', origin: 'value', input: dataset.value, key: i, value: dataset.value[i] },
          { type: 'object', origin: 'value', input: dataset.value[i], key: 'title', value: dataset.value[i].title },
        ],
      })
  }),
  v.check((list) => enabledCount(list) <= LIMITS.enabledMax, M.questionsMax),
)

const ieltsScore = v.pipe(
  v.number(M.ieltsScore),
  v.minValue(0, M.ieltsScore),
  v.maxValue(9, M.ieltsScore),
  v.check((n) => Number.isInteger(n * 2), M.ieltsScore),
)

/** The job setting keys of section 3, typed, each with its default. */
export const preferenceEntries = {
  acceptApplications: v.optional(v.boolean(), true),
  applicantMaxLimit: v.optional(
    v.nullable(v.pipe(v.number(M.maxLimit), v.integer(M.maxLimit), v.minValue(1, M.maxLimit), v.maxValue(1_000_000, M.maxLimit))),
    null,
  ),
  applicantSelfScheduleInterview: v.optional(v.boolean(), false),
  characterReferenceCheck: v.optional(v.boolean(), false),
  bigFivePersonalityTest: v.optional(v.boolean(), false),
  ieltsAssessmentRequired: v.optional(v.boolean(), false),
  ieltsAssessmentMinScore: v.optional(v.nullable(ieltsScore), null),
  ieltsAutoReject: v.optional(v.boolean(), false),
  resumeRequired: v.optional(v.boolean(), false),
  interviewType: v.optional(v.picklist(INTERVIEW_TYPES, M.interviewType), 'VIDEO'),
  notifyAssigneeOnApplication: v.optional(v.boolean(), false),
}
const ieltsMinWhenRequired = v.forward<any, any, any>(
  v.check(
    (p: { ieltsAssessmentRequired: boolean; ieltsAssessmentMinScore: number | null }) => !p.ieltsAssessmentRequired || p.ieltsAssessmentMinScore != null,
    M.ieltsMinRequired,
  ),
  ['ieltsAssessmentMinScore'],
)
export const PreferencesSchema = v.pipe(v.strictObject(preferenceEntries), ieltsMinWhenRequired)
export type JobPreferences = v.InferOutput<typeof PreferencesSchema>
export const DEFAULT_PREFERENCES: JobPreferences = v.parse(PreferencesSchema, {})
/** A PATCH sends only the keys it changes; the merged whole is checked again. */
export const PreferencesPatchSchema = v.strictObject(Object.fromEntries(Object.entries(preferenceEntries).map(([k, s]) => [k, v.optional(s.wrapped)])))

const fields = {
  description: v.nullish(descriptionRule),
  skillsDescription: v.nullish(skillsRule),
  companyName: v.nullish(companyNameRule),
  companyUrl: v.nullish(companyUrlRule),
  location: v.nullish(locationRule),
  employmentStatus: v.nullish(v.picklist(EMPLOYMENT_TYPES, M.employmentStatus)),
  experienceLevel: v.nullish(v.picklist(SENIORITY_LEVELS, M.experienceLevel)),
  listingType: optText(255, M.listingType),
  availability: optText(255, M.availability),
  posterEmail: v.nullish(posterEmailRule),
  externalJobPostingId: optText(255, M.externalId),
  workplaceTypes: v.optional(workplaceTypesRule),
  industries: v.optional(departments),
  categories: v.optional(categoriesRule),
  meta: v.optional(metaObject(M.meta)),
  status: v.optional(v.picklist(JOB_STATUSES, M.status)),
  recruiterIds: v.optional(
    v.pipe(v.array(v.pipe(v.string(M.recruiterIds), v.uuid(M.recruiterIds)), M.recruiterIds), v.maxLength(LIMITS.recruiters, M.recruitersMax)),
  ),
  interviewQuestions: v.optional(interviewQuestionsRule),
}

export const JobPostingCreateSchema = v.strictObject({ title: titleCreate, ...fields, preferences: v.optional(PreferencesSchema) })
export const JobPostingUpdateSchema = v.strictObject({ title: v.optional(titleEdit), ...fields, preferences: v.optional(PreferencesPatchSchema) })
export type JobPostingCreate = v.InferOutput<typeof JobPostingCreateSchema>
export type JobPostingUpdate = v.InferOutput<typeof JobPostingUpdateSchema>

/**
 * What a PUBLISHED posting must have: checked on the whole (merged) posting whenever its
 * status is or becomes PUBLISHED. The editor runs it before publishing too.
 */
export const JobPostingPublishSchema = v.looseObject({
  title: titleEdit,
  description: v.pipe(v.string(M.descriptionRequired), descriptionRule),
  skillsDescription: v.pipe(v.string(M.skillsRequired), skillsRule),
  companyName: companyNameRule,
  companyUrl: v.nullish(companyUrlRule),
  location: v.pipe(v.string(M.location), locationRule),
  employmentStatus: v.picklist(EMPLOYMENT_TYPES, M.employmentRequired),
  experienceLevel: v.picklist(SENIORITY_LEVELS, M.experienceRequired),
  workplaceTypes: v.pipe(workplaceTypesRule, v.minLength(1, M.workplaceRequired)),
  categories: v.optional(categoriesRule),
  interviewQuestions: v.pipe(
    interviewQuestionsRule,
    v.check((list) => enabledCount(list) >= LIMITS.enabledMin, M.questionsMin),
  ),
})

/** A guest's application; `answers` maps question id -> answer. */
export const APPLY_MESSAGES = {
  name: 'Please enter your name',
  nameMax: 'Name cannot exceed 255 characters',
  email: 'Please enter a valid email address',
  answer: 'Please answer this question',
  answerMax: 'Answers cannot exceed 5,000 characters',
  answersMax: 'An application can have at most 50 answers',
  resume: 'Please attach your resume (PDF or Word document)',
  resumeType: 'The resume must be a PDF or Word document (pdf, doc, docx)',
  ielts: 'Please enter your IELTS score (0 to 9 in steps of 0.5)',
  closed: 'This job posting is not accepting applications.',
  full: 'This job posting has reached its applicant limit.',
  duplicate: 'You have already applied to this job posting.',
} as const

export const ApplicationSchema = v.object({
  name: v.pipe(v.string(APPLY_MESSAGES.name), v.trim(), v.nonEmpty(APPLY_MESSAGES.name), v.maxLength(255, APPLY_MESSAGES.nameMax)),
  email: v.pipe(v.string(APPLY_MESSAGES.email), v.trim(), v.toLowerCase(), v.maxLength(255, APPLY_MESSAGES.email), v.email(APPLY_MESSAGES.email)),
  answers: v.optional(
    v.pipe(
      v.record(v.string(), v.pipe(v.string(), v.trim(), v.maxLength(5000, APPLY_MESSAGES.answerMax))),
      v.check((a) => Object.keys(a).length <= LIMITS.questionsMax, APPLY_MESSAGES.answersMax),
    ),
    {},
  ),
  ieltsScore: v.optional(
    v.nullable(
      v.union(
        [
          v.pipe(
            v.number(APPLY_MESSAGES.ielts),
            v.minValue(0, APPLY_MESSAGES.ielts),
            v.maxValue(9, APPLY_MESSAGES.ielts),
            v.check((n) => Number.isInteger(n * 2), APPLY_MESSAGES.ielts),
          ),
          v.pipe(
            v.string(APPLY_MESSAGES.ielts),
            v.trim(),
            v.transform((s) => (s === '' ? null : Number(s))),
            v.nullable(
              v.pipe(
                v.number(APPLY_MESSAGES.ielts),
                v.minValue(0, APPLY_MESSAGES.ielts),
                v.maxValue(9, APPLY_MESSAGES.ielts),
                v.check((n) => Number.isInteger(n * 2), APPLY_MESSAGES.ielts),
              ),
            ),
          ),
        ],
        APPLY_MESSAGES.ielts,
      ),
    ),
  ),
})

export const ApplicationStatusSchema = v.strictObject({
  status: v.picklist(APPLICATION_STATUSES, 'Please select a valid applicant status: NEW, SHORTLISTED, REJECTED, HIRED'),
})

/** Human labels of the job enumerations, for pages and the editor. */
export const EMPLOYMENT_LABEL: Record<string, string> = {
  FULL_TIME: 'Full time',
  PART_TIME: 'Part time',
  CONTRACT: 'Contract',
  INTERNSHIP: 'Internship',
  TEMPORARY: 'Temporary',
  VOLUNTEER: 'Volunteer',
}
export const SENIORITY_LABEL: Record<string, string> = {
  ENTRY_LEVEL: 'Entry level',
  MID_SENIOR_LEVEL: 'Mid-senior level',
  DIRECTOR: 'Director',
  EXECUTIVE: 'Executive',
  INTERNSHIP: 'Internship',
  ASSOCIATE: 'Associate',
  NOT_APPLICABLE: 'Not applicable',
}
export const DEPARTMENT_LABEL: Record<string, string> = {
  IT: 'IT',
  FINANCE: 'Finance',
  MARKETING: 'Marketing',
  SALES: 'Sales',
  HR: 'HR',
  ENGINEERING: 'Engineering',
  DESIGN: 'Design',
  PRODUCT: 'Product',
  BUSINESS: 'Business',
}
export const STATUS_LABEL: Record<string, string> = { DRAFT: 'Draft', PUBLISHED: 'Published', CLOSED: 'Closed', ARCHIVED: 'Archived' }
export const INTERVIEW_LABEL: Record<string, string> = { VIDEO: 'Video call', PHONE: 'Phone call', IN_PERSON: 'In person' }
export const APPLICANT_LABEL: Record<string, string> = { NEW: 'New', SHORTLISTED: 'Shortlisted', REJECTED: 'Rejected', HIRED: 'Hired' }
