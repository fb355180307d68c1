/**
 * Applications to published postings. Applying is public (guests); the applicant limit is a
 * scarce thing decided by the database: one guarded UPDATE takes a place or answers nothing.
 */

import { UniqueConstraintViolationException } from '@mikro-orm/core'
import type { EntityManager } from '@mikro-orm/postgresql'
import { fileTypeFromBuffer } from 'file-type'
import { config } from '../../config'
import { escapeLike } from '../../platform/http/crud'
import { conflict, type ErrorBag, fieldError, notFound, parseOrThrow, validationError } from '../../platform/http/errors'
import { isId } from '../../platform/http/ids'
import { badTextMessage, badTextPath, scanJson, tooDeepMessage, tooManyItemsMessage } from '../../platform/http/json'
import { parseListQuery } from '../../platform/http/list-query'
import { hit } from '../../platform/http/rate-limit'
import { log } from '../../platform/log'
import { layout, queueMail } from '../../platform/mail'
import { deleteObject, getObject, putObject } from '../../platform/storage'
import { tell } from '../inbox'
import { User } from '../users'
import { JobApplication, JobPosting } from './job-posting.entity'
import { APPLICATION_STATUSES, APPLY_MESSAGES, ApplicationSchema } from './job-posting.schema'

const RESUME_TYPES: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/x-cfb': 'doc',
  'application/msword': 'doc',
}

export interface ApplyInput {
  name?: unknown
  email?: unknown
  answers?: unknown
  ieltsScore?: unknown
  resume?: unknown
}

/** Applications one address may send per hour (a flood guard; honest applicants never reach it). */
export const APPLY_LIMIT_PER_HOUR = 200

/** A published, not deleted posting of any tenant, or null. */
export async function findOpenPosting(em: EntityManager, id: string) {
  if (!isId(id ?? '')) return null
  return em.findOne(JobPosting, { id, status: 'PUBLISHED', deletedAt: null }, { filters: false })
}

/** `answers[<questionId>]` form fields (or a JSON object) into one record. */
export function answersFrom(body: Record<string, unknown>): Record<string, string> {
  if (body.answers && typeof body.answers === 'object' && !Array.isArray(body.answers)) return body.answers as Record<string, string>
  if (typeof body.answers === 'string') {
    // A form field holding JSON: the same shape limits as a JSON body, before parsing it.
    const shape = scanJson(body.answers)
    if (shape.tooDeep) throw fieldError('answers', tooDeepMessage('answers'))
    if (shape.tooMany) throw fieldError('answers', tooManyItemsMessage('answers'))
    let parsed: unknown
    try {
      parsed = JSON.parse(body.answers)
    } catch {
      return {}
    }
    const bad = badTextPath(parsed)
    if (bad) throw fieldError(`answers.${bad}`, badTextMessage(`answers.${bad}`))
    return parsed as Record<string, string>
  }
  const out: Record<string, string> = {}
  for (const [k, value] of Object.entries(body)) {
    const m = /^answers\[(.+)\]$/.exec(k)
    if (m && typeof value === 'string') out[m[1]] = value
  }
  return out
}

async function readResume(value: unknown, required: boolean): Promise<{ bytes: Uint8Array; mime: string; ext: string; name: string } | null> {
  const file = Array.isArray(value) ? value[0] : value
  if (!(file instanceof Blob) || file.size === 0) {
    if (required) throw fieldError('resume', APPLY_MESSAGES.resume)
    return null
  }
  if (file.size > config.UPLOAD_MAX_BYTES)
    throw fieldError('resume', `The resume may not be larger than ${Math.round(config.UPLOAD_MAX_BYTES / 1024 / 1024)} MB.`)
  const bytes = new Uint8Array(await file.arrayBuffer())
  const detected = await fileTypeFromBuffer(bytes)
  if (!detected || !RESUME_TYPES[detected.mime]) throw fieldError('resume', APPLY_MESSAGES.resumeType)
  const name =
    ((file as File).name ?? 'resume')
      .split(/[\\/]/)
      .pop()!
      .replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '')
      .slice(-255) || 'resume'
  return { bytes, mime: detected.mime, ext: RESUME_TYPES[detected.mime], name }
}

/**
 * Applies to a posting. Checks in order: the posting is open and accepting, the fields
 * (name, email, an answer to every enabled question, IELTS when required, the resume when
 * required), then takes a place under applicantMaxLimit in the same transaction as the insert.
 */
export async function apply(em: EntityManager, postingId: string, input: ApplyInput, ip = 'unknown') {
  await hit(em, `job-apply:${ip}`, APPLY_LIMIT_PER_HOUR, 3600)
  const posting = await findOpenPosting(em, postingId)
  if (!posting) throw notFound('Job posting')
  const prefs = posting.preferences
  if (prefs.acceptApplications === false) throw conflict(APPLY_MESSAGES.closed)
  const errors: ErrorBag = {}
  let data: ReturnType<typeof parseApplication> | null = null
  try {
    data = parseApplication(input)
  } catch (e: any) {
    if (!e.errors) throw e
    Object.assign(errors, e.errors)
  }
  const answers = data?.answers ?? {}
  const enabled = posting.interviewQuestions.filter((q) => q.enabled)
  for (const q of enabled) if (!answers[q.id]?.trim()) errors[`answers.${q.id}`] = [APPLY_MESSAGES.answer]
  if (prefs.ieltsAssessmentRequired && data?.ieltsScore == null) errors.ieltsScore ??= [APPLY_MESSAGES.ielts]
  let resume: Awaited<ReturnType<typeof readResume>> = null
  try {
    resume = await readResume(input.resume, prefs.resumeRequired)
  } catch (e: any) {
    if (!e.errors) throw e
    Object.assign(errors, e.errors)
  }
  if (Object.keys(errors).length) throw validationError(errors)

  const autoRejected = !!(
    prefs.ieltsAssessmentRequired &&
    prefs.ieltsAutoReject &&
    prefs.ieltsAssessmentMinScore != null &&
    data!.ieltsScore! < prefs.ieltsAssessmentMinScore
  )
  const id = Bun.randomUUIDv7()
  const resumeKey = resume ? `resumes/${id}.${resume.ext}` : null
  if (resume) await putObject(resumeKey!, resume.bytes, resume.mime)
  try {
    await em.transactional(async (tx) => {
      const taken = await (tx as EntityManager).execute(
        `update job_postings set applicant_count = applicant_count + 1
          where id = ? and status = 'PUBLISHED' and deleted_at is null
            and coalesce((preferences->>'acceptApplications')::boolean, true)
            and (jsonb_typeof(preferences->'applicantMaxLimit') is distinct from 'number' or applicant_count < (preferences->>'applicantMaxLimit')::int)
          returning applicant_count`,
        [posting.id],
      )
      if (!taken.length) throw conflict(prefs.applicantMaxLimit != null ? APPLY_MESSAGES.full : APPLY_MESSAGES.closed)
      tx.create(JobApplication, {
        id,
        tenant: posting.tenant.id,
        jobPosting: posting.id,
        name: data!.name,
        email: data!.email,
        answers: enabled.map((q) => ({ questionId: q.id, question: q.title, answer: answers[q.id].trim() })),
        resumeKey,
        resumeName: resume?.name ?? null,
        resumeType: resume?.mime ?? null,
        ieltsScore: data!.ieltsScore ?? null,
        status: autoRejected ? 'REJECTED' : 'NEW',
        autoRejected,
      })
      await tx.flush()
      // The posting's recruiters see it in their notification centre (same transaction).
      await tell(
        tx as EntityManager,
        (posting.recruiterIds ?? []).map((userId) => ({
          userId,
          kind: 'job_application' as const,
          title: `New application: ${posting.title}`,
          body: `${data!.name} applied`,
          url: `/c/job-postings/${posting.id}/applicants`,
          eventKey: `job_application:${id}`,
        })),
      )
    })
  } catch (e) {
    if (resumeKey) await deleteObject(resumeKey).catch(() => {})
    if (e instanceof UniqueConstraintViolationException) throw conflict(APPLY_MESSAGES.duplicate)
    throw e
  }
  if (prefs.notifyAssigneeOnApplication) void mailRecruiters(em, posting, data!.name)
  return { id, status: autoRejected ? 'REJECTED' : 'NEW', autoRejected }
}

function parseApplication(input: ApplyInput) {
  return parseOrThrow(ApplicationSchema, { name: input.name, email: input.email, answers: input.answers ?? {}, ieltsScore: input.ieltsScore ?? null })
}

/** Mails the posting's recruiters after the application committed; never fails the apply. */
async function mailRecruiters(em: EntityManager, posting: JobPosting, applicant: string) {
  try {
    const ids = posting.recruiterIds ?? []
    if (!ids.length) return
    const users = await em.fork().find(User, { id: { $in: ids } }, { filters: false })
    const link = `${config.APP_URL}/c/job-postings/${posting.id}/applicants`
    for (const u of users)
      queueMail({
        to: u.email,
        ...layout(`New application: ${posting.title}`, 'A new application arrived', [
          { p: `${applicant} applied to ${posting.title}.` },
          { button: { label: 'Read the application', url: link } },
        ]),
      })
  } catch (err) {
    log.error({ err, postingId: posting.id }, 'application mail could not be sent')
  }
}

export const serializeApplication = (a: JobApplication) => ({
  id: a.id,
  jobPostingId: a.jobPosting.id,
  name: a.name,
  email: a.email,
  answers: a.answers,
  ieltsScore: a.ieltsScore ?? null,
  status: a.status,
  autoRejected: a.autoRejected,
  resume: a.resumeKey ? { name: a.resumeName, type: a.resumeType, url: `/v1/t/job-postings/${a.jobPosting.id}/applications/${a.id}/resume` } : null,
  createdAt: a.createdAt,
  updatedAt: a.updatedAt,
})

export async function readResumeFile(a: JobApplication) {
  if (!a.resumeKey) return null
  return getObject(a.resumeKey)
}

/** A page of a posting's applications (newest first by default), one query plus its count. */
export async function listApplications(em: EntityManager, postingId: string, url: URL, opts: { perPage?: number } = {}) {
  if (opts.perPage && !url.searchParams.has('perPage')) url.searchParams.set('perPage', String(opts.perPage))
  const p = parseListQuery(url, { sortable: ['createdAt', 'name', 'status'], filterable: ['status'], includes: [], defaultSort: '-createdAt' })
  const where: Record<string, unknown> = { jobPosting: postingId }
  if (p.filter.status)
    where.status = (APPLICATION_STATUSES as readonly string[]).includes(p.filter.status.toUpperCase()) ? p.filter.status.toUpperCase() : '__none__'
  if (p.q) where.$or = [{ name: { $ilike: `%${escapeLike(p.q)}%` } }, { email: { $ilike: `%${escapeLike(p.q)}%` } }]
  const [rows, total] = await em.findAndCount(JobApplication, where, {
    limit: p.perPage,
    offset: p.offset,
    orderBy: [...p.sort.map((s) => ({ [s.field]: s.dir })), { id: 'asc' }],
  })
  return { data: rows.map(serializeApplication), meta: { page: p.page, perPage: p.perPage, total, lastPage: Math.max(1, Math.ceil(total / p.perPage)) } }
}

/** How many applications a posting has in each status. */
export async function applicationCounts(em: EntityManager, postingId: string): Promise<Record<string, number>> {
  const rows = await em.getConnection().execute(`select status, count(*)::int as n from job_applications where job_posting_id = ? group by status`, [postingId])
  return Object.fromEntries((rows as { status: string; n: number }[]).map((r) => [r.status, r.n]))
}
