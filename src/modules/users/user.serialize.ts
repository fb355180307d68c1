import type { ViewOf } from '../../shared/view'
import type { User } from './user.entity'
import type { PublicUserView, UserView } from './user.view'

export const avatarUrl = (u: Pick<User, 'avatar'>) => (u.avatar ? `/v1/files/${u.avatar}` : null)

/** The signed-in user's own view (auth/me, users/{id} for self or super-admin). */
export function serializeUser(u: User): ViewOf<typeof UserView> {
  return {
    id: u.id,
    username: u.username ?? null,
    email: u.email,
    pendingEmail: u.pendingEmail ?? null,
    status: u.status,
    avatar: u.avatar ?? null,
    avatarUrl: avatarUrl(u),
    emailVerifiedAt: u.emailVerifiedAt ?? null,
    roles: u.roles,
    defaultTenantSlug: u.defaultTenantSlug ?? null,
    profile: {
      firstName: u.profile?.firstName ?? null,
      middleName: u.profile?.middleName ?? null,
      lastName: u.profile?.lastName ?? null,
      headline: u.profile?.headline ?? null,
      country: u.profile?.country ?? null,
      phoneNumber: u.profile?.phoneNumber ?? null,
      socialAccounts: u.profile?.socialAccounts ?? [],
    },
    coachProfile: u.coachProfile ?? null,
    createdAt: u.createdAt,
    updatedAt: u.updatedAt,
    deletedAt: u.deletedAt ?? null,
  }
}

/** What anyone may see of a coach: no email, phone, status or roles. */
export function serializePublicUser(u: User, rating?: { average: number | null; count: number }): ViewOf<typeof PublicUserView> {
  const p = u.profile ?? {}
  const c = u.coachProfile ?? {}
  return {
    id: u.id,
    username: u.username ?? null,
    avatarUrl: avatarUrl(u),
    name: [p.firstName, p.lastName].filter(Boolean).join(' '),
    ...(rating ? { rating } : {}),
    profile: {
      firstName: p.firstName ?? null,
      lastName: p.lastName ?? null,
      headline: p.headline ?? null,
      country: p.country ?? null,
      socialAccounts: p.socialAccounts ?? [],
    },
    coachProfile: {
      businessName: c.businessName ?? null,
      specializations: c.specializations ?? [],
      bio: c.bio ?? null,
      introductionVideo: c.introductionVideo ?? null,
      experiences: c.experiences ?? [],
      certifications: c.certifications ?? [],
    },
  }
}
