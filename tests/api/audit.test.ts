/**
 * The audit log: each kind of resource a team's business is made of is recorded with the fields
 * that changed, before and after, by whom and from where, in the transaction of the change (a
 * refused change records nothing); secrets never reach it; rows cannot be changed, deleted or
 * truncated (only the retention job deletes rows past AUDIT_RETENTION_DAYS); managers read their
 * team's log with filters, nobody else's; super-admins read every team's.
 */
import { beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { Membership, type Tenant } from '../../src/modules/tenants/tenant.entity'
import { pruneAuditLog } from '../../src/platform/audit/prune'
import { type Actor, actor, Client, em, superAdmin, tenant } from '../client'
import { reauthenticate } from '../reauth'
import { makeSchedule, makeWorkshop } from './catalogue.fixtures'
import { onboard, paidWorld } from './payouts.fixtures'

setDefaultTimeout(90_000)

async function member(t: Tenant, roles: string[], accountRoles: string[] = ['coach']) {
  const a = await actor({ roles: accountRoles, tenant: t })
  await em().nativeUpdate(Membership, { tenant: t.id, user: a.user.id }, { roles })
  a.client.withTeam(t.slug)
  return a
}

/** The team's log as its manager reads it (newest first). */
async function logOf(manager: Actor, query = '') {
  const r = await manager.client.get(`/v1/t/audit?perPage=100${query}`)
  expect(r.status).toBe(200)
  return r.body.data as any[]
}
const find = (rows: any[], action: string, resourceId?: string) => rows.find((r) => r.action === action && (!resourceId || r.resourceId === resourceId))

let t: Tenant
let manager: Actor
let coach: Actor

beforeAll(async () => {
  t = await tenant()
  manager = await member(t, ['manager', 'coach'])
  coach = await member(t, ['coach'])
})

describe('what is recorded', () => {
  test('team settings: the name and refund policy before and after, by the manager, with address and request id', async () => {
    const r = await manager.client.patch('/v1/t', {
      name: 'Northwind Coaching',
      refundPolicy: { fullRefundHours: 48, partialRefundHours: 24, partialRefundPercent: 50 },
    })
    expect(r.status).toBe(200)
    const row = find(await logOf(manager, '&resource=team'), 'team.updated')
    expect(row.before).toEqual({ name: t.name, refundPolicy: null })
    expect(row.after).toEqual({ name: 'Northwind Coaching', refundPolicy: { fullRefundHours: 48, partialRefundHours: 24, partialRefundPercent: 50 } })
    expect(row.actor).toMatchObject({ id: manager.user.id, email: manager.user.email })
    expect(row).toMatchObject({ via: 'token', actorRole: null, resource: 'team', resourceId: t.id, ip: '127.0.0.1' })
    expect(row.requestId).toBe(r.headers.get('x-request-id'))
    expect(row.tenant).toMatchObject({ id: t.id, slug: t.slug, name: 'Northwind Coaching' })
  })

  test('workshops and prices, schedules, resources: created, changed (only the changed fields), deleted', async () => {
    const w = await makeWorkshop(coach, { title: 'Negotiation basics', price: 50 })
    let r = await coach.client.patch(`/v1/workshops/${w.id}`, { price: 65.5, title: 'Negotiation basics' })
    expect(r.status).toBe(200)
    const s = await makeSchedule(coach, w.id)
    r = await coach.client.patch(`/v1/workshop-schedules/${s.id}`, {
      venueName: 'Room 4',
      mode: 'HYBRID',
      addressLine1: '1 Main St',
      city: 'Leeds',
      country: 'GB',
    })
    expect(r.status).toBe(200)
    const res = await coach.client.post(`/v1/workshops/${w.id}/resources`, { title: 'Slides', type: 'link', url: 'https://slides.example/1' })
    expect(res.status).toBe(201)
    r = await coach.client.delete(`/v1/workshops/${w.id}`)
    expect(r.status).toBe(204)

    const rows = await logOf(manager)
    const created = find(rows, 'workshop.created', w.id)
    expect(created.after).toMatchObject({ title: 'Negotiation basics', price: 5000, currency: 'usd', coach: coach.user.id })
    expect(created.before).toBeNull()
    const priced = find(rows, 'workshop.updated', w.id)
    // Only what changed (the title was sent unchanged).
    expect(priced.before).toEqual({ price: 5000 })
    expect(priced.after).toEqual({ price: 6550 })
    expect(find(rows, 'workshop.deleted', w.id).after.deletedAt).toBeTruthy()
    expect(find(rows, 'schedule.created', s.id).after).toMatchObject({ workshop: w.id, mode: 'ONLINE', status: 'PUBLISHED' })
    const moved = find(rows, 'schedule.updated', s.id)
    expect(moved.before).toMatchObject({ venueName: null, mode: 'ONLINE', city: null })
    expect(moved.after).toMatchObject({ venueName: 'Room 4', mode: 'HYBRID', city: 'Leeds' })
    expect(find(rows, 'workshop_resource.created', res.body.data.id).after).toMatchObject({ title: 'Slides', type: 'link', url: 'https://slides.example/1' })
    // The coach's own changes: no operator, nobody else's behalf.
    expect(priced).toMatchObject({ actorRole: null, onBehalfOf: null, actor: { id: coach.user.id } })
  })

  test('vouchers: created, disabled; job postings: created and changed', async () => {
    const v = await coach.client.post('/v1/vouchers', { code: 'AUDIT20', data: { discountType: 'percentage', discountValue: 20 } })
    expect(v.status).toBe(201)
    expect((await coach.client.patch(`/v1/vouchers/${v.body.data.id}`, { disabled: true })).status).toBe(200)
    const j = await coach.client.post('/v1/t/job-postings', { title: 'Office manager' })
    expect(j.status).toBe(201)
    expect((await coach.client.patch(`/v1/t/job-postings/${j.body.data.id}`, { location: 'Leeds' })).status).toBe(200)
    const rows = await logOf(manager)
    expect(find(rows, 'voucher.created', v.body.data.id).after).toMatchObject({ code: 'AUDIT20', data: { discountType: 'percentage', discountValue: 20 } })
    const off = find(rows, 'voucher.updated', v.body.data.id)
    expect(off.before).toEqual({ disabledAt: null })
    expect(off.after.disabledAt).toBeTruthy()
    expect(find(rows, 'job_posting.created', j.body.data.id).after).toMatchObject({ title: 'Office manager', status: 'DRAFT' })
    expect(find(rows, 'job_posting.updated', j.body.data.id)).toMatchObject({ before: { location: null }, after: { location: 'Leeds' } })
  })

  test('members and roles, invitations (never their token): invited, withdrawn, accepted; roles changed; removed', async () => {
    const invited = `joiner-${Date.now()}@test.example`
    let r = await manager.client.post('/v1/t/invitations', { email: invited, roles: ['coach'] })
    expect(r.status).toBe(201)
    const invitationId = r.body.data.id
    const link: string = r.body.data.url
    r = await manager.client.post('/v1/t/invitations', { email: `other-${Date.now()}@test.example` })
    expect((await manager.client.post(`/v1/t/invitations/${r.body.data.id}/revoke`)).status).toBe(200)
    const joiner = await actor({ email: invited })
    const token = link.split('/invitations/team/')[1]
    expect((await joiner.client.post('/v1/team-invitations/accept', { token })).status).toBe(200)
    const m = (await em().findOne(Membership, { tenant: t.id, user: joiner.user.id }))!

    await reauthenticate(manager)
    expect((await manager.client.patch(`/v1/t/members/${m.id}`, { roles: ['coach', 'manager'] })).status).toBe(200)
    expect((await manager.client.delete(`/v1/t/members/${m.id}`)).status).toBe(204)

    const rows = await logOf(manager)
    const made = find(rows, 'invitation.created', invitationId)
    expect(made.after).toMatchObject({ email: invited, roles: ['coach'], status: 'PENDING', inviter: manager.user.id })
    expect(JSON.stringify(made)).not.toContain('tokenHash')
    expect(JSON.stringify(rows)).not.toContain(token)
    expect(find(rows, 'invitation.revoked')).toMatchObject({ before: { status: 'PENDING' }, after: { status: 'REVOKED' } })
    expect(find(rows, 'invitation.accepted', invitationId)).toMatchObject({ actor: { id: joiner.user.id }, after: { status: 'ACCEPTED' } })
    expect(find(rows, 'member.added', m.id).after).toMatchObject({ user: joiner.user.id, status: 'ACTIVE', roles: ['coach'] })
    expect(find(rows, 'member.roles_changed', m.id)).toMatchObject({ before: { roles: ['coach'] }, after: { roles: ['coach', 'manager'] } })
    expect(find(rows, 'member.removed', m.id).before).toMatchObject({ roles: ['coach', 'manager'], status: 'ACTIVE', user: joiner.user.id })
  })

  test('a refused change records nothing: the last manager cannot be removed, and no row says otherwise', async () => {
    const solo = await tenant()
    const boss = await member(solo, ['manager', 'coach'])
    const mine = (await em().findOne(Membership, { tenant: solo.id, user: boss.user.id }))!
    await reauthenticate(boss)
    const r = await boss.client.patch(`/v1/t/members/${mine.id}`, { roles: ['coach'] })
    expect(r.status).toBe(409)
    expect((await logOf(boss, '&resource=member')).filter((x) => x.action !== 'member.added')).toEqual([])
  })

  test("a coach's cancellation and refund, and the payout account linked: in the team's log", async () => {
    const w = await paidWorld(8000)
    const boss = await member(w.tenant, ['manager'], ['coach'])
    w.coach.client.withTeam(w.tenant.slug)
    await reauthenticate(w.coach)
    const c = await w.coach.client.post(`/v1/bookings/${w.bookingId}/cancel`, { reason: 'The venue flooded' })
    expect(c.status).toBe(200)
    await onboard(w.coach)
    const rows = await logOf(boss)
    const cancelled = find(rows, 'booking.cancelled', w.bookingId)
    expect(cancelled).toMatchObject({
      actor: { id: w.coach.user.id },
      before: { status: 'CONFIRMED', refundAmount: null },
      after: { status: 'CANCELLED', cancellationReason: 'The venue flooded', refundAmount: 8000, currency: 'usd' },
    })
    const linked = find(rows, 'payout_account.created')
    expect(linked.after.stripeAccountId).toMatch(/^acct_/)
    expect(find(rows, 'payout_account.onboarding_link')).toMatchObject({ actor: { id: w.coach.user.id }, after: { kind: 'onboarding' } })
  })

  test("a super-admin's change is marked as an operator's, on behalf of the coach whose workshop it is", async () => {
    const w = await makeWorkshop(coach, { title: 'Pricing clinic', price: 20 })
    const admin = await superAdmin()
    admin.client.withTeam(t.slug)
    expect((await admin.client.patch(`/v1/workshops/${w.id}`, { price: 25 })).status).toBe(200)
    const row = find(await logOf(manager, '&action=workshop.updated'), 'workshop.updated', w.id)
    expect(row).toMatchObject({
      actor: { id: admin.user.id },
      actorRole: 'super-admin',
      onBehalfOf: { id: coach.user.id },
      before: { price: 2000 },
      after: { price: 2500 },
    })
  })
})

describe('append-only', () => {
  test('no UPDATE, DELETE or TRUNCATE gets through; the retention job deletes only rows past the retention period', async () => {
    const conn = em().getConnection()
    const [row] = await conn.execute(`select id from audit_log where tenant_id = ? limit 1`, [t.id])
    await expect(conn.execute(`update audit_log set action = 'x' where id = ?`, [row.id])).rejects.toThrow(/cannot be changed or deleted/)
    await expect(conn.execute(`delete from audit_log where id = ?`, [row.id])).rejects.toThrow(/cannot be changed or deleted/)
    await expect(conn.execute(`truncate audit_log`)).rejects.toThrow(/cannot be changed or deleted/)
    // The job's own permission covers only what is past the cutoff it names.
    await expect(
      em().transactional(async (tem) => {
        await tem.execute(`select set_config('summit.audit_prune_before', ?, true)`, [new Date(Date.now() - 86_400_000).toISOString()])
        await tem.execute(`delete from audit_log where id = ?`, [row.id])
      }),
    ).rejects.toThrow(/cannot be changed or deleted/)

    const old = Bun.randomUUIDv7()
    await conn.execute(
      `insert into audit_log (id, created_at, tenant_id, via, action, resource) values (?, now() - interval '731 days', ?, 'system', 'team.updated', 'team')`,
      [old, t.id],
    )
    const removed = await pruneAuditLog(em())
    expect(removed).toBeGreaterThanOrEqual(1)
    expect(await conn.execute(`select 1 from audit_log where id = ?`, [old])).toHaveLength(0)
    expect(await conn.execute(`select 1 from audit_log where id = ?`, [row.id])).toHaveLength(1)
  })
})

describe('reading the log', () => {
  test('filters: resource, action (exact or a whole resource), actor (id or email), from and to; newest first; paged', async () => {
    const all = await logOf(manager)
    expect(all.length).toBeGreaterThan(5)
    const times = all.map((r) => new Date(r.at).getTime())
    expect([...times].sort((a, b) => b - a)).toEqual(times)
    for (const r of await logOf(manager, '&resource=voucher')) expect(r.resource).toBe('voucher')
    expect((await logOf(manager, '&action=workshop.deleted')).every((r) => r.action === 'workshop.deleted')).toBe(true)
    expect((await logOf(manager, '&action=member')).every((r) => r.resource === 'member')).toBe(true)
    const byCoach = await logOf(manager, `&actor=${encodeURIComponent(coach.user.email)}`)
    expect(byCoach.length).toBeGreaterThan(0)
    expect(byCoach.every((r) => r.actor?.id === coach.user.id)).toBe(true)
    expect(await logOf(manager, `&actor=${coach.user.id}`)).toEqual(byCoach)
    expect(await logOf(manager, '&actor=nobody@test.example')).toEqual([])
    const today = new Date().toISOString().slice(0, 10)
    expect((await logOf(manager, `&from=${today}&to=${today}`)).length).toBe(all.length)
    expect(await logOf(manager, '&to=2020-01-01')).toEqual([])
    const page = await manager.client.get('/v1/t/audit?perPage=2&page=2')
    expect(page.body.data.map((r: any) => r.id)).toEqual(all.slice(2, 4).map((r) => r.id))
    expect(page.body.meta).toMatchObject({ page: 2, perPage: 2, total: all.length })
    const bad = await manager.client.get('/v1/t/audit?from=yesterday&to=2020-02-30')
    expect(bad.status).toBe(422)
    expect(bad.body.errors.from).toEqual(['The date must be a day (YYYY-MM-DD) or a date and time (ISO 8601).'])
    expect((await manager.client.get('/v1/t/audit?from=2024-05-02&to=2024-05-01')).status).toBe(422)
  })

  test('only managers of the team (audit.view); another team sees none of it; super-admins read every team', async () => {
    expect((await coach.client.get('/v1/t/audit')).status).toBe(403)
    expect((await new Client().get('/v1/t/audit')).status).toBe(401)
    const other = await tenant()
    const otherBoss = await member(other, ['manager'])
    const theirs = await logOf(otherBoss)
    expect(theirs.every((r) => r.tenant?.id === other.id)).toBe(true)
    // Another team's slug in X-Team: not a member, 404.
    expect((await otherBoss.client.withTeam(t.slug).get('/v1/t/audit')).status).toBe(404)
    otherBoss.client.withTeam(other.slug)

    expect((await manager.client.get('/v1/audit')).status).toBe(403)
    const admin = await superAdmin()
    const every = await admin.client.get('/v1/audit?perPage=100')
    expect(every.status).toBe(200)
    expect(new Set(every.body.data.map((r: any) => r.tenant?.id)).size).toBeGreaterThan(1)
    const one = await admin.client.get(`/v1/audit?perPage=100&tenant=${t.slug}`)
    expect(one.body.data.length).toBeGreaterThan(0)
    expect(one.body.data.every((r: any) => r.tenant.id === t.id)).toBe(true)
  })
})
