import { defineEntity, p } from '@mikro-orm/core'
import { audited } from '../../platform/audit'
import { baseProperties, pageChangeTriggers, scope, softDeleteFilters, softDeleteProperties, tenantFilter } from '../../platform/db/schemas'
import { Tenant } from '../tenants'
import { User } from '../users'
import type { ApplicationStatus, InterviewQuestion, JobPreferences, JobStatus } from './job-posting.schema'

/** A job posting of a tenant (docs/product-rules.md section 3). Lists are text[] so filters use @>. */
export const JobPostingSchema = defineEntity({
  name: 'JobPosting',
  tableName: 'job_postings',
  // Notes what its writes change for kept pages and memos (platform/db/schemas.ts pageChangeTriggers).
  triggers: [...pageChangeTriggers('job_postings', [scope.tenant()])],
  filters: { ...softDeleteFilters, ...tenantFilter },
  indexes: [{ name: 'job_postings_tenant_status_idx', properties: ['tenant', 'status'] }],
  properties: {
    ...baseProperties,
    ...softDeleteProperties,
    tenant: () => p.manyToOne(Tenant).deleteRule('cascade'),
    createdBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    title: p.string().length(255),
    description: p.text().nullable(),
    skillsDescription: p.text().nullable(),
    companyName: p.string().length(255).nullable(),
    companyUrl: p.string().length(255).nullable(),
    location: p.string().length(255).nullable(),
    employmentStatus: p.string().length(32).nullable(),
    experienceLevel: p.string().length(32).nullable(),
    listingType: p.string().length(255).nullable(),
    availability: p.string().length(255).nullable(),
    posterEmail: p.string().length(255).nullable(),
    externalJobPostingId: p.string().length(255).nullable(),
    workplaceTypes: p
      .array()
      .$type<string[]>()
      .onCreate(() => []),
    industries: p
      .array()
      .$type<string[]>()
      .onCreate(() => []),
    categories: p
      .array()
      .$type<string[]>()
      .onCreate(() => []),
    meta: p.json<Record<string, unknown>>().onCreate(() => ({})),
    status: p.string().length(16).default('DRAFT').$type<JobStatus>(),
    preferences: p.json<JobPreferences>(),
    recruiterIds: p
      .array()
      .$type<string[]>()
      .onCreate(() => []),
    interviewQuestions: p.json<InterviewQuestion[]>().onCreate(() => []),
    publishedAt: p.datetime().nullable(),
    /** Applications counted by a guarded UPDATE: applicantMaxLimit is never exceeded. */
    applicantCount: p.integer().default(0),
  },
})
export class JobPosting extends JobPostingSchema.class {}
JobPostingSchema.setClass(JobPosting)
audited(JobPosting, { resource: 'job_posting', omit: ['applicantCount'] })

export interface ApplicationAnswer {
  questionId: string
  question: string
  answer: string
}

/** A guest's application to a posting. One per email and posting. */
export const JobApplicationSchema = defineEntity({
  name: 'JobApplication',
  tableName: 'job_applications',
  // Notes what its writes change for kept pages and memos (platform/db/schemas.ts pageChangeTriggers).
  triggers: [...pageChangeTriggers('job_applications', [scope.tenant()])],
  filters: tenantFilter,
  uniques: [{ name: 'job_applications_posting_email_unique', properties: ['jobPosting', 'email'] }],
  properties: {
    ...baseProperties,
    tenant: () => p.manyToOne(Tenant).deleteRule('cascade'),
    jobPosting: () => p.manyToOne(JobPosting).deleteRule('cascade'),
    name: p.string().length(255),
    email: p.string().length(255),
    answers: p.json<ApplicationAnswer[]>().onCreate(() => []),
    resumeKey: p.string().length(255).nullable(),
    resumeName: p.string().length(255).nullable(),
    resumeType: p.string().length(100).nullable(),
    ieltsScore: p.double().nullable(),
    status: p.string().length(16).default('NEW').$type<ApplicationStatus>(),
    autoRejected: p.boolean().default(false),
  },
})
export class JobApplication extends JobApplicationSchema.class {}
JobApplicationSchema.setClass(JobApplication)
