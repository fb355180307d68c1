/** OpenAPI documentation of the job posting routes: response bodies and the enumerations. */

import { toJsonSchema } from '@valibot/to-json-schema'
import * as v from 'valibot'
import { file } from '../../platform/openapi/responses'
import {
  APPLICATION_STATUSES,
  DEPARTMENTS,
  EMPLOYMENT_TYPES,
  INTERVIEW_TYPES,
  JOB_STATUSES,
  JOB_TRANSITIONS,
  SENIORITY_LEVELS,
  WORK_MODES,
} from './job-posting.schema'

const s = v.string()
const ns = v.nullable(v.string())
const Preferences = v.object({
  acceptApplications: v.pipe(v.boolean(), v.description('Default true. false closes applying.')),
  applicantMaxLimit: v.pipe(v.nullable(v.number()), v.description('Integer >= 1, or null (no limit). Never exceeded, also under concurrent applications.')),
  applicantSelfScheduleInterview: v.boolean(),
  characterReferenceCheck: v.boolean(),
  bigFivePersonalityTest: v.boolean(),
  ieltsAssessmentRequired: v.pipe(v.boolean(), v.description('Applicants must give an IELTS score.')),
  ieltsAssessmentMinScore: v.pipe(v.nullable(v.number()), v.description('0 to 9 in steps of 0.5; required when ieltsAssessmentRequired.')),
  ieltsAutoReject: v.pipe(v.boolean(), v.description('Applications below the minimum score are REJECTED at once.')),
  resumeRequired: v.pipe(v.boolean(), v.description('A PDF or Word resume (checked by content) is required.')),
  interviewType: v.picklist(INTERVIEW_TYPES),
  notifyAssigneeOnApplication: v.pipe(v.boolean(), v.description('Mail the recruiters on every application.')),
})
const Question = v.object({ id: s, title: s, order: v.number(), enabled: v.boolean() })
export const JobPostingView = v.object({
  id: s,
  tenantId: s,
  title: s,
  description: ns,
  skillsDescription: ns,
  companyName: ns,
  companyUrl: ns,
  location: ns,
  employmentStatus: v.nullable(v.picklist(EMPLOYMENT_TYPES)),
  experienceLevel: v.nullable(v.picklist(SENIORITY_LEVELS)),
  listingType: ns,
  availability: ns,
  posterEmail: ns,
  externalJobPostingId: ns,
  workplaceTypes: v.array(v.picklist(WORK_MODES)),
  industries: v.array(v.picklist(DEPARTMENTS)),
  categories: v.array(v.picklist(DEPARTMENTS)),
  meta: v.record(s, v.unknown()),
  status: v.picklist(JOB_STATUSES),
  preferences: Preferences,
  recruiterIds: v.array(s),
  interviewQuestions: v.array(Question),
  applicantCount: v.number(),
  publishedAt: ns,
  createdAt: s,
  updatedAt: s,
  deletedAt: ns,
  recruiters: v.optional(v.array(v.object({ id: s, name: s, email: s, username: ns }))),
  tenant: v.optional(v.object({ id: s, name: s, slug: s, plan: s })),
})
const Meta = v.object({ page: v.number(), perPage: v.number(), total: v.number(), lastPage: v.number() })
const ErrorBody = v.object({ message: s, errors: v.optional(v.record(s, v.array(s))) })
export const ApplicationView = v.object({
  id: s,
  jobPostingId: s,
  name: s,
  email: s,
  answers: v.array(v.object({ questionId: s, question: s, answer: s })),
  ieltsScore: v.nullable(v.number()),
  status: v.picklist(APPLICATION_STATUSES),
  autoRejected: v.boolean(),
  resume: v.nullable(v.object({ name: ns, type: ns, url: s })),
  createdAt: s,
  updatedAt: s,
})

const json = (schema: v.GenericSchema, description: string): any => ({
  description,
  content: { 'application/json': { schema: toJsonSchema(schema, { errorMode: 'ignore' }) } },
})
const errors = {
  401: json(ErrorBody, 'Not signed in'),
  403: json(ErrorBody, 'Signed in, but without the job-postings.manage permission'),
  404: json(ErrorBody, 'No such posting in this team (or no such team)'),
  422: json(ErrorBody, 'Validation failed: `errors` holds messages per field (e.g. `interviewQuestions.3.title`)'),
}
export const responses = {
  list: { 200: json(v.object({ data: v.array(JobPostingView), meta: Meta }), 'A page of postings'), ...errors },
  one: { 200: json(v.object({ data: JobPostingView }), 'The posting'), ...errors },
  created: {
    201: json(v.object({ data: JobPostingView }), 'The new posting'),
    ...errors,
    409: json(ErrorBody, "Publishing would exceed the plan's open postings"),
  },
  updated: {
    200: json(v.object({ data: JobPostingView }), 'The changed posting'),
    ...errors,
    409: json(ErrorBody, "Publishing would exceed the plan's open postings"),
  },
  deleted: { 204: { description: 'Deleted (restorable)' }, ...errors },
  applications: { 200: json(v.object({ data: v.array(ApplicationView), meta: Meta }), 'A page of applications'), ...errors },
  application: { 200: json(v.object({ data: ApplicationView }), 'The application'), ...errors },
  applied: {
    201: json(v.object({ data: v.object({ id: s, status: v.picklist(APPLICATION_STATUSES), autoRejected: v.boolean() }) }), 'Application received'),
    404: errors[404],
    422: errors[422],
    409: json(ErrorBody, 'Not accepting applications, applicant limit reached, or already applied'),
  },
  resume: {
    ...file('The resume file (PDF or Word), as an attachment', [
      'application/pdf',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/msword',
    ]),
    ...errors,
  },
  publicList: { 200: json(v.object({ data: v.array(JobPostingView), meta: Meta }), 'Published postings of every team') },
  publicOne: { 200: json(v.object({ data: JobPostingView }), 'A published posting'), 404: errors[404] },
}

const table = Object.entries(JOB_TRANSITIONS)
  .map(([from, to]) => `| ${from} | ${to.filter((x) => x !== from).join(', ')} |`)
  .join('\n')
export const DESCRIPTION = `Job postings of the team named by \`X-Team\` (super-admins without \`X-Team\`: every team). Requires the \`job-postings.manage\` permission. Checks run in this order: 401 (who), team (404), 403 (permission), 422 (body).

**Enumerations.** \`status\` = Job status (${JOB_STATUSES.join(', ')}); \`experienceLevel\` = Seniority level (${SENIORITY_LEVELS.join(', ')}); \`employmentStatus\` = Employment type (${EMPLOYMENT_TYPES.join(', ')}); \`workplaceTypes\` = list of Work mode (${WORK_MODES.join(', ')}); \`categories\` (at most 3) and \`industries\` = Department (${DEPARTMENTS.join(', ')}); \`preferences.interviewType\` = ${INTERVIEW_TYPES.join(', ')}; applicant status = ${APPLICATION_STATUSES.join(', ')}.

**Status transitions.** A DRAFT may be incomplete (only the title is required). Becoming or staying PUBLISHED needs every required field: title, description (100-25,000), skills description (100-4,000), company name, location, employment type, seniority level, at least one work mode and 5 to 10 enabled interview questions. PUBLISHED postings are the open ones counted against the plan (free 1, pro 20, enterprise unlimited; 409 beyond).

| From | May become |
|---|---|
${table}

**Lists** take \`filter[status]\` (comma-separated), \`filter[text]\` (or \`q\`), \`filter[employmentStatus]\`, \`filter[experienceLevel]\`, \`filter[workplaceType]\`, \`filter[category]\`, \`sort\` (title, status, createdAt, updatedAt, publishedAt, companyName, location), \`include=recruiters,tenant\`, page size 10.`
