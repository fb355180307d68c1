import type { EntityManager } from '@mikro-orm/postgresql'
import { TaxProfile } from '../modules/tax'
import { Membership, Tenant } from '../modules/tenants'
import { User } from '../modules/users'
import { log } from '../platform/log'
import { seedCatalogue, seedCatalogueFeedback } from './catalogue'

/** Demo data for a first start: only when the database has no users yet. */
export async function seedDemoIfEmpty(em: EntityManager) {
  if (await em.count(User, {}, { filters: false })) return
  await seedDemo(em)
}

/** The demo data itself (tests of the demo journeys load it next to their own rows). */
export async function seedDemo(em: EntityManager) {
  const acme = em.create(Tenant, { name: 'Acme Coaching', slug: 'acme', email: 'hello@acme.example', domain: 'https://acme.example', plan: 'pro' })
  // Northwind's default refund policy (its workshops set none): full refund until a week before, half until two days before.
  const north = em.create(Tenant, {
    name: 'Northwind Consulting',
    slug: 'northwind',
    email: 'team@northwind.example',
    plan: 'free',
    refundPolicy: { fullRefundHours: 168, partialRefundHours: 48, partialRefundPercent: 50 },
    // A German team registered for VAT, selling in euros with prices including VAT (Acme stays US dollars without tax).
    currency: 'eur',
  })
  em.create(TaxProfile, {
    tenant: north,
    legalName: 'Northwind Consulting GmbH',
    address: 'Friedrichstraße 68\n10117 Berlin',
    country: 'DE',
    taxId: 'DE136695976',
    registered: true,
    pricesIncludeTax: true,
    rates: [],
  })
  const now = new Date()
  const user = (email: string, roles: string[], profile: User['profile'], extra: Partial<User> = {}) =>
    em.create(User, { email, roles, status: 'active', emailVerifiedAt: now, profile, ...extra })
  const admin = user('admin@summit.localhost', ['super-admin'], { firstName: 'Ada', lastName: 'Admin', country: 'US' }, { username: 'admin' })
  const coaches = [
    user(
      'maya@acme.example',
      ['coach'],
      {
        firstName: 'Maya',
        lastName: 'Okafor',
        headline: 'Leadership coach for first-time managers',
        country: 'GB',
        socialAccounts: [{ platform: 'linkedin', url: 'https://linkedin.com/in/maya-okafor', order: 1 }],
      },
      {
        username: 'maya',
        defaultTenantSlug: 'acme',
        coachProfile: {
          businessName: 'Okafor Leadership',
          specializations: ['Leadership', 'Management'],
          bio: 'Twelve years coaching new managers through their first year.',
          experiences: [{ title: 'Head of People', company: 'Brightline', order: 1, years: 6, months: 3 }],
          certifications: [
            { title: 'ICF PCC', issuingOrganization: 'International Coaching Federation', issuingDate: '2019-05-01', certificateUrl: null, order: 1 },
          ],
        },
      },
    ),
    user(
      'leo@acme.example',
      ['coach'],
      { firstName: 'Leo', lastName: 'Martins', headline: 'Public speaking and storytelling', country: 'PT' },
      {
        username: 'leo',
        defaultTenantSlug: 'acme',
        coachProfile: {
          businessName: 'Stage Ready',
          specializations: ['Public speaking'],
          bio: 'Former broadcaster helping experts speak with confidence.',
          experiences: [],
          certifications: [],
        },
      },
    ),
    user(
      'sara@northwind.example',
      ['coach'],
      { firstName: 'Sara', lastName: 'Lindqvist', headline: 'Strategy consultant for growing startups', country: 'SE' },
      {
        username: 'sara',
        defaultTenantSlug: 'northwind',
        coachProfile: {
          businessName: 'Lindqvist Strategy',
          specializations: ['Strategy', 'Fundraising'],
          bio: 'Helps founders turn plans into focused roadmaps.',
          experiences: [],
          certifications: [],
        },
      },
    ),
  ]
  const clients = [
    user(
      'client@summit.localhost',
      [],
      { firstName: 'Chris', lastName: 'Client', country: 'US', phoneNumber: '+1 555 0100' },
      { username: 'chris', defaultTenantSlug: 'acme' },
    ),
    user('dana@summit.localhost', [], { firstName: 'Dana', lastName: 'Reyes', country: 'MX' }, { username: 'dana', defaultTenantSlug: 'acme' }),
  ]
  // Maya runs Acme (its manager), Sara runs Northwind; Leo coaches in Acme (teams.ts adds Maya to Northwind).
  const teamRoles = new Map<User, string[]>([
    [coaches[0], ['manager', 'coach']],
    [coaches[1], ['coach']],
  ])
  for (const u of [admin, coaches[0], coaches[1], ...clients]) em.create(Membership, { tenant: acme, user: u, status: 'ACTIVE', roles: teamRoles.get(u) ?? [] })
  em.create(Membership, { tenant: north, user: coaches[2], status: 'ACTIVE', roles: ['manager', 'coach'] })
  em.create(Membership, { tenant: north, user: admin, status: 'ACTIVE', roles: [] })
  em.create(Membership, { tenant: north, user: clients[0], status: 'ACTIVE', roles: [] })
  admin.defaultTenantSlug = 'acme'
  await em.flush()
  await seedCatalogue(em)
  await (await import('./bookings')).seedBookings(em)
  await (await import('./client-area')).seedClientArea(em)
  // Feedback needs the demo bookings: keep this after the bookings seed.
  await seedCatalogueFeedback(em)
  await (await import('./job-postings')).seedJobPostings(em)
  await (await import('./coach-area')).seedCoachArea(em)
  await (await import('./teams')).seedTeams(em)
  await (await import('./payouts')).seedPayouts(em)
  await (await import('./messages')).seedMessages(em)
  await (await import('./sessions')).seedSessions(em)
  log.info('demo data loaded: sign in as admin@summit.localhost, maya@acme.example (Acme and Northwind) or client@summit.localhost')
}
