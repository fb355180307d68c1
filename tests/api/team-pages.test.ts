/**
 * The coach area follows the current team: a coach of two teams sees only the current team's
 * workshops, bookings and counts on every page and list table, another team's workshop is the
 * in-area 404, and switching (the user's defaultTenantSlug) changes all of it at once. The
 * team's own pages and tables answer by role: members.view, members.manage, vouchers.manage.
 */
import { beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { Membership, type Tenant } from '../../src/modules/tenants/tenant.entity'
import { type Actor, actor, em, tenant } from '../client'
import { makeSchedule } from './bookings.fixtures'
import { pageClient } from './coach.fixtures'

setDefaultTimeout(60_000)

beforeAll(async () => {
  const { buildAssets } = await import('../../src/platform/assets/assets')
  await buildAssets()
}, 180_000)

async function join(t: Tenant, a: Actor, roles: string[]) {
  const m = em()
  const existing = await m.findOne(Membership, { tenant: t.id, user: a.user.id })
  if (existing) existing.roles = roles
  else m.create(Membership, { tenant: t.id, user: a.user.id, status: 'ACTIVE', roles } as any)
  await m.flush()
}

describe('the coach area shows the current team only', () => {
  test('pages, list tables and the shell follow the switch; another team’s workshop is 404', async () => {
    const a = await tenant({ plan: 'free' })
    const b = await tenant({ plan: 'pro' })
    const coach = await actor({ roles: ['coach'], tenant: a })
    await join(a, coach, ['manager', 'coach'])
    await join(b, coach, ['coach'])
    const inA = await makeSchedule({ tenant: a, coach })
    const inB = await makeSchedule({ tenant: b, coach })
    const page = await pageClient(coach.user)
    await page.csrfCookie()

    const workshops = await page.get('/c/workshops')
    expect(workshops.status).toBe(200)
    expect(workshops.body).toContain(inA.workshop.title)
    expect(workshops.body).not.toContain(inB.workshop.title)
    // The shell: the switcher lists both teams, the current one first in its label.
    expect(workshops.body).toContain(a.name)
    expect(workshops.body).toContain(b.name)
    expect((await page.get(`/c/workshops/${inB.workshop.id}`)).status).toBe(404)
    let table = await page.get('/v1/tables/coach-workshops')
    expect(table.body.rows.map((r: any) => r.id)).toEqual([inA.workshop.id])
    const dash = await page.get('/c')
    expect(dash.body).toContain(inA.workshop.title)
    expect(dash.body).not.toContain(inB.workshop.title)

    const sw = await page.post('/v1/t/switch', { slug: b.slug })
    expect(sw.status).toBe(200)
    const after = await page.get('/c/workshops')
    expect(after.body).toContain(inB.workshop.title)
    expect(after.body).not.toContain(inA.workshop.title)
    expect((await page.get(`/c/workshops/${inB.workshop.id}`)).status).toBe(200)
    expect((await page.get(`/c/workshops/${inA.workshop.id}`)).status).toBe(404)
    table = await page.get('/v1/tables/coach-workshops')
    expect(table.body.rows.map((r: any) => r.id)).toEqual([inB.workshop.id])
    // In b the coach is no manager: no invitations table, the members read-only.
    expect((await page.get('/v1/tables/team-invitations')).status).toBe(403)
    expect((await page.get('/v1/tables/team-members')).status).toBe(200)
    const team = await page.get('/c/team')
    expect(team.body).not.toContain('Invite member')
    // The settings page counts b's plan (pro): one published schedule.
    const settings = await page.get('/c/settings')
    expect(settings.body).toContain('1 of 50 published schedules')
  })

  test('team pages by role: a manager manages; a plain coach reads the members only; without a team the pages say so', async () => {
    const t = await tenant()
    const manager = await actor({ roles: ['coach'], tenant: t })
    await join(t, manager, ['manager'])
    const coach = await actor({ roles: ['coach'], tenant: t })
    await join(t, coach, ['coach'])
    const mp = await pageClient(manager.user)
    const managerTeam = await mp.get('/c/team')
    expect(managerTeam.body).toContain('Invite member')
    for (const href of ['/c/team', '/c/vouchers', '/c/settings']) expect(managerTeam.body).toContain(`href="${href}"`)
    expect((await mp.get('/v1/tables/team-invitations')).status).toBe(200)
    expect((await mp.get('/v1/tables/vouchers')).status).toBe(200)

    const cp = await pageClient(coach.user)
    const coachTeam = await cp.get('/c/team')
    expect(coachTeam.body).toContain(manager.user.email)
    expect(coachTeam.body).not.toContain('Invite member')
    expect(coachTeam.body).toContain('Only the team’s managers invite, change roles and remove members.')
    expect((await cp.get('/v1/tables/team-invitations')).status).toBe(403)
    // A plain coach renames nothing: the settings page shows the name as text.
    const settings = await cp.get('/c/settings')
    expect(settings.body).toContain('data-testid="team-name-value"')
    expect(settings.body).not.toContain('data-island="team-settings"')

    // No team at all: the pages say so; team tables are refused, the coach's own are empty.
    const loner = await actor({ roles: ['coach'] })
    const lp = await pageClient(loner.user)
    const page = await lp.get('/c/team')
    expect(page.status).toBe(200)
    expect(page.body).toContain('No team selected')
    expect(page.body).not.toContain('href="/c/team"')
    expect((await lp.get('/v1/tables/team-members')).status).toBe(400)
    expect((await lp.get('/v1/tables/coach-workshops')).body.rows).toEqual([])
  })
})
