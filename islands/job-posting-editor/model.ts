/**
 * The editor's form state and its mapping to and from the API body. Validation uses the
 * very schemas of the API (src/modules/job-postings/job-posting.schema.ts): the same rules
 * and messages in the browser and on the server, keyed by the same dotted paths.
 */
import * as v from 'valibot'
import {
  DEFAULT_PREFERENCES,
  duplicateQuestionIndexes,
  JobPostingCreateSchema,
  JobPostingPublishSchema,
  JobPostingUpdateSchema,
  type JobPreferences,
  type JobStatus,
} from '../../src/modules/job-postings/job-posting.schema'
import type { EditorPosting } from './props'

export interface QuestionDraft {
  key: string
  id?: string
  title: string
  enabled: boolean
}
export interface FormState {
  title: string
  description: string
  skillsDescription: string
  companyName: string
  companyUrl: string
  location: string
  employmentStatus: string
  experienceLevel: string
  listingType: string
  availability: string
  posterEmail: string
  externalJobPostingId: string
  workplaceTypes: string[]
  industries: string[]
  categories: string[]
  recruiterIds: string[]
  preferences: JobPreferences
  interviewQuestions: QuestionDraft[]
}
export type ErrorBag = Record<string, string[]>

let seq = 0
export const newKey = () => `q${Date.now().toString(36)}${(seq++).toString(36)}`

export function fromPosting(p: EditorPosting | null): FormState {
  return {
    title: p?.title ?? '',
    description: p?.description ?? '',
    skillsDescription: p?.skillsDescription ?? '',
    companyName: p?.companyName ?? '',
    companyUrl: p?.companyUrl ?? '',
    location: p?.location ?? '',
    employmentStatus: p?.employmentStatus ?? '',
    experienceLevel: p?.experienceLevel ?? '',
    listingType: p?.listingType ?? '',
    availability: p?.availability ?? '',
    posterEmail: p?.posterEmail ?? '',
    externalJobPostingId: p?.externalJobPostingId ?? '',
    workplaceTypes: p?.workplaceTypes ?? [],
    industries: p?.industries ?? [],
    categories: p?.categories ?? [],
    recruiterIds: p?.recruiterIds ?? [],
    preferences: { ...DEFAULT_PREFERENCES, ...((p?.preferences ?? {}) as Partial<JobPreferences>) },
    interviewQuestions: (p?.interviewQuestions ?? []).map((q) => ({ key: q.id, id: q.id, title: q.title, enabled: q.enabled })),
  }
}

const orNull = (s: string) => (s.trim() === '' ? null : s)

/** The API body; order follows the list (1-based), '' becomes null. */
export function toPayload(f: FormState, status: JobStatus) {
  return {
    title: f.title,
    description: orNull(f.description),
    skillsDescription: orNull(f.skillsDescription),
    companyName: orNull(f.companyName),
    companyUrl: orNull(f.companyUrl),
    location: orNull(f.location),
    employmentStatus: f.employmentStatus || null,
    experienceLevel: f.experienceLevel || null,
    listingType: orNull(f.listingType),
    availability: orNull(f.availability),
    posterEmail: orNull(f.posterEmail),
    externalJobPostingId: orNull(f.externalJobPostingId),
    workplaceTypes: f.workplaceTypes,
    industries: f.industries,
    categories: f.categories,
    recruiterIds: f.recruiterIds,
    preferences: f.preferences,
    interviewQuestions: f.interviewQuestions.map((q, i) => ({ ...(q.id ? { id: q.id } : {}), title: q.title, order: i + 1, enabled: q.enabled })),
    status,
  }
}

function bagOf(schema: v.GenericSchema, value: unknown): ErrorBag {
  const r = v.safeParse(schema, value, { abortPipeEarly: true })
  if (r.success) return {}
  const bag: ErrorBag = {}
  for (const issue of r.issues) {
    const key = v.getDotPath(issue) ?? '_'
    ;(bag[key] ??= []).includes(issue.message) || bag[key].push(issue.message)
  }
  return bag
}

/** Every error of the form for the target status: the body rules, plus the PUBLISHED rules. */
export function validate(f: FormState, status: JobStatus, isNew: boolean): ErrorBag {
  const body = toPayload(f, status)
  const bag = bagOf(isNew ? JobPostingCreateSchema : JobPostingUpdateSchema, body)
  if (status === 'PUBLISHED') for (const [k, m] of Object.entries(bagOf(JobPostingPublishSchema, body))) bag[k] ??= m
  return bag
}

/** Live errors shown while typing: duplicates at once (section 5: 'Question already exists'). */
export function duplicateErrors(f: FormState): ErrorBag {
  const bag: ErrorBag = {}
  for (const i of duplicateQuestionIndexes(f.interviewQuestions)) bag[`interviewQuestions.${i}.title`] = ['Question already exists']
  return bag
}

/** The order fields appear in on screen: the first invalid one gets focus. */
export const FIELD_ORDER = [
  'title',
  'description',
  'skillsDescription',
  'companyName',
  'companyUrl',
  'posterEmail',
  'location',
  'workplaceTypes',
  'employmentStatus',
  'experienceLevel',
  'listingType',
  'availability',
  'categories',
  'industries',
  'preferences',
  'interviewQuestions',
  'recruiterIds',
]

export const draftKey = (id: string | null) => `summit:job-posting-draft:${id ?? 'new'}`
