/** The named checks of a job posting, run in order by the service. */

import { LockMode } from '@mikro-orm/core'
import type { EntityManager } from '@mikro-orm/postgresql'
import * as v from 'valibot'
import { conflict, issuesToBag, validationError } from '../../platform/http/errors'
import { count } from '../../shared/words'
import { Membership, PLAN_LIMITS, Tenant, type TenantPlan } from '../tenants'
import { JobPosting } from './job-posting.entity'
import { type InterviewQuestion, JOB_MESSAGES, JOB_TRANSITIONS, JobPostingPublishSchema, type JobStatus } from './job-posting.schema'

/** 422 on `status` when the table of JOB_TRANSITIONS does not allow the move. */
export function assertTransition(from: JobStatus, to: JobStatus) {
  if (JOB_TRANSITIONS[from].includes(to)) return
  const allowed = JOB_TRANSITIONS[from].filter((s) => s !== from)
  throw validationError({ status: [`A ${from} job posting cannot become ${to}. Allowed: ${allowed.join(', ')}.`] })
}

/** Every required field of a PUBLISHED posting, checked on the whole (merged) posting. */
export function assertPublishable(posting: Record<string, unknown>) {
  const r = v.safeParse(JobPostingPublishSchema, posting, { abortPipeEarly: true })
  if (!r.success) throw validationError(issuesToBag(r.issues))
}

/** recruiterIds must be ACTIVE members of the posting's tenant. */
export async function assertRecruiters(em: EntityManager, tenantId: string, ids: readonly string[]) {
  if (!ids.length) return
  const unique = [...new Set(ids)]
  const members = await em.count(Membership, { tenant: tenantId, user: { $in: unique }, status: 'ACTIVE' })
  if (members !== unique.length) throw validationError({ recruiterIds: ['Recruiters must be active members of this team'] })
}

/**
 * The plan's limit on open (PUBLISHED) postings. Runs inside the caller's transaction with
 * the tenant row locked, so two publishes at once cannot both take the last slot.
 */
export async function assertCanOpen(em: EntityManager, tenantId: string, exceptId?: string) {
  const tenant = await em.findOneOrFail(Tenant, { id: tenantId }, { lockMode: LockMode.PESSIMISTIC_WRITE, filters: false })
  const max = PLAN_LIMITS[tenant.plan as TenantPlan].openJobPostings
  if (max === null) return
  const open = await countOpenJobPostings(em, tenantId, exceptId)
  if (open >= max) throw conflict(`The ${tenant.plan} plan allows ${count(max, 'open job posting')} at a time. Close or archive one, or upgrade the plan.`)
}

/** What counts against the plan's open-posting limit: PUBLISHED postings not deleted (the limit check and the team's settings page). */
export function countOpenJobPostings(em: EntityManager, tenantId: string, exceptId?: string) {
  return em.count(
    JobPosting,
    {
      tenant: tenantId,
      status: 'PUBLISHED',
      ...(exceptId ? { id: { $ne: exceptId } } : {}),
    },
    { filters: { tenant: false } },
  )
}

/** Gives new questions ids and orders the list by `order`. */
export function normalizeQuestions(list: readonly { id?: string; title: string; order: number; enabled?: boolean }[]): InterviewQuestion[] {
  const seen = new Set<string>()
  return [...list]
    .map((q) => {
      // An id given twice keeps its first question; the other gets a fresh id (answers are keyed by id).
      const id = q.id && !seen.has(q.id) ? q.id : Bun.randomUUIDv7()
      seen.add(id)
      return { id, title: q.title.trim(), order: q.order, enabled: q.enabled !== false }
    })
    .sort((a, b) => a.order - b.order)
}

export { JOB_MESSAGES }
