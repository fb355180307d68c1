/**
 * A team run in the product: switching the current team, members and their roles, the rule
 * that a team keeps a manager (also under parallel requests), invitations by email (a link
 * works once, also when 30 accepts race), team isolation (404) and permissions (403), and the
 * settings page's plan limits.
 */
import { afterEach, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { Membership, type Tenant } from '../../src/modules/tenants/tenant.entity'
import { User } from '../../src/modules/users/user.entity'
import { clock } from '../../src/platform/clock'
import { type Actor, actor, Client, em, tenant, uid } from '../client'
import { extractLink, waitForNewMail } from '../mail'
import { reauthenticate } from '../reauth'
import { makeSchedule } from './bookings.fixtures'

setDefaultTimeout(60_000)
afterEach(() => clock.reset())

/** A member of `t` with team roles (and account roles). */
async function member(t: Tenant, roles: string[], accountRoles: string[] = ['coach']) {
  const a = await actor({ roles: accountRoles, tenant: t })
  await em().nativeUpdate(Membership, { tenant: t.id, user: a.user.id }, { roles })
  // Managers give and take roles and remove members: sensitive actions, after a fresh second check.
  if (roles.includes('manager')) await reauthenticate(a)
  return a
}

/** A team with a manager, a plain coach and a client member. */
async function teamOf() {
  const t = await tenant({ plan: 'free' })
  const manager = await member(t, ['manager', 'coach'])
  const coach = await member(t, ['coach'])
  const client = await member(t, [], [])
  return { t, manager, coach, client }
}

const membershipOf = async (t: Tenant, a: Actor) => (await em().findOne(Membership, { tenant: t.id, user: a.user.id }, { filters: false }))!
const tokenOf = (url: string) => url.split('/invitations/team/')[1]

describe('the current team', () => {
  test('a member of two teams switches between them; pages and the API follow; another team is 404', async () => {
    const a = await tenant()
    const b = await tenant()
    const maya = await member(a, ['manager', 'coach'])
    const m = em()
    m.create(Membership, { tenant: b.id, user: maya.user.id, status: 'ACTIVE', roles: ['coach'] } as any)
    await m.flush()
    const c = maya.client
    expect((await c.get('/v1/t')).body.data.slug).toBe(a.slug)
    const mine = await c.get('/v1/t/teams')
    expect(mine.status).toBe(200)
    expect(mine.body.data.teams.map((x: any) => x.slug).sort()).toEqual([a.slug, b.slug].sort())
    expect(mine.body.data.current.slug).toBe(a.slug)

    const sw = await c.post('/v1/t/switch', { slug: b.slug.toUpperCase() })
    expect(sw.status).toBe(200)
    expect(sw.body.data).toEqual({ slug: b.slug, name: b.name, roles: ['coach'] })
    expect((await c.get('/v1/t')).body.data.slug).toBe(b.slug)
    expect((await em().findOne(User, { id: maya.user.id }))!.defaultTenantSlug).toBe(b.slug)
    // In b she is a plain coach: no team management there.
    expect((await c.get('/v1/t/invitations')).status).toBe(403)

    const stranger = await tenant()
    expect((await c.post('/v1/t/switch', { slug: stranger.slug })).status).toBe(404)
    expect((await c.post('/v1/t/switch', { slug: 'x' })).status).toBe(422)
    expect((await new Client().post('/v1/t/switch', { slug: a.slug })).status).toBe(401)
    // A suspended membership is no way in.
    await em().nativeUpdate(Membership, { tenant: a.id, user: maya.user.id }, { status: 'SUSPENDED' })
    expect((await c.post('/v1/t/switch', { slug: a.slug })).status).toBe(404)
  })
})

describe('members', () => {
  test('members.view reads the team; clients 403; another team 404; filters and sorting', async () => {
    const { t, manager, coach, client } = await teamOf()
    const list = await manager.client.get('/v1/t/members?sort=joined')
    expect(list.status).toBe(200)
    expect(list.body.meta.total).toBe(3)
    expect(list.body.data.map((x: any) => x.userId)).toEqual([manager.user.id, coach.user.id, client.user.id])
    expect(list.body.data[0]).toMatchObject({ roles: ['manager', 'coach'], accountRoles: ['coach'], status: 'ACTIVE', manager: true })
    expect(list.body.data[1].manager).toBe(false)
    // A plain coach reads the team (read-only).
    expect((await coach.client.get('/v1/t/members')).status).toBe(200)
    expect((await coach.client.get('/v1/t/members?filter[role]=manager')).body.data.map((x: any) => x.userId)).toEqual([manager.user.id])
    expect((await coach.client.get(`/v1/t/members?q=${encodeURIComponent(client.user.email)}`)).body.data.length).toBe(1)
    // A member without members.view.
    expect((await client.client.get('/v1/t/members')).status).toBe(403)
    // Another team's manager, with X-Team of this team: not a member, so the team is not found.
    const other = await teamOf()
    expect((await other.manager.client.withTeam(t.slug).get('/v1/t/members')).status).toBe(404)
    expect((await new Client().get('/v1/t/members')).status).toBe(401)
    expect((await manager.client.get('/v1/t/members?sort=secret')).status).toBe(422)
  })

  test('change roles: managers only (403), team roles only (422), another team’s member 404', async () => {
    const { t, manager, coach } = await teamOf()
    const m = await membershipOf(t, coach)
    const roles = await manager.client.get('/v1/t/roles')
    expect(roles.body.data.map((r: any) => r.name)).toEqual(expect.arrayContaining(['coach', 'manager']))
    expect(roles.body.data.map((r: any) => r.name)).not.toContain('super-admin')

    expect((await coach.client.patch(`/v1/t/members/${m.id}`, { roles: ['manager'] })).status).toBe(403)
    let r = await manager.client.patch(`/v1/t/members/${m.id}`, { roles: ['super-admin'] })
    expect(r.status).toBe(422)
    expect(r.body.errors.roles[0]).toContain('This role cannot be given in a team')
    r = await manager.client.patch(`/v1/t/members/${m.id}`, { roles: ['client'] })
    expect(r.status).toBe(422)
    r = await manager.client.patch(`/v1/t/members/${m.id}`, { roles: Array.from({ length: 11 }, (_, i) => `r${i}`) })
    expect(r.status).toBe(422)
    expect(r.body.errors.roles).toEqual(['A member can have at most 10 roles'])
    r = await manager.client.patch(`/v1/t/members/${m.id}`, { status: 'PENDING' })
    expect(r.body.errors.status).toEqual(['Please select a valid status'])

    r = await manager.client.patch(`/v1/t/members/${m.id}`, { roles: ['coach', 'manager', 'coach'] })
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({ roles: ['coach', 'manager'], manager: true })
    // Now a manager, the coach may manage too.
    expect((await coach.client.get('/v1/t/invitations')).status).toBe(200)

    // Tenant isolation: a member id of another team is not found, whatever the body.
    const other = await teamOf()
    const foreign = await membershipOf(other.t, other.coach)
    expect((await manager.client.patch(`/v1/t/members/${foreign.id}`, { roles: 1 })).status).toBe(404)
    expect((await manager.client.delete(`/v1/t/members/${foreign.id}`)).status).toBe(404)
    expect((await manager.client.patch('/v1/t/members/not-an-id', { roles: [] })).status).toBe(404)
    expect((await membershipOf(other.t, other.coach)).roles).toEqual(['coach'])
  })

  test('the last manager cannot be demoted, suspended or removed (409); a removed member’s default team moves', async () => {
    const { t, manager, coach } = await teamOf()
    const mine = await membershipOf(t, manager)
    const msg = 'A team needs at least one manager: make another member a manager first.'
    let r = await manager.client.patch(`/v1/t/members/${mine.id}`, { roles: ['coach'] })
    expect(r.status).toBe(409)
    expect(r.body.message).toBe(msg)
    r = await manager.client.patch(`/v1/t/members/${mine.id}`, { status: 'SUSPENDED' })
    expect(r.status).toBe(409)
    r = await manager.client.delete(`/v1/t/members/${mine.id}`)
    expect(r.status).toBe(409)
    expect(r.body.message).toBe(msg)
    expect((await membershipOf(t, manager)).roles).toEqual(['manager', 'coach'])

    // With a second manager, the first may step down.
    const theirs = await membershipOf(t, coach)
    expect((await manager.client.patch(`/v1/t/members/${theirs.id}`, { roles: ['manager'] })).status).toBe(200)
    expect((await manager.client.patch(`/v1/t/members/${mine.id}`, { roles: ['coach'] })).status).toBe(200)

    // Removing a member: gone from the team, and their current team moves to another of theirs.
    const elsewhere = await tenant()
    const leaver = await member(t, ['coach'])
    const m = em()
    m.create(Membership, { tenant: elsewhere.id, user: leaver.user.id, status: 'ACTIVE', roles: [] } as any)
    await m.flush()
    const lm = await membershipOf(t, leaver)
    // The new manager removes a member: a sensitive action, after their own second check.
    expect((await coach.client.delete(`/v1/t/members/${lm.id}`)).body.code).toBe('reauthentication_required')
    await reauthenticate(coach)
    expect((await coach.client.delete(`/v1/t/members/${lm.id}`)).status).toBe(204)
    expect(await em().count(Membership, { tenant: t.id, user: leaver.user.id })).toBe(0)
    expect((await em().findOne(User, { id: leaver.user.id }))!.defaultTenantSlug).toBe(elsewhere.slug)
    expect((await leaver.client.get('/v1/t')).body.data.slug).toBe(elsewhere.slug)
  })

  test('two managers demoting each other at once: exactly one succeeds', async () => {
    for (let round = 0; round < 3; round++) {
      const t = await tenant()
      const a = await member(t, ['manager'])
      const b = await member(t, ['manager'])
      const [ma, mb] = [await membershipOf(t, a), await membershipOf(t, b)]
      const results = await Promise.all([
        a.client.patch(`/v1/t/members/${mb.id}`, { roles: ['coach'] }),
        b.client.patch(`/v1/t/members/${ma.id}`, { roles: ['coach'] }),
        a.client.delete(`/v1/t/members/${mb.id}`),
        b.client.delete(`/v1/t/members/${ma.id}`),
      ])
      const [managers] = await em().execute(`select count(*)::int as n from memberships where tenant_id = ? and status = 'ACTIVE' and 'manager' = any(roles)`, [
        t.id,
      ])
      expect(managers.n).toBe(1)
      // Whichever runs first wins; the others are refused (409 last manager) or no longer allowed
      // (403, 404), or come from a manager already removed: their current team went with the
      // membership, so they have no team to act in (400 "No team selected").
      // (Any other answer is named with its body, so a failure says which request and why.)
      const removed = (r: (typeof results)[number]) => r.status === 400 && /^No team selected/.test(r.body?.message ?? '')
      expect(results.filter((r) => ![200, 204, 403, 404, 409].includes(r.status) && !removed(r)).map((r) => ({ status: r.status, body: r.body }))).toEqual([])
    }
  })
})

describe('invitations', () => {
  test('invite by email, the link mails once; accept joins with the roles; the link works once', async () => {
    const { t, manager, coach } = await teamOf()
    const email = `new-${uid()}@Test.example`
    const mail = waitForNewMail(email.toLowerCase(), (m) => m.subject.includes(t.name))
    const inv = await manager.client.post('/v1/t/invitations', { email, roles: ['coach'] })
    expect(inv.status).toBe(201)
    expect(inv.body.data).toMatchObject({ email: email.toLowerCase(), roles: ['coach'], status: 'PENDING' })
    const link = extractLink(await mail, '/invitations/team/')
    expect(link).toBe(inv.body.data.url)
    const token = tokenOf(link)

    // The same address twice, a member's address, a bad address, an unknown role: 422.
    let r = await manager.client.post('/v1/t/invitations', { email })
    expect(r.status).toBe(422)
    expect(r.body.errors.email).toEqual(['An invitation to this address is already waiting: resend it instead.'])
    r = await manager.client.post('/v1/t/invitations', { email: coach.user.email })
    expect(r.body.errors.email).toEqual(['This person is already a member of the team.'])
    r = await manager.client.post('/v1/t/invitations', { email: 'nope' })
    expect(r.body.errors.email).toEqual(['Please enter a valid email address'])
    r = await manager.client.post('/v1/t/invitations', { email: `x-${uid()}@test.example`, roles: [] })
    expect(r.body.errors.roles).toEqual(['Please choose at least one role'])
    r = await manager.client.post('/v1/t/invitations', { email: `x-${uid()}@test.example`, roles: ['users-admin'] })
    expect(r.status).toBe(422)
    // A plain coach may not invite (403 before the body is read).
    expect((await coach.client.post('/v1/t/invitations', { email: 1 })).status).toBe(403)

    // The public link: what it offers.
    const shown = await new Client().get(`/v1/team-invitations/${token}`)
    expect(shown.status).toBe(200)
    expect(shown.body.data).toMatchObject({ team: { name: t.name, slug: t.slug }, email: email.toLowerCase(), roles: ['coach'], status: 'PENDING' })
    expect((await new Client().get('/v1/team-invitations/unknown-token-xxxxxxxx')).status).toBe(404)

    // Accepting needs a sign-in, with the invited address.
    expect((await new Client().post('/v1/team-invitations/accept', { token })).status).toBe(401)
    const wrong = await actor()
    r = await wrong.client.post('/v1/team-invitations/accept', { token })
    expect(r.status).toBe(403)
    expect(r.body.message).toContain('sign in with that address')
    const invitee = await actor({ email: email.toLowerCase(), roles: [] })
    r = await invitee.client.post('/v1/team-invitations/accept', { token })
    expect(r.status).toBe(200)
    expect(r.body.data).toEqual({ team: { slug: t.slug, name: t.name }, roles: ['coach'] })
    const joined = await membershipOf(t, invitee)
    expect(joined).toMatchObject({ status: 'ACTIVE', roles: ['coach'] })
    const u = (await em().findOne(User, { id: invitee.user.id }))!
    expect(u.roles).toContain('coach')
    expect(u.defaultTenantSlug).toBe(t.slug)
    // Used: a second accept is a 409, and the list shows the new member.
    r = await invitee.client.post('/v1/team-invitations/accept', { token })
    expect(r.status).toBe(409)
    expect(r.body.message).toBe('This invitation has already been accepted.')
    const members = await manager.client.get(`/v1/t/members?q=${encodeURIComponent(email.toLowerCase())}`)
    expect(members.body.data.map((x: any) => x.userId)).toEqual([invitee.user.id])
    expect((await manager.client.get('/v1/t/invitations?filter[status]=ACCEPTED')).body.data.map((x: any) => x.email)).toEqual([email.toLowerCase()])
  })

  test('30 parallel accepts of one link: one joins; 30 parallel invites of one address: one is sent', async () => {
    const { t, manager } = await teamOf()
    const email = `race-${uid()}@test.example`
    const inv = await manager.client.post('/v1/t/invitations', { email, roles: ['manager'] })
    const token = tokenOf(inv.body.data.url)
    const invitee = await actor({ email })
    const answers = await Promise.all(Array.from({ length: 30 }, () => invitee.client.post('/v1/team-invitations/accept', { token })))
    expect(answers.filter((r) => r.status === 200).length).toBe(1)
    expect(answers.filter((r) => r.status === 409).length).toBe(29)
    expect(await em().count(Membership, { tenant: t.id, user: invitee.user.id })).toBe(1)
    expect((await membershipOf(t, invitee)).roles).toEqual(['manager'])

    const other = `burst-${uid()}@test.example`
    const sent = await Promise.all(Array.from({ length: 30 }, () => manager.client.post('/v1/t/invitations', { email: other })))
    expect(sent.filter((r) => r.status === 201).length).toBe(1)
    expect(sent.filter((r) => r.status === 422).length).toBe(29)
    const [n] = await em().execute(`select count(*)::int as n from team_invitations where tenant_id = ? and email = ?`, [t.id, other])
    expect(n.n).toBe(1)
  })

  test('resend gives a new link (the old one stops working); revoke closes it; decline; expiry', async () => {
    const { t, manager } = await teamOf()
    const email = `again-${uid()}@test.example`
    const firstMail = waitForNewMail(email, (m) => m.subject.includes(t.name))
    const first = await manager.client.post('/v1/t/invitations', { email })
    const id = first.body.data.id
    const oldToken = tokenOf(first.body.data.url)
    expect(extractLink(await firstMail, '/invitations/team/')).toBe(first.body.data.url)
    const mail = waitForNewMail(email, (m) => m.subject.includes(t.name))
    const again = await manager.client.post(`/v1/t/invitations/${id}/resend`)
    expect(again.status).toBe(200)
    const newToken = tokenOf(extractLink(await mail, '/invitations/team/'))
    expect(newToken).toBe(tokenOf(again.body.data.url))
    expect(newToken).not.toBe(oldToken)
    expect((await new Client().get(`/v1/team-invitations/${oldToken}`)).status).toBe(404)

    // Revoke: the link answers "withdrawn"; revoking twice is a 409.
    expect((await manager.client.post(`/v1/t/invitations/${id}/revoke`)).body.data.status).toBe('REVOKED')
    const invitee = await actor({ email })
    let r = await invitee.client.post('/v1/team-invitations/accept', { token: newToken })
    expect(r.status).toBe(409)
    expect(r.body.message).toBe('This invitation was withdrawn by the team.')
    expect((await manager.client.post(`/v1/t/invitations/${id}/revoke`)).status).toBe(409)
    expect((await manager.client.post(`/v1/t/invitations/${id}/resend`)).status).toBe(409)

    // Decline without signing in; a declined invitation may be sent again.
    const second = await manager.client.post('/v1/t/invitations', { email })
    expect(second.status).toBe(201)
    r = await new Client().post('/v1/team-invitations/decline', { token: tokenOf(second.body.data.url) })
    expect(r.status).toBe(200)
    expect(r.body.data.status).toBe('DECLINED')

    // Expiry after 7 days: the link says so; a resend opens it again.
    const third = await manager.client.post(`/v1/t/invitations/${second.body.data.id}/resend`)
    expect(third.status).toBe(200)
    clock.shift(8 * 86_400_000)
    r = await invitee.client.post('/v1/team-invitations/accept', { token: tokenOf(third.body.data.url) })
    expect(r.status).toBe(409)
    expect(r.body.message).toBe('This invitation has expired. Ask the team to send a new one.')
    expect((await manager.client.get('/v1/t/invitations')).body.data.map((x: any) => [x.email, x.status])).toEqual([[email, 'EXPIRED']])
    // A new invitation to an address whose last one ran out is fine.
    expect((await manager.client.post('/v1/t/invitations', { email })).status).toBe(201)

    // Another team's invitation is 404 to this team's manager.
    const other = await teamOf()
    expect((await other.manager.client.post(`/v1/t/invitations/${id}/resend`)).status).toBe(404)
    expect((await other.manager.client.post(`/v1/t/invitations/${id}/revoke`)).status).toBe(404)
  })
})

describe('settings', () => {
  test('name, slug, currency, plan and its limits in use; a manager renames the team, a coach may not', async () => {
    const { t, manager, coach, client } = await teamOf()
    await makeSchedule({ tenant: t, coach: manager, status: 'PUBLISHED' })
    await makeSchedule({ tenant: t, coach: manager, status: 'PUBLISHED' })
    await makeSchedule({ tenant: t, coach: manager, status: 'DRAFT' })
    const r = await coach.client.get('/v1/t/settings')
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({
      name: t.name,
      slug: t.slug,
      currency: 'usd',
      plan: 'free',
      members: 3,
      limits: { publishedSchedules: { used: 2, max: 3 }, openJobPostings: { used: 0, max: 1 } },
    })
    expect(r.body.data.plans.map((p: any) => p.plan)).toEqual(['free', 'pro', 'enterprise'])
    expect((await client.client.get('/v1/t/settings')).status).toBe(200)
    expect((await coach.client.patch('/v1/t', { name: 'Mine now' })).status).toBe(403)
    const bad = await manager.client.patch('/v1/t', { name: '  ' })
    expect(bad.body.errors.name).toEqual(['Tenant name is required'])
    const ok = await manager.client.patch('/v1/t', { name: 'Renamed team' })
    expect(ok.status).toBe(200)
    expect(ok.body.data.name).toBe('Renamed team')
    expect((await coach.client.get('/v1/t')).body.data.name).toBe('Renamed team')
  })
})
