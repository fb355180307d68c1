/** Fixtures for the job posting tests. */
import { actor, tenant as makeTenant } from '../client'

export const LONG = (n: number, word = 'Build reliable systems. ') => word.repeat(Math.ceil(n / word.length)).slice(0, n)

export const questions = (n: number, enabled = true) => Array.from({ length: n }, (_, i) => ({ title: `Question number ${i + 1}?`, order: i + 1, enabled }))

/** A posting with every field PUBLISHED needs. */
export const complete = (extra: Record<string, unknown> = {}) => ({
  title: 'Senior platform engineer',
  description: LONG(300),
  skillsDescription: LONG(150, 'TypeScript, PostgreSQL. '),
  companyName: 'Acme Ltd',
  companyUrl: 'https://acme.example',
  location: 'London',
  employmentStatus: 'FULL_TIME',
  experienceLevel: 'MID_SENIOR_LEVEL',
  listingType: 'Standard',
  posterEmail: 'Jobs@Acme.example',
  workplaceTypes: ['Hybrid', 'Remote'],
  industries: ['IT'],
  categories: ['ENGINEERING', 'PRODUCT'],
  interviewQuestions: questions(5),
  ...extra,
})

/** A team with a coach (who may manage job postings) and a plain member. */
export async function jobWorld(plan: 'free' | 'pro' | 'enterprise' = 'pro') {
  const t = await makeTenant({ plan })
  const coach = await actor({ roles: ['coach'], tenant: t })
  const member = await actor({ tenant: t })
  coach.client.team = t.slug
  member.client.team = t.slug
  return { tenant: t, coach, member }
}
