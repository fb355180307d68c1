/** Demo job postings: two published in Acme, a draft in Acme, one published in Northwind, with a few applications. */
import type { EntityManager } from '@mikro-orm/postgresql'
import { DEFAULT_PREFERENCES, JobApplication, JobPosting } from '../modules/job-postings'
import { Tenant } from '../modules/tenants'
import { User } from '../modules/users'

const q = (titles: string[]) => titles.map((title, i) => ({ id: Bun.randomUUIDv7(), title, order: i + 1, enabled: true }))
const BASE_QUESTIONS = [
  'Why do you want to join us?',
  'Tell us about a project you are proud of.',
  'How do you handle disagreement in a team?',
  'What would you like to learn in your next role?',
  'When could you start?',
]

export async function seedJobPostings(em: EntityManager) {
  const acme = await em.findOneOrFail(Tenant, { slug: 'acme' })
  const north = await em.findOneOrFail(Tenant, { slug: 'northwind' })
  const maya = await em.findOneOrFail(User, { email: 'maya@acme.example' })
  const sara = await em.findOneOrFail(User, { email: 'sara@northwind.example' })
  const day = 86_400_000
  const make = (tenant: Tenant, by: User, d: Partial<JobPosting> & { title: string }, daysAgo: number) =>
    em.create(JobPosting, {
      tenant,
      createdBy: by,
      status: 'PUBLISHED',
      publishedAt: new Date(Date.now() - daysAgo * day),
      recruiterIds: [by.id],
      preferences: { ...DEFAULT_PREFERENCES },
      workplaceTypes: [],
      industries: [],
      categories: [],
      meta: {},
      interviewQuestions: q(BASE_QUESTIONS),
      ...d,
    })
  const coachJob = make(
    acme,
    maya,
    {
      title: 'Leadership coach (part time)',
      companyName: 'Acme Coaching',
      companyUrl: 'https://acme.example',
      location: 'London, United Kingdom',
      employmentStatus: 'PART_TIME',
      experienceLevel: 'MID_SENIOR_LEVEL',
      workplaceTypes: ['Hybrid', 'Remote'],
      categories: ['HR', 'BUSINESS'],
      industries: ['BUSINESS'],
      description:
        'Acme Coaching helps first-time managers find their feet. We are looking for a coach who has led teams and enjoys helping others do the same.\n\nYou will run small-group workshops, hold one-to-one sessions and help shape our programme for new managers. Most work is remote; we meet in London once a month.',
      skillsDescription:
        'Five or more years of leading people, a coaching qualification (ICF or similar) and calm, clear facilitation in groups of up to twelve.',
      posterEmail: 'jobs@acme.example',
      preferences: { ...DEFAULT_PREFERENCES, resumeRequired: true, notifyAssigneeOnApplication: true },
    },
    3,
  )
  make(
    acme,
    maya,
    {
      title: 'Workshop producer',
      companyName: 'Acme Coaching',
      companyUrl: 'https://acme.example',
      location: 'Manchester, United Kingdom',
      employmentStatus: 'FULL_TIME',
      experienceLevel: 'ASSOCIATE',
      workplaceTypes: ['On-site'],
      categories: ['MARKETING', 'PRODUCT'],
      description:
        "Keep our workshops running smoothly: rooms, materials, schedules and the small details that make a day go well. You will work with every coach in the team and with our clients' organisers.",
      skillsDescription: 'Strong organisation, friendly and precise writing, comfortable with spreadsheets and calendars; experience with events is a plus.',
      preferences: { ...DEFAULT_PREFERENCES, ieltsAssessmentRequired: true, ieltsAssessmentMinScore: 6.5, applicantMaxLimit: 40 },
    },
    8,
  )
  make(
    acme,
    maya,
    { title: 'Sales lead', status: 'DRAFT', publishedAt: null, companyName: 'Acme Coaching', interviewQuestions: q(BASE_QUESTIONS.slice(0, 2)) },
    0,
  )
  make(
    north,
    sara,
    {
      title: 'Strategy analyst',
      companyName: 'Northwind Consulting',
      location: 'Stockholm, Sweden',
      employmentStatus: 'CONTRACT',
      experienceLevel: 'ENTRY_LEVEL',
      workplaceTypes: ['Remote'],
      categories: ['FINANCE', 'BUSINESS'],
      description:
        'Support our consultants with market research, financial models and clear slides for startup founders. A six-month contract with the option to extend.',
      skillsDescription: 'Analytical thinking, spreadsheets and a clear writing style; an interest in startups and fundraising.',
    },
    1,
  )
  const answers = coachJob.interviewQuestions.map((x) => ({
    questionId: x.id,
    question: x.title,
    answer: 'I have coached new managers for six years and would love to grow the programme with you.',
  }))
  em.create(JobApplication, { tenant: acme, jobPosting: coachJob, name: 'Priya Shah', email: 'priya@example.com', answers, status: 'NEW' })
  em.create(JobApplication, { tenant: acme, jobPosting: coachJob, name: 'Tom Becker', email: 'tom@example.com', answers, status: 'SHORTLISTED' })
  coachJob.applicantCount = 2
  await em.flush()
}
