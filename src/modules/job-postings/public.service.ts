/** Published postings of every team, for the public /jobs pages and the public API. */
import type { EntityManager } from '@mikro-orm/postgresql'
import { escapeLike } from '../../platform/http/crud'
import { isId } from '../../platform/http/ids'
import { findPage } from '../../platform/http/list-query'
import { JobPosting } from './job-posting.entity'
import { EMPLOYMENT_TYPES, WORK_MODES } from './job-posting.schema'

export interface PublicJobQuery {
  page?: number
  /** Rows per page (default 10; bounded by the caller's paging check). */
  perPage?: number
  q?: string
  employmentStatus?: string
  workplaceType?: string
}
export const PUBLIC_PAGE_SIZE = 10

export async function listPublished(em: EntityManager, query: PublicJobQuery = {}) {
  const page = Math.max(1, Math.floor(query.page ?? 1) || 1)
  const perPage = query.perPage ?? PUBLIC_PAGE_SIZE
  const where: any[] = [{ status: 'PUBLISHED', deletedAt: null }]
  if (query.q?.trim()) {
    const like = `%${escapeLike(query.q.trim())}%`
    where.push({ $or: [{ title: { $ilike: like } }, { companyName: { $ilike: like } }, { location: { $ilike: like } }] })
  }
  if (query.employmentStatus && (EMPLOYMENT_TYPES as readonly string[]).includes(query.employmentStatus))
    where.push({ employmentStatus: query.employmentStatus })
  if (query.workplaceType && (WORK_MODES as readonly string[]).includes(query.workplaceType))
    where.push({ workplaceTypes: { $contains: [query.workplaceType] } })
  const [rows, total] = await findPage(
    em,
    JobPosting,
    { $and: where },
    {
      filters: false,
      populate: ['tenant'],
      limit: perPage,
      offset: (page - 1) * perPage,
      orderBy: [{ publishedAt: 'desc' }, { id: 'asc' }],
    },
  )
  return { rows, total, page, perPage, lastPage: Math.max(1, Math.ceil(total / perPage)) }
}

export async function findPublished(em: EntityManager, id: string) {
  if (!isId(id ?? '')) return null
  return em.findOne(JobPosting, { id, status: 'PUBLISHED', deletedAt: null }, { filters: false, populate: ['tenant'] })
}

/**
 * A coach's open postings for their public profile: published, of a team that is not deleted,
 * created by them or with them among the recruiters; newest first. One statement.
 */
export async function openPostingsOf(em: EntityManager, userId: string, limit = 6) {
  if (!isId(userId)) return []
  const rows = await em.find(
    JobPosting,
    { status: 'PUBLISHED', deletedAt: null, tenant: { deletedAt: null }, $or: [{ createdBy: userId }, { recruiterIds: { $contains: [userId] } }] },
    { filters: false, orderBy: [{ publishedAt: 'desc' }, { id: 'asc' }], limit },
  )
  return rows.map((p) => ({
    id: p.id,
    title: p.title,
    companyName: p.companyName ?? null,
    location: p.location ?? null,
    employmentStatus: p.employmentStatus ?? null,
    workplaceTypes: p.workplaceTypes,
    publishedAt: (p.publishedAt ?? p.createdAt).toISOString(),
  }))
}

/** Whether a posting takes applications now, and why not. */
export function applyState(p: JobPosting): 'open' | 'closed' | 'full' {
  if (p.status !== 'PUBLISHED' || p.preferences.acceptApplications === false) return 'closed'
  if (p.preferences.applicantMaxLimit != null && p.applicantCount >= p.preferences.applicantMaxLimit) return 'full'
  return 'open'
}

/** The public view: no recruiters, no poster email, only enabled questions. */
export function serializePublic(p: JobPosting) {
  const t = p.tenant
  return {
    id: p.id,
    title: p.title,
    description: p.description,
    skillsDescription: p.skillsDescription,
    companyName: p.companyName,
    companyUrl: p.companyUrl,
    location: p.location,
    employmentStatus: p.employmentStatus,
    experienceLevel: p.experienceLevel,
    listingType: p.listingType ?? null,
    availability: p.availability ?? null,
    workplaceTypes: p.workplaceTypes,
    industries: p.industries,
    categories: p.categories,
    status: p.status,
    publishedAt: p.publishedAt,
    interviewQuestions: p.interviewQuestions.filter((q) => q.enabled).map(({ id, title, order }) => ({ id, title, order })),
    applying: {
      state: applyState(p),
      resumeRequired: p.preferences.resumeRequired,
      ieltsAssessmentRequired: p.preferences.ieltsAssessmentRequired,
      interviewType: p.preferences.interviewType,
    },
    team: t?.name ? { name: t.name, slug: t.slug } : null,
  }
}

const EMPLOYMENT_LD: Record<string, string> = {
  FULL_TIME: 'FULL_TIME',
  PART_TIME: 'PART_TIME',
  CONTRACT: 'CONTRACTOR',
  INTERNSHIP: 'INTERN',
  TEMPORARY: 'TEMPORARY',
  VOLUNTEER: 'VOLUNTEER',
}

/** schema.org JobPosting structured data for search engines. */
export function jobPostingLd(p: JobPosting, url: string) {
  const remote = p.workplaceTypes.includes('Remote')
  return {
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    title: p.title,
    description: p.description ?? '',
    skills: p.skillsDescription ?? undefined,
    datePosted: (p.publishedAt ?? p.createdAt).toISOString().slice(0, 10),
    employmentType: p.employmentStatus ? EMPLOYMENT_LD[p.employmentStatus] : undefined,
    identifier: { '@type': 'PropertyValue', name: p.companyName ?? '', value: p.externalJobPostingId ?? p.id },
    hiringOrganization: { '@type': 'Organization', name: p.companyName ?? '', ...(p.companyUrl ? { sameAs: p.companyUrl } : {}) },
    jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: p.location ?? '' } },
    ...(remote ? { jobLocationType: 'TELECOMMUTE' } : {}),
    industry: p.industries.length ? p.industries.join(', ') : undefined,
    occupationalCategory: p.categories.length ? p.categories.join(', ') : undefined,
    url,
  }
}
