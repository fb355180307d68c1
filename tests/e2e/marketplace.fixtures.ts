/** Demo-like marketplace rows written straight to the database: a coach with a full profile and public schedules. */

import { Membership } from '../../src/modules/tenants/tenant.entity'
import { User } from '../../src/modules/users/user.entity'
import { WorkshopSchedule } from '../../src/modules/workshops/schedule.entity'
import { Tag } from '../../src/modules/workshops/tag.entity'
import { Workshop } from '../../src/modules/workshops/workshop.entity'
import { em, tenant as makeTenant, uid } from '../client'

const DAY = 86_400_000

export async function makeCoach(first: string, last: string, extra: { headline?: string; country?: string; specializations?: string[]; bio?: string } = {}) {
  const m = em()
  const id = uid()
  const t = await makeTenant()
  const user = m.create(User, {
    email: `coach-${id}@test.example`,
    username: `${first.toLowerCase()}-${id}`.slice(0, 20),
    roles: ['coach'],
    status: 'active',
    emailVerifiedAt: new Date(),
    defaultTenantSlug: t.slug,
    profile: {
      firstName: first,
      lastName: last,
      headline: extra.headline ?? 'Leadership coach for first-time managers',
      country: extra.country ?? 'GB',
      socialAccounts: [
        { platform: 'linkedin', url: `https://www.linkedin.com/in/${id}`, order: 0 },
        { platform: 'youtube', url: `https://www.youtube.com/@${id}`, order: 1 },
      ],
    },
    coachProfile: {
      businessName: `${last} Coaching Ltd`,
      specializations: extra.specializations ?? ['Leadership', 'Negotiation', 'Public speaking'],
      bio:
        extra.bio ??
        `${first} has coached more than 300 new managers through their first year: giving feedback, running one-to-ones and building trust in a team.`,
      experiences: [
        { title: 'Head of People', company: 'Northwind Traders', years: 6, months: 4, order: 0 },
        { title: 'Executive coach', company: 'Independent', years: 8, months: 0, order: 1 },
      ],
      certifications: [
        {
          title: 'Professional Certified Coach (PCC)',
          issuingOrganization: 'International Coaching Federation',
          issuingDate: '2019-05-01',
          certificateUrl: 'https://coachingfederation.org',
          order: 0,
        },
      ],
    },
  } as any)
  m.create(Membership, { tenant: t.id, user, status: 'ACTIVE', roles: ['coach'] } as any)
  await m.flush()
  return { user, tenant: t }
}

export interface ScheduleSpec {
  title: string
  description?: string
  price?: number // minor units
  maxSeats?: number
  minSeats?: number
  seatsTaken?: number
  startInDays?: number
  mode?: 'IN-PERSON' | 'ONLINE' | 'HYBRID'
  level?: 'BEGINNER' | 'INTERMEDIATE' | 'ADVANCED'
  country?: string
  city?: string
  timezone?: string
  /** Exact start (else startInDays at 09:00 UTC). */
  start?: Date
  /** Tag names (created on first use). */
  tags?: string[]
}

export async function makePublicSchedule(coach: { user: User; tenant: { id: string } }, o: ScheduleSpec) {
  const m = em()
  const id = uid()
  const workshop = m.create(Workshop, {
    tenant: coach.tenant.id,
    coach: coach.user.id,
    title: o.title,
    slug: `w-${id}`,
    description: o.description ?? 'A hands-on session with exercises, real cases and a workbook to take home.',
    price: o.price ?? 14900,
    currency: 'usd',
    minSeats: o.minSeats ?? 3,
    maxSeats: o.maxSeats ?? 12,
  } as any)
  for (const name of o.tags ?? []) {
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-')
    const t = (await m.findOne(Tag, { slug })) ?? m.create(Tag, { name, slug } as any)
    workshop.tags.add(t)
  }
  const start = o.start ?? new Date(Date.now() + (o.startInDays ?? 10) * DAY)
  if (!o.start) start.setUTCHours(9, 0, 0, 0)
  const inPerson = (o.mode ?? 'ONLINE') !== 'ONLINE'
  const schedule = m.create(WorkshopSchedule, {
    tenant: coach.tenant.id,
    coach: coach.user.id,
    workshop,
    startDate: start,
    endDate: new Date(start.getTime() + 3 * 3_600_000),
    timezone: o.timezone ?? 'Europe/London',
    level: o.level ?? 'BEGINNER',
    status: 'PUBLISHED',
    visibility: 'PUBLIC',
    mode: o.mode ?? 'ONLINE',
    country: o.country ?? (inPerson ? 'GB' : null),
    city: inPerson ? (o.city ?? 'London') : null,
    venueName: inPerson ? 'The Workshop Rooms' : null,
    addressLine1: inPerson ? '1 King Street' : null,
    zip: inPerson ? 'EC2V 8AU' : null,
    meetingUrl: inPerson ? null : 'https://meet.example/x',
    seatsTaken: o.seatsTaken ?? 0,
  } as any)
  await m.flush()
  return { workshop, schedule }
}
