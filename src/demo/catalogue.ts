/**
 * Demo catalogue: tags, templates, workshops of the demo coaches (maya, leo @acme; sara
 * @northwind), coming and past schedules in every mode, level and several countries, and
 * resources. Called from seed.ts after the users and tenants exist; feedback comes last,
 * once the demo bookings exist (seedCatalogueFeedback).
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { Feedback } from '../modules/feedback'
import { Tenant } from '../modules/tenants'
import { User } from '../modules/users'
import type { ContentStatus, DeliveryMode, SkillLevel, Visibility } from '../modules/workshops'
import { Tag, Workshop, WorkshopResource, WorkshopSchedule, WorkshopTemplate } from '../modules/workshops'
import { log } from '../platform/log'
import type { RefundPolicy } from '../shared/refund-policy'
import { seedDemoImages } from './images'

const DAY = 24 * 3600e3
/** A day relative to today at a UTC hour (demo dates stay fresh whenever the seed runs). */
const at = (days: number, hourUtc: number) => {
  const d = new Date(Date.now() + days * DAY)
  d.setUTCHours(hourUtc, 0, 0, 0)
  return d
}

const TAGS = [
  'Leadership',
  'Management',
  'Communication',
  'Public speaking',
  'Storytelling',
  'Strategy',
  'Fundraising',
  'Career',
  'Negotiation',
  'Productivity',
]
const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')

interface ScheduleSeed {
  days: number
  hour: number
  hours: number
  level: SkillLevel
  mode: DeliveryMode
  timezone: string
  country: string
  status?: ContentStatus
  visibility?: Visibility
  venue?: { venueName: string; addressLine1: string; city: string; state?: string; zip: string }
}

const online = (country: string, timezone: string) => ({ mode: 'ONLINE' as const, country, timezone })

export async function seedCatalogue(em: EntityManager) {
  const users = await em.find(User, { username: { $in: ['maya', 'leo', 'sara'] } })
  const tenants = await em.find(Tenant, { slug: { $in: ['acme', 'northwind'] } })
  const coach = (u: string) => users.find((x) => x.username === u)
  const tenant = (s: string) => tenants.find((x) => x.slug === s)
  if (!coach('maya') || !coach('leo') || !coach('sara') || !tenant('acme') || !tenant('northwind')) return

  const img = await seedDemoImages(em, users)
  // Tags are global: reuse any that exist already (tests load the demo next to their own rows).
  const existing = new Map((await em.find(Tag, { slug: { $in: TAGS.map(slug) } })).map((t) => [t.slug, t]))
  const tags = new Map(TAGS.map((name) => [slug(name), existing.get(slug(name)) ?? em.create(Tag, { name, slug: slug(name) })]))
  const tag = (...names: string[]) => names.map((n) => tags.get(n)!)

  const template = (title: string, level: SkillLevel, price: number, description: string, image: string, outcomes: string[] = []) =>
    em.create(WorkshopTemplate, { title, slug: slug(title), level, price, description, image, currency: 'usd', outcomes })
  const tLead = template(
    'Leadership Essentials',
    'BEGINNER',
    14900,
    'A one-day introduction to leading a team: expectations, feedback, delegation and one-to-ones.',
    img.leadership,
    [
      'Run one-to-ones your team looks forward to',
      'Give feedback that is specific, kind and acted on',
      'Delegate outcomes, not tasks, and follow up without hovering',
      'Set expectations in your first 30 days as a manager',
    ],
  )
  const tTalk = template(
    'Presenting with Confidence',
    'INTERMEDIATE',
    9900,
    'Structure a talk, handle nerves and questions, and use slides that help rather than distract.',
    img.speaking,
    ['Structure any talk in three acts', 'Calm your nerves with a five-minute routine', 'Answer hard questions without losing the room'],
  )
  const tStrat = template(
    'Strategy Sprint',
    'ADVANCED',
    29900,
    'Five focused sessions that turn a vague plan into a one-page strategy and a quarterly roadmap.',
    img.strategy,
    ['Map your market and where you win', 'Choose the few bets that matter this year', 'Turn the strategy into a quarterly roadmap'],
  )
  template('Career Reset', 'BEGINNER', 7900, 'Take stock of strengths and goals, and leave with a 90-day plan for the next career step.', img.career)

  const workshop = (
    tenantSlug: string,
    username: string,
    data: {
      title: string
      description: string
      price: number
      minSeats: number
      maxSeats: number
      template?: WorkshopTemplate
      tags: Tag[]
      image: string
      video?: string
      outcomes?: string[]
      refundPolicy?: RefundPolicy
    },
  ) => {
    const w = em.create(Workshop, {
      tenant: tenant(tenantSlug)!,
      coach: coach(username)!,
      workshopTemplate: data.template ?? null,
      title: data.title,
      slug: slug(data.title),
      description: data.description,
      image: data.image,
      video: data.video ?? null,
      outcomes: data.outcomes ?? [],
      price: data.price,
      // Northwind sells in euros, its prices including VAT (its tax profile: src/demo/seed.ts).
      currency: tenantSlug === 'northwind' ? 'eur' : 'usd',
      priceNote: tenantSlug === 'northwind' ? 'incl. VAT' : null,
      minSeats: data.minSeats,
      maxSeats: data.maxSeats,
      refundPolicy: data.refundPolicy ?? null,
    })
    w.tags.set(data.tags)
    return w
  }
  const schedules: WorkshopSchedule[] = []
  const schedule = (w: Workshop, s: ScheduleSeed) => {
    const row = em.create(WorkshopSchedule, {
      tenant: w.tenant,
      coach: w.coach,
      workshop: w,
      startDate: at(s.days, s.hour),
      endDate: new Date(at(s.days, s.hour).getTime() + s.hours * 3600e3),
      timezone: s.timezone,
      country: s.country,
      level: s.level,
      mode: s.mode,
      status: s.status ?? 'PUBLISHED',
      visibility: s.visibility ?? 'PUBLIC',
      meetingUrl: s.mode === 'IN-PERSON' ? null : `https://meet.summit.localhost/${slug(w.title)}-${schedules.length + 1}`,
      ...(s.venue ?? {}),
      // Paid once their bookings' money is transferred (demo/payouts.ts).
      payoutStatus: 'pending',
      paidOutAt: null,
    })
    schedules.push(row)
    return row
  }

  // Maya @acme: leadership
  const bootcamp = workshop('acme', 'maya', {
    title: 'First-Time Manager Bootcamp',
    template: tLead,
    price: 14900,
    minSeats: 3,
    maxSeats: 12,
    tags: tag('leadership', 'management'),
    description:
      'Everything nobody tells you before your first management job: running one-to-ones, giving feedback that lands, delegating without disappearing, and protecting your own time.',
    image: img.leadership,
  })
  const conversations = workshop('acme', 'maya', {
    title: 'Difficult Conversations',
    price: 8900,
    minSeats: 2,
    maxSeats: 8,
    tags: tag('leadership', 'communication'),
    description:
      'Practise the conversations managers put off: underperformance, conflict between team members and saying no to your own boss. Small group, lots of role play.',
    image: img.conversations,
    outcomes: [
      'Open a hard conversation in the first thirty seconds',
      'Talk about underperformance without blame',
      'Settle a conflict between two people on your team',
      'Say no to your own boss and keep their trust',
      'Use a simple plan to prepare any difficult conversation',
    ],
  })
  const londonVenue = { venueName: 'Okafor Leadership Studio', addressLine1: '12 Clerkenwell Road', city: 'London', zip: 'EC1M 5PA' }
  schedule(bootcamp, { days: 6, hour: 9, hours: 7, level: 'BEGINNER', mode: 'IN-PERSON', timezone: 'Europe/London', country: 'GB', venue: londonVenue })
  schedule(bootcamp, { days: 27, hour: 14, hours: 3, level: 'BEGINNER', ...online('GB', 'Europe/London') })
  schedule(bootcamp, { days: -20, hour: 9, hours: 7, level: 'BEGINNER', mode: 'IN-PERSON', timezone: 'Europe/London', country: 'GB', venue: londonVenue })
  schedule(conversations, { days: 13, hour: 17, hours: 2, level: 'INTERMEDIATE', mode: 'HYBRID', timezone: 'Europe/London', country: 'GB', venue: londonVenue })
  schedule(conversations, { days: 41, hour: 17, hours: 2, level: 'ADVANCED', ...online('GB', 'Europe/London'), visibility: 'UNLISTED' })
  schedule(conversations, { days: -8, hour: 17, hours: 2, level: 'INTERMEDIATE', ...online('GB', 'Europe/London') })
  schedule(conversations, { days: 60, hour: 17, hours: 2, level: 'INTERMEDIATE', ...online('GB', 'Europe/London'), status: 'DRAFT' })

  // Leo @acme: speaking
  const speak = workshop('acme', 'leo', {
    title: 'Speak Like a Pro',
    template: tTalk,
    price: 9900,
    minSeats: 4,
    maxSeats: 15,
    tags: tag('public-speaking', 'communication'),
    description: 'From blank page to standing ovation: structure, voice, presence and handling questions, with recorded practice and individual feedback.',
    image: img.speaking,
    video: 'https://www.youtube.com/watch?v=Unzc731iCUY',
    // Its own refund policy: full refund until 3 days before, half until a day before.
    refundPolicy: { fullRefundHours: 72, partialRefundHours: 24, partialRefundPercent: 50 },
  })
  const stories = workshop('acme', 'leo', {
    title: 'Storytelling for Leaders',
    price: 12900,
    minSeats: 2,
    maxSeats: 10,
    tags: tag('storytelling', 'leadership'),
    description: 'Use stories to explain strategy, win support for change and make numbers memorable. Bring a real message you need to deliver.',
    image: img.storytelling,
    outcomes: ['Find the story inside a strategy or a number', 'Use the story spine to structure a message', 'Tell it in two minutes, to any audience'],
  })
  const lisbon = { venueName: 'Stage Ready Loft', addressLine1: 'Rua Augusta 120', city: 'Lisbon', zip: '1100-053' }
  schedule(speak, { days: 4, hour: 18, hours: 3, level: 'BEGINNER', ...online('PT', 'Europe/Lisbon') })
  schedule(speak, { days: 18, hour: 9, hours: 6, level: 'INTERMEDIATE', mode: 'IN-PERSON', timezone: 'Europe/Lisbon', country: 'PT', venue: lisbon })
  schedule(speak, { days: -12, hour: 18, hours: 3, level: 'BEGINNER', ...online('PT', 'Europe/Lisbon') })
  schedule(stories, { days: 9, hour: 15, hours: 2, level: 'ADVANCED', ...online('US', 'America/New_York') })
  schedule(stories, {
    days: 33,
    hour: 16,
    hours: 3,
    level: 'INTERMEDIATE',
    mode: 'HYBRID',
    timezone: 'America/New_York',
    country: 'US',
    venue: { venueName: 'WeWork Bryant Park', addressLine1: '54 W 40th St', city: 'New York', state: 'NY', zip: '10018' },
  })
  schedule(stories, { days: 50, hour: 16, hours: 3, level: 'INTERMEDIATE', ...online('US', 'America/New_York'), visibility: 'PRIVATE' })

  // Sara @northwind (free plan: at most 3 published schedules still to come)
  const sprint = workshop('northwind', 'sara', {
    title: 'Startup Strategy Sprint',
    template: tStrat,
    price: 29900,
    minSeats: 3,
    maxSeats: 10,
    tags: tag('strategy', 'productivity'),
    description: 'Five sessions for founding teams: market map, positioning, the few bets that matter, and a roadmap the whole team can repeat.',
    image: img.strategy,
  })
  const funding = workshop('northwind', 'sara', {
    title: 'Fundraising Fundamentals',
    price: 19900,
    minSeats: 2,
    maxSeats: 20,
    tags: tag('fundraising', 'strategy', 'negotiation'),
    description:
      'How seed rounds actually work: the story, the deck, the data room, the pipeline of investors, and negotiating terms without losing the company.',
    image: img.fundraising,
    outcomes: ['Write the story investors remember', 'Build a pipeline of the right investors', 'Read a term sheet and negotiate the terms that matter'],
  })
  schedule(sprint, {
    days: 10,
    hour: 8,
    hours: 4,
    level: 'ADVANCED',
    mode: 'IN-PERSON',
    timezone: 'Europe/Stockholm',
    country: 'SE',
    venue: { venueName: 'Northwind House', addressLine1: 'Drottninggatan 55', city: 'Stockholm', zip: '111 21' },
  })
  schedule(sprint, { days: -25, hour: 8, hours: 4, level: 'ADVANCED', ...online('SE', 'Europe/Stockholm') })
  schedule(funding, { days: 16, hour: 13, hours: 2, level: 'BEGINNER', ...online('DE', 'Europe/Berlin') })
  schedule(funding, { days: 45, hour: 1, hours: 2, level: 'INTERMEDIATE', ...online('AU', 'Australia/Sydney') })
  schedule(funding, { days: -5, hour: 13, hours: 2, level: 'BEGINNER', ...online('DE', 'Europe/Berlin') })

  const resource = (w: Workshop, title: string, type: WorkshopResource['type'], extra: Partial<WorkshopResource>, sortOrder: number) =>
    em.create(WorkshopResource, { tenant: w.tenant, workshop: w, title, type, sortOrder, isVisible: true, isBroadcast: false, ...extra })
  resource(
    bootcamp,
    'Welcome pack',
    'document',
    {
      filePath: 'demo/first-time-manager-welcome.pdf',
      fileSize: 482113,
      fileType: 'application/pdf',
      description: 'Agenda, pre-work and the one-to-one template.',
    },
    1,
  )
  resource(bootcamp, 'Feedback models cheat sheet', 'link', { url: 'https://summit.localhost/guides/feedback-models', isPublic: true }, 2)
  resource(
    bootcamp,
    'Delegation exercise (coach notes)',
    'file',
    { filePath: 'demo/delegation-notes.docx', fileType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', isVisible: false },
    3,
  )
  resource(conversations, 'Role-play scenarios', 'document', { filePath: 'demo/difficult-conversations-scenarios.pdf', fileType: 'application/pdf' }, 1)
  resource(
    speak,
    'Warm-up routine',
    'video',
    { url: 'https://www.youtube.com/watch?v=Unzc731iCUY', description: 'Ten minutes before every talk.', isPublic: true },
    1,
  )
  resource(speak, 'Talk planner', 'link', { url: 'https://summit.localhost/guides/talk-planner' }, 2)
  resource(stories, 'Story spine worksheet', 'file', { filePath: 'demo/story-spine.pdf', fileType: 'application/pdf' }, 1)
  resource(sprint, 'Strategy one-pager', 'document', { filePath: 'demo/strategy-one-pager.pdf', fileType: 'application/pdf' }, 1)
  resource(sprint, 'Strategy coach assistant', 'agent', { url: 'https://summit.localhost/apps/multiplai', description: 'Ask questions between sessions.' }, 2)
  resource(
    funding,
    'Investor pipeline template',
    'bundle',
    { url: 'https://summit.localhost/guides/investor-pipeline', description: 'Spreadsheet, email templates and a data-room checklist.', isPublic: true },
    1,
  )

  await em.flush()
  log.info({ workshops: 6, schedules: schedules.length }, 'demo catalogue loaded')
}

const COMMENTS: [number, string][] = [
  [5, 'Practical from the first minute. I used the one-to-one template the next morning.'],
  [4, 'Great exercises and a friendly group; I would have liked a bit more time for questions.'],
  [5, 'The best workshop I have attended this year.'],
  [3, 'Good content, but the pace was fast for a beginner.'],
  [5, 'Clear, warm and full of examples I could relate to.'],
  [4, 'Very useful. The role plays were uncomfortable in the best way.'],
]

/**
 * Ratings on past schedules from the seats of confirmed or completed demo bookings (run after
 * the bookings demo data). Does nothing when there are none.
 */
export async function seedCatalogueFeedback(em: EntityManager) {
  if (!em.getMetadata().getByClassName('BookingSeat', false)) return
  const seats = await em.execute<{ seat_id: string; user_id: string; schedule_id: string; tenant_id: string; coach_id: string }[]>(
    `select bs.id as seat_id, bs.user_id, s.id as schedule_id, s.tenant_id, s.coach_id
       from booking_seats bs join bookings b on b.id = bs.booking_id join workshop_schedules s on s.id = b.workshop_schedule_id
      where s.end_date < now() and b.status in ('CONFIRMED', 'COMPLETED') and bs.status = 'ACCEPTED' and bs.user_id is not null
        and bs.deleted_at is null and b.deleted_at is null
        and not exists (select 1 from feedbacks f where f.booking_seat_id = bs.id)
      order by bs.created_at`,
  )
  seats.forEach((s, i) => {
    const [rating, comment] = COMMENTS[i % COMMENTS.length]
    em.create(Feedback, {
      tenant: s.tenant_id,
      workshopSchedule: s.schedule_id,
      coach: s.coach_id,
      user: s.user_id,
      bookingSeatId: s.seat_id,
      rating,
      comment,
    })
  })
  await em.flush()
  if (seats.length) log.info({ feedback: seats.length }, 'demo feedback loaded')
}
