import type { User } from '../users'
import type { JobPosting } from './job-posting.entity'

export const userName = (u: User) => [u.profile?.firstName, u.profile?.lastName].filter(Boolean).join(' ') || u.username || u.email

/** The API view of a posting; `recruiters` and `tenant` only when included. */
export function serializePosting(p: JobPosting, include: string[] = [], recruiters?: Map<string, User>) {
  const out: Record<string, unknown> = {
    id: p.id,
    tenantId: p.tenant.id,
    title: p.title,
    description: p.description ?? null,
    skillsDescription: p.skillsDescription ?? null,
    companyName: p.companyName ?? null,
    companyUrl: p.companyUrl ?? null,
    location: p.location ?? null,
    employmentStatus: p.employmentStatus ?? null,
    experienceLevel: p.experienceLevel ?? null,
    listingType: p.listingType ?? null,
    availability: p.availability ?? null,
    posterEmail: p.posterEmail ?? null,
    externalJobPostingId: p.externalJobPostingId ?? null,
    workplaceTypes: p.workplaceTypes ?? [],
    industries: p.industries ?? [],
    categories: p.categories ?? [],
    meta: p.meta ?? {},
    status: p.status,
    preferences: p.preferences,
    recruiterIds: p.recruiterIds ?? [],
    interviewQuestions: p.interviewQuestions ?? [],
    applicantCount: p.applicantCount,
    publishedAt: p.publishedAt ?? null,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    deletedAt: p.deletedAt ?? null,
  }
  if (include.includes('recruiters'))
    out.recruiters = (p.recruiterIds ?? [])
      .map((id) => recruiters?.get(id))
      .filter(Boolean)
      .map((u) => ({ id: u!.id, name: userName(u!), email: u!.email, username: u!.username ?? null }))
  if (include.includes('tenant')) {
    const t = p.tenant
    out.tenant = { id: t.id, name: t.name, slug: t.slug, plan: t.plan }
  }
  return out
}
