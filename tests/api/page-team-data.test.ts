/**
 * The coach area's one-statement team lookup (the current team, the membership checks and the
 * user's teams together: `tenantAndTeams` of the access module) and the job postings page's one
 * plain statement (its rows, total and open count): neither shows another team's data, and a
 * change (a membership ended, a posting added or deleted) shows on the next request.
 */
import { beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { Membership, type Tenant } from '../../src/modules/tenants/tenant.entity'
import { type Actor, actor, em, tenant } from '../client'
import { makeSchedule } from './bookings.fixtures'
import { pageClient } from './coach.fixtures'
import { complete, jobWorld } from './job-postings.fixtures'

setDefaultTimeout(60_000)

beforeAll(async () => {
  const { buildAssets } = await import('../../src/platform/assets/assets')
  await buildAssets()
}, 180_000)

async function member(t: Tenant, a: Actor, roles: string[], status = 'ACTIVE') {
  const m = em()
  const existing = await m.findOne(Membership, { tenant: t.id, user: a.user.id })
  if (existing) Object.assign(existing, { roles, status })
  else m.create(Membership, { tenant: t.id, user: a.user.id, status, roles } as any)
  await m.flush()
}

/** The page's text with React's text separators (`<!-- -->`) taken out. */
const text = (body: string) => body.replaceAll('<!-- -->', '')
const plan = (body: string) => /data-testid="plan-usage"[^>]*>([^<]*)</.exec(body)?.[1]

describe('the coach area’s team, read in one statement', () => {
  test('a membership that ends hides the team at once (pages and switcher); another team the user never joined shows nothing', async () => {
    const a = await tenant()
    const b = await tenant()
    const stranger = await tenant()
    const coach = await actor({ roles: ['coach'], tenant: a })
    await member(a, coach, ['manager', 'coach'])
    await member(b, coach, ['coach'])
    const inA = await makeSchedule({ tenant: a, coach })
    const inB = await makeSchedule({ tenant: b, coach })
    const page = await pageClient(coach.user)

    let r = await page.get('/c/workshops')
    expect(r.body).toContain(inA.workshop.title)
    expect(r.body).not.toContain(inB.workshop.title)
    expect(r.body).toContain(a.name)
    expect(r.body).toContain(b.name)

    // The membership of the current team ends: on the next request no page shows a's data, and
    // the switcher lists b only.
    await member(a, coach, ['manager', 'coach'], 'SUSPENDED')
    for (const path of ['/c/workshops', '/c', '/c/job-postings']) {
      r = await page.get(path)
      expect(r.status).toBe(200)
      expect(r.body).not.toContain(inA.workshop.title)
      expect(r.body).not.toContain(inB.workshop.title)
      expect(r.body).not.toContain(a.name)
      expect(r.body).toContain(b.name)
    }
    expect(r.body).toContain('Join or select a team to post jobs.')

    // Active again: back at once.
    await member(a, coach, ['manager', 'coach'])
    r = await page.get('/c/workshops')
    expect(r.body).toContain(inA.workshop.title)
    expect(r.body).toContain(a.name)

    // A current team the user never belonged to (a stale defaultTenantSlug): nothing of it, not
    // even a workshop of this coach's own that lies in it.
    const theirs = await makeSchedule({ tenant: stranger, coach })
    const m = em()
    await m.nativeUpdate('User' as any, { id: coach.user.id }, { defaultTenantSlug: stranger.slug })
    for (const path of ['/c/workshops', '/c', '/c/job-postings']) {
      r = await page.get(path)
      expect(r.status).toBe(200)
      expect(r.body).not.toContain(theirs.workshop.title)
      expect(r.body).not.toContain(stranger.name)
      expect(r.body).not.toContain(inA.workshop.title)
    }
  })
})

describe('/c/job-postings, one statement', () => {
  test('only the current team’s postings and open count; an added or deleted posting shows on the next request; filters and paging', async () => {
    const w = await jobWorld('enterprise')
    const other = await jobWorld('enterprise')
    const mine = await w.coach.client.post('/v1/t/job-postings', complete({ title: 'Ours published', status: 'PUBLISHED' }))
    expect(mine.status).toBe(201)
    expect((await w.coach.client.post('/v1/t/job-postings', complete({ title: 'Ours draft zebra', status: 'DRAFT' }))).status).toBe(201)
    for (const title of ['Theirs published one', 'Theirs published two'])
      expect((await other.coach.client.post('/v1/t/job-postings', complete({ title, status: 'PUBLISHED' }))).status).toBe(201)

    const page = await pageClient(w.coach.user)
    let r = await page.get('/c/job-postings')
    expect(r.status).toBe(200)
    expect(r.body).toContain('Ours published')
    expect(r.body).toContain('Ours draft zebra')
    expect(r.body).not.toContain('Theirs published')
    expect(plan(r.body)).toStartWith('1 open (published) posting;')

    // Added: listed and counted at once.
    const added = await w.coach.client.post('/v1/t/job-postings', complete({ title: 'Ours added later', status: 'PUBLISHED' }))
    expect(added.status).toBe(201)
    r = await page.get('/c/job-postings')
    expect(r.body).toContain('Ours added later')
    expect(plan(r.body)).toStartWith('2 open (published) postings;')

    // Deleted (soft): gone at once, and no longer counted.
    expect((await w.coach.client.delete(`/v1/t/job-postings/${added.body.data.id}`)).status).toBeLessThan(300)
    r = await page.get('/c/job-postings')
    expect(r.body).not.toContain('Ours added later')
    expect(plan(r.body)).toStartWith('1 open (published) posting;')

    // The status tab and the text search narrow the team's own rows only.
    r = await page.get('/c/job-postings?status=DRAFT')
    expect(r.body).toContain('Ours draft zebra')
    expect(r.body).not.toContain('Ours published')
    r = await page.get('/c/job-postings?q=published')
    expect(r.body).toContain('Ours published')
    expect(r.body).not.toContain('Theirs published')
    expect(r.body).not.toContain('Ours draft zebra')

    // The other team's coach sees theirs only, counted as theirs.
    const theirs = await pageClient(other.coach.user)
    r = await theirs.get('/c/job-postings')
    expect(r.body).toContain('Theirs published one')
    expect(r.body).not.toContain('Ours published')
    expect(plan(r.body)).toStartWith('2 open (published) postings;')

    // Past the last page: no rows, and the total still known (the pager's count: 11 of ours).
    for (let i = 0; i < 9; i++)
      expect((await w.coach.client.post('/v1/t/job-postings', complete({ title: `Ours filler ${i}`, status: 'DRAFT' }))).status).toBe(201)
    r = await page.get('/c/job-postings?page=2')
    expect(text(r.body)).toContain('11 job postings')
    expect(r.body).not.toContain('Theirs published')
    r = await page.get('/c/job-postings?page=9')
    expect(r.status).toBe(200)
    expect(r.body).not.toContain('Ours published')
    expect(r.body).not.toContain('Ours filler')
    expect(text(r.body)).toContain('11 job postings')
  })
})
