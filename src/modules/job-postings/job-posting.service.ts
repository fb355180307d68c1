/**
 * The job posting use cases of the coach area and the API. Every function takes the request
 * context after `guard` decided who asks (401), in which team (tenant) and whether they may
 * (403); validation of the body comes next (422), then these rules.
 */

import type { FilterQuery } from '@mikro-orm/core'
import type { EntityManager } from '@mikro-orm/postgresql'
import { queryPrepared } from '../../platform/db/prepared'
import { SOFT_DELETE, TENANT } from '../../platform/db/schemas'
import type { RequestContext } from '../../platform/http/context'
import { escapeLike } from '../../platform/http/crud'
import { fieldError, forbidden, notFound, parseOrThrow } from '../../platform/http/errors'
import { isId } from '../../platform/http/ids'
import { findPage, listResponse, parseIncludes, parseListQuery } from '../../platform/http/list-query'
import { Membership } from '../tenants'
import { User } from '../users'
import { JobPosting } from './job-posting.entity'
import { assertCanOpen, assertPublishable, assertRecruiters, assertTransition, normalizeQuestions } from './job-posting.rules'
import {
  DEFAULT_PREFERENCES,
  DEPARTMENTS,
  EMPLOYMENT_TYPES,
  JOB_STATUSES,
  type JobPostingCreate,
  type JobPostingUpdate,
  type JobStatus,
  PreferencesSchema,
  SENIORITY_LEVELS,
  WORK_MODES,
} from './job-posting.schema'
import { serializePosting, userName } from './job-posting.serialize'

export const JOB_INCLUDES = ['recruiters', 'tenant'] as const
export const JOB_SORTABLE = ['title', 'status', 'createdAt', 'updatedAt', 'publishedAt', 'companyName', 'location'] as const
export const JOB_FILTERS = ['status', 'text', 'employmentStatus', 'experienceLevel', 'workplaceType', 'category'] as const

const allTenantsEms = new WeakSet<EntityManager>()

/**
 * 401 (who) -> tenant (which) -> 403 (may they). Super-admins without X-Team act across
 * every tenant (the tenant filter is switched off for this request).
 */
export async function guard(ctx: RequestContext, opts: { needTenant?: boolean } = {}) {
  ctx.requireUser()
  if (ctx.isSuperAdmin && !ctx.teamHeader && !opts.needTenant) {
    ctx.em.addFilter({ name: TENANT, cond: {}, default: true })
    allTenantsEms.add(ctx.em)
  } else await ctx.tenant()
  await ctx.authorize('job-postings.manage')
}

const oneOf = (list: readonly string[], value: string, field: string) => {
  const v = list.find((x) => x.toLowerCase() === value.toLowerCase())
  if (!v) throw fieldError(`filter.${field}`, `Unknown ${field}: ${value}. Allowed: ${list.join(', ')}.`)
  return v
}

function filterWhere(field: string, value: string): FilterQuery<JobPosting> {
  switch (field) {
    case 'status':
      return { status: { $in: value.split(',').map((s) => oneOf(JOB_STATUSES, s.trim(), 'status')) } } as any
    case 'employmentStatus':
      return { employmentStatus: oneOf(EMPLOYMENT_TYPES, value, field) }
    case 'experienceLevel':
      return { experienceLevel: oneOf(SENIORITY_LEVELS, value, field) }
    case 'workplaceType':
      return { workplaceTypes: { $contains: [oneOf(WORK_MODES, value, field)] } }
    case 'category':
      return { categories: { $contains: [oneOf(DEPARTMENTS, value, field)] } }
    case 'text':
      return textWhere(value)
  }
  return {}
}
const textWhere = (q: string): FilterQuery<JobPosting> => {
  const like = `%${escapeLike(q)}%`
  return { $or: [{ title: { $ilike: like } }, { companyName: { $ilike: like } }, { location: { $ilike: like } }] }
}

/** Loads the recruiters of many postings in one query. */
export async function recruitersOf(em: EntityManager, rows: JobPosting[]) {
  const ids = [...new Set(rows.flatMap((r) => r.recruiterIds ?? []))]
  const users = ids.length ? await em.find(User, { id: { $in: ids } }, { filters: false }) : []
  return new Map(users.map((u) => [u.id, u]))
}

export async function listPostings(ctx: RequestContext, url: URL) {
  const p = parseListQuery(url, { sortable: JOB_SORTABLE, filterable: [...JOB_FILTERS], includes: JOB_INCLUDES, defaultSort: '-createdAt' })
  const where: FilterQuery<JobPosting>[] = []
  for (const [field, value] of Object.entries(p.filter)) where.push(filterWhere(field, value))
  if (p.q) where.push(textWhere(p.q))
  const trashed = p.withTrashed || p.onlyTrashed
  if (trashed && !ctx.isSuperAdmin) throw forbidden('Only super-admins can see deleted rows.')
  if (p.onlyTrashed) where.push({ deletedAt: { $ne: null } })
  const [rows, total] = await findPage(
    ctx.em,
    JobPosting,
    { $and: where },
    {
      limit: p.perPage,
      offset: p.offset,
      orderBy: [...p.sort.map((s) => ({ [s.field]: s.dir })), { id: 'asc' }],
      populate: p.include.includes('tenant') ? ['tenant'] : [],
      ...(trashed ? { filters: { [SOFT_DELETE]: false } } : {}),
    },
  )
  const recruiters = p.include.includes('recruiters') ? await recruitersOf(ctx.em, rows) : undefined
  return listResponse(
    rows.map((r) => serializePosting(r, p.include, recruiters)),
    total,
    p,
  )
}

/** A row of the coach area's postings list (the columns the page shows). */
export interface TeamPostingRow {
  id: string
  title: string
  status: JobStatus
  employmentStatus: string | null
  location: string | null
  companyName: string | null
  applicantCount: number
  updatedAt: Date
}

/**
 * The coach area's list of the team's postings: one page (newest change first, `status` and
 * text filters as the API's `filter[status]` and `q`), its total and the team's open postings
 * (the plan's count), in one prepared statement of plain rows. The team is the request's
 * (`ctx.tenant()`: membership checked, as `guard` did before); deleted postings are left out.
 * A page past the end costs one more statement (its total), as `findPage` does.
 */
export async function teamPostingsPage(ctx: RequestContext, opts: { status: JobStatus | null; q: string | null; page: number; perPage?: number }) {
  const tenant = await ctx.tenant()
  const perPage = opts.perPage ?? 10
  const page = Math.max(1, Math.floor(opts.page) || 1)
  const like = opts.q ? `%${escapeLike(opts.q)}%` : null
  const where = `j.tenant_id = ? and j.deleted_at is null${opts.status ? ' and j.status = ?' : ''}${like ? ' and (j.title ilike ? or j.company_name ilike ? or j.location ilike ?)' : ''}`
  const params = [tenant.id, ...(opts.status ? [opts.status] : []), ...(like ? [like, like, like] : [])]
  const rows = await queryPrepared<any>(
    ctx.em,
    `select o.open, p.* from (select count(*)::int as open from job_postings where tenant_id = ? and status = 'PUBLISHED' and deleted_at is null) o
       left join lateral (
         select j.id, j.title, j.status, j.employment_status, j.location, j.company_name, j.applicant_count, j.updated_at, count(*) over ()::int as total
           from job_postings j where ${where}
          order by j.updated_at desc, j.id asc limit ? offset ?) p on true
      order by p.updated_at desc, p.id asc`,
    [tenant.id, ...params, perPage, (page - 1) * perPage],
  )
  const open = Number(rows[0]?.open ?? 0)
  const data: TeamPostingRow[] = rows
    .filter((r) => r.id)
    .map((r) => ({
      id: r.id,
      title: r.title,
      status: r.status,
      employmentStatus: r.employment_status ?? null,
      location: r.location ?? null,
      companyName: r.company_name ?? null,
      applicantCount: Number(r.applicant_count ?? 0),
      updatedAt: new Date(r.updated_at),
    }))
  let total = Number(rows.find((r) => r.id)?.total ?? 0)
  if (!data.length && page > 1) {
    const [c] = await ctx.em.execute<any[]>(`select count(*)::int as n from job_postings j where ${where}`, params)
    total = Number(c?.n ?? 0)
  }
  return { data, meta: { page, perPage, total, lastPage: Math.max(1, Math.ceil(total / perPage)) }, open }
}

/**
 * The team's open (PUBLISHED, not deleted) postings, counted against the plan: one plain
 * statement on the posting index by tenant (the team is the request's, membership checked).
 */
export async function countOpenPostings(ctx: RequestContext) {
  const tenant = await ctx.tenant()
  const [row] = await ctx.em.execute<{ n: number }[]>(
    `select count(*)::int as n from job_postings where tenant_id = ? and status = 'PUBLISHED' and deleted_at is null`,
    [tenant.id],
  )
  return row?.n ?? 0
}

export async function findPosting(ctx: RequestContext, id: string, opts: { trashed?: boolean } = {}) {
  if (!isId(id ?? '')) throw notFound('Job posting')
  const row = await ctx.em.findOne(JobPosting, { id }, opts.trashed ? { filters: { [SOFT_DELETE]: false } } : {})
  if (!row) throw notFound('Job posting')
  return row
}

export async function showPosting(ctx: RequestContext, id: string, url: URL) {
  const include = parseIncludes(url.searchParams.get('include'), JOB_INCLUDES)
  const trashed = ['1', 'true'].includes(url.searchParams.get('withTrashed') ?? '')
  if (trashed && !ctx.isSuperAdmin) throw forbidden('Only super-admins can see deleted rows.')
  const row = await findPosting(ctx, id, { trashed })
  if (include.includes('tenant')) await ctx.em.populate(row, ['tenant'])
  const recruiters = include.includes('recruiters') ? await recruitersOf(ctx.em, [row]) : undefined
  return serializePosting(row, include, recruiters)
}

type Fields = Omit<JobPostingUpdate, 'preferences' | 'status'>
function assignFields(row: JobPosting, data: Fields) {
  const simple = [
    'title',
    'description',
    'skillsDescription',
    'companyName',
    'companyUrl',
    'location',
    'employmentStatus',
    'experienceLevel',
    'listingType',
    'availability',
    'posterEmail',
    'externalJobPostingId',
    'workplaceTypes',
    'industries',
    'categories',
    'meta',
    'recruiterIds',
  ] as const
  for (const k of simple) {
    const value = data[k]
    if (value === undefined) continue
    ;(row as any)[k] = value === '' ? null : value
  }
  if (data.interviewQuestions) row.interviewQuestions = normalizeQuestions(data.interviewQuestions)
}

async function applyStatus(em: EntityManager, row: JobPosting, from: JobStatus | null, to: JobStatus) {
  if (from) assertTransition(from, to)
  if (to === 'PUBLISHED') {
    assertPublishable(row)
    if (from !== 'PUBLISHED') {
      await assertCanOpen(em, row.tenant.id, from ? row.id : undefined)
      row.publishedAt ??= new Date()
    }
  }
  row.status = to
}

export async function createPosting(ctx: RequestContext, data: JobPostingCreate) {
  const tenant = await ctx.tenant()
  await assertRecruiters(ctx.em, tenant.id, data.recruiterIds ?? [])
  return ctx.em.transactional(async (tx) => {
    const row = tx.create(JobPosting, {
      tenant,
      createdBy: ctx.user!.id,
      title: data.title,
      status: 'DRAFT',
      preferences: data.preferences ?? DEFAULT_PREFERENCES,
    })
    assignFields(row, data)
    await applyStatus(tx as EntityManager, row, null, data.status ?? 'DRAFT')
    await tx.flush()
    return row
  })
}

export async function updatePosting(ctx: RequestContext, row: JobPosting, data: JobPostingUpdate) {
  if (data.recruiterIds) await assertRecruiters(ctx.em, row.tenant.id, data.recruiterIds)
  if (data.preferences) {
    const merged = parseOrThrow(PreferencesSchema, { ...row.preferences, ...data.preferences })
    row.preferences = merged
  }
  assignFields(row, data)
  await ctx.em.transactional(async (tx) => {
    await applyStatus(tx as EntityManager, row, row.status, data.status ?? row.status)
    await tx.flush()
  })
}

export async function deletePosting(ctx: RequestContext, row: JobPosting) {
  row.deletedAt = new Date()
  await ctx.em.flush()
}

/** A restored PUBLISHED posting counts against the plan again. */
export async function restorePosting(ctx: RequestContext, row: JobPosting) {
  await ctx.em.transactional(async (tx) => {
    if (row.status === 'PUBLISHED') await assertCanOpen(tx as EntityManager, row.tenant.id, row.id)
    row.deletedAt = null
    await tx.flush()
  })
}

/** How many of a team's staff the recruiter choices list (besides those already chosen). */
export const RECRUITER_CHOICES = 40

/**
 * The recruiter choices: the team's active members, its staff first (a role in the team, or a
 * coach's account), by name, at most RECRUITER_CHOICES, plus the posting's chosen recruiters
 * wherever they sort: one bounded statement, whatever the team's size.
 */
export async function teamMembers(em: EntityManager, tenantId: string, chosen: string[] = []) {
  const rows = await em.execute<any[]>(
    `select * from (
       (select u.id, u.email, u.username, u.profile->>'firstName' as first_name, u.profile->>'lastName' as last_name
          from memberships m join users u on u.id = m.user_id
         where m.tenant_id = ? and m.status = 'ACTIVE' and u.deleted_at is null
         order by (cardinality(m.roles) > 0 or u.roles && array['coach', 'super-admin']::text[]) desc,
                  lower(coalesce(u.profile->>'firstName', u.email)), u.id
         limit ${RECRUITER_CHOICES})
       union
       (select u.id, u.email, u.username, u.profile->>'firstName', u.profile->>'lastName'
          from memberships m join users u on u.id = m.user_id
         where m.tenant_id = ? and m.status = 'ACTIVE' and u.deleted_at is null and u.id = any(?::uuid[]))) x`,
    [tenantId, tenantId, `{${chosen.filter((id) => /^[0-9a-f-]{36}$/i.test(id)).join(',')}}`],
  )
  return rows
    .map((u) => ({
      id: u.id as string,
      name: userName({ email: u.email, username: u.username, profile: { firstName: u.first_name, lastName: u.last_name } } as any),
      email: u.email as string,
    }))
    .sort((a, b) => a.name.localeCompare(b.name))
}
