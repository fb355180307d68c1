import type { EntityManager } from '@mikro-orm/postgresql'
import { fieldError } from '../../platform/http/errors'
import { Membership, Tenant } from '../tenants'
import { User } from '../users'
import { ONBOARDING_MESSAGES, type OnboardingComplete } from './onboarding.schema'

async function freeSlug(em: EntityManager, base: string) {
  const root =
    base
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'coach'
  for (let i = 0; i < 50; i++) {
    const slug = i === 0 ? root : `${root}-${i + 1}`
    if (slug.length >= 3 && !(await em.count(Tenant, { slug }, { filters: false }))) return slug
  }
  return `${root}-${Bun.randomUUIDv7().slice(-8)}`
}

/**
 * Ends onboarding: the user stops being pending. A coach gets the coach role, the coach
 * basics, and (when they belong to no team yet) a team of their own on the free plan, so
 * they can publish workshops at once.
 */
export async function completeOnboarding(em: EntityManager, user: User, input: OnboardingComplete) {
  if (user.status !== 'pending') return user
  if (!user.username || !user.profile?.firstName || !user.profile?.lastName) throw fieldError('role', ONBOARDING_MESSAGES.stepOne)
  await em.transactional(async (tx) => {
    const u = await tx.findOneOrFail(User, { id: user.id }, { lockMode: 4 })
    if (u.status !== 'pending') return
    u.status = 'active'
    if (input.role === 'coach') {
      if (!u.roles.includes('coach')) u.roles = [...u.roles, 'coach']
      u.coachProfile = { ...(u.coachProfile ?? {}), ...input.coachProfile }
      if (!u.defaultTenantSlug) {
        const tenant = tx.create(Tenant, {
          name: input.coachProfile.businessName,
          slug: await freeSlug(tx, u.username ?? input.coachProfile.businessName),
          email: u.email,
          plan: 'free',
        })
        tx.create(Membership, { tenant, user: u, status: 'ACTIVE', roles: ['manager', 'coach'] })
        u.defaultTenantSlug = tenant.slug
      }
    }
  })
  await em.refresh(user)
  return user
}
