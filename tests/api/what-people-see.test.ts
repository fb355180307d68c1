/**
 * What the pages say, over HTTP: the coaches the home page features (a photo, a headline and a
 * bookable workshop), the generated cover of a workshop without a picture on the home and the
 * marketplace cards, the team page keeping clients who only book apart from its members (and
 * never offering to remove them), and the team's ID explained in words.
 */
import { beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { Membership } from '../../src/modules/tenants/tenant.entity'
import { User } from '../../src/modules/users/user.entity'
import { WorkshopSchedule } from '../../src/modules/workshops/schedule.entity'
import { Workshop } from '../../src/modules/workshops/workshop.entity'
import { featuredCoaches, homeMemo } from '../../src/pages/screens/home-data'
import { app, em, tenant, uid } from '../client'
import { sessionCookies } from '../e2e/browser'

const DAY = 86_400_000
setDefaultTimeout(60_000)

// Pages render once the island bundles and the CSS are built.
beforeAll(async () => {
  const { buildAssets } = await import('../../src/platform/assets/assets')
  await buildAssets()
}, 180_000)

async function coach(opts: { photo?: boolean; headline?: string | null; schedule?: 'coming' | 'draft' | 'ended' | null; image?: string | null }) {
  const m = em()
  const t = await tenant()
  const id = uid()
  const user = m.create(User, {
    email: `fc-${id}@test.example`,
    username: `fc${id}`,
    roles: ['coach'],
    status: 'active',
    emailVerifiedAt: new Date(),
    avatar: opts.photo === false ? null : crypto.randomUUID(),
    profile: { firstName: 'Feat', lastName: id, ...(opts.headline === null ? {} : { headline: opts.headline ?? 'Coach for new managers' }) },
    defaultTenantSlug: t.slug,
  } as any)
  m.create(Membership, { tenant: t.id, user, status: 'ACTIVE', roles: ['manager', 'coach'] } as any)
  let schedule: WorkshopSchedule | null = null
  if (opts.schedule !== null) {
    const w = m.create(Workshop, {
      tenant: t.id,
      coach: user,
      title: `Featured ${id}`,
      slug: `featured-${id}`,
      price: 1000,
      currency: 'usd',
      minSeats: 1,
      maxSeats: 5,
      image: opts.image ?? null,
    } as any)
    const start = new Date(Date.now() + (opts.schedule === 'ended' ? -3 : 5) * DAY)
    schedule = m.create(WorkshopSchedule, {
      tenant: t.id,
      coach: user,
      workshop: w,
      startDate: start,
      endDate: new Date(start.getTime() + 3_600_000),
      timezone: 'Europe/London',
      level: 'BEGINNER',
      status: opts.schedule === 'draft' ? 'DRAFT' : 'PUBLISHED',
      visibility: 'PUBLIC',
      mode: 'ONLINE',
      meetingUrl: 'https://meet.example/x',
    } as any)
  }
  await m.flush()
  return { user, tenant: t, schedule }
}

describe('featured coaches', () => {
  test('only coaches with a photo, a headline and a published workshop date still ahead', async () => {
    const good = await coach({})
    const noPhoto = await coach({ photo: false })
    const noHeadline = await coach({ headline: null })
    const blankHeadline = await coach({ headline: '   ' })
    const draftOnly = await coach({ schedule: 'draft' })
    const endedOnly = await coach({ schedule: 'ended' })
    const noWorkshop = await coach({ schedule: null })
    const ids = (await featuredCoaches(em(), 1000)).map((c) => c.id)
    expect(ids).toContain(good.user.id)
    for (const c of [noPhoto, noHeadline, blankHeadline, draftOnly, endedOnly, noWorkshop]) expect(ids).not.toContain(c.user.id)
  })
})

describe('cards of a workshop without a picture', () => {
  test('the marketplace and the home draw its generated cover, not an empty block', async () => {
    const c = await coach({ image: null })
    const list = await (await fetch(`${app().url}/workshops?q=${encodeURIComponent(`Featured ${c.user.username!.slice(2)}`)}`)).text()
    const card = /<li[^>]*data-testid="schedule-card"[\s\S]*?<\/li>/.exec(list)?.[0] ?? ''
    expect(card).toContain(`Featured ${c.user.username!.slice(2)}`)
    expect(card).toMatch(/<svg viewBox="0 0 640 400" aria-hidden="true"/)
    // The home uses the same card.
    const ttl = homeMemo.ttlMs
    homeMemo.ttlMs = 0
    const home = await (await fetch(`${app().url}/`).finally(() => (homeMemo.ttlMs = ttl))).text()
    const section = /<section id="workshops"[\s\S]*?<\/section>/.exec(home)?.[0] ?? ''
    expect(section).toContain('data-testid="schedule-card"')
    for (const li of section.match(/<li[^>]*data-testid="schedule-card"[\s\S]*?<\/li>/g) ?? []) expect(li).toMatch(/<img |<svg viewBox="0 0 640 400"/)
  })
})

describe('the team page', () => {
  test('members apart from clients who only book; no Remove for a client; the team ID in words', async () => {
    const t = await tenant()
    const m = em()
    const mk = (email: string, accountRoles: string[], teamRoles: string[]) => {
      const u = m.create(User, {
        email,
        username: email.split('@')[0]!.replace(/\W/g, '').slice(0, 20),
        roles: accountRoles,
        status: 'active',
        emailVerifiedAt: new Date(),
        profile: { firstName: email.split('@')[0], lastName: 'Person' },
        defaultTenantSlug: t.slug,
      } as any)
      m.create(Membership, { tenant: t.id, user: u, status: 'ACTIVE', roles: teamRoles } as any)
      return u
    }
    const id = uid()
    const manager = mk(`mgr${id}@test.example`, ['coach'], ['manager', 'coach'])
    mk(`cli${id}@test.example`, [], [])
    mk(`coa${id}@test.example`, ['coach'], [])
    await m.flush()
    const cookie = await sessionCookies(manager)
    const html = await (await fetch(`${app().url}/c/team`, { headers: { cookie } })).text()
    const section = (label: string) => new RegExp(`<section[^>]*aria-labelledby="${label}"[\\s\\S]*?</section>`).exec(html)?.[0] ?? ''
    const members = section('team-members')
    const clients = section('team-clients')
    expect(members).toContain(`mgr${id}@test.example`)
    expect(members).toContain(`coa${id}@test.example`)
    expect(members).not.toContain(`cli${id}@test.example`)
    expect(clients).toContain('Clients with access')
    expect(clients).toContain(`cli${id}@test.example`)
    expect(clients).not.toContain('aria-label="Remove')
    expect(clients).toContain('Give a role')
    expect(members).toContain('aria-label="Remove')

    const settings = await (await fetch(`${app().url}/c/settings`, { headers: { cookie } })).text()
    expect(settings).toContain('Team ID')
    expect(settings).toContain('Developers using the API send it as the X-Team header.')
    expect(settings).not.toContain('the X-Team value for the API')
  })
})
