/**
 * The order every route answers in: authenticate (401), then the team (400/404), then the
 * permission (403), then the body (422). Walks every documented operation.
 */
import { describe, expect, test } from 'bun:test'
import { actor, Client, tenant } from '../client'

/** Operations anyone may call without signing in (the marketplace, sign-in itself, files, webhooks). */
const PUBLIC = [
  /^\/v1\/public\//,
  // Published job postings and applying to them (guests apply).
  /^\/v1\/jobs(\/|$)/,
  /^\/v1\/auth\/(login|register|verify-token|providers|connect)/,
  // Signing in with a passkey (the options and the answer).
  /^\/v1\/auth\/passkeys\/authentication\//,
  /^\/v1\/auth\/logout$/,
  /^\/v1\/auth\/me$/,
  /^\/v1\/tags(\/\{[^}]+\})?$/,
  /^\/v1\/files\/\{[^}]+\}$/,
  /^\/v1\/payments\/webhook/,
  /^\/v1\/payouts\/webhook$/,
  /^\/v1\/dev\//,
  /^\/v1\/health$/,
  /^\/v1\/health\/ready$/,
  /^\/v1\/invitations\/\{[^}]+\}$/,
  // The token is the credential: an invitee may decline without an account.
  /^\/v1\/invitations\/decline$/,
  // Team invitations: the link shows what it offers and may be declined without an account.
  /^\/v1\/team-invitations\/\{[^}]+\}$/,
  /^\/v1\/team-invitations\/decline$/,
  // Also confirms the address of an account that never signed in.
  /^\/v1\/auth\/verify-email-using-otp$/,
]

async function operations() {
  const doc = (await new Client().get('/openapi/json')).body
  const out: Array<{ method: string; path: string }> = []
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    if (!path.startsWith('/v1')) continue
    for (const method of Object.keys(item)) if (['get', 'post', 'put', 'patch', 'delete'].includes(method)) out.push({ method: method.toUpperCase(), path })
  }
  return out
}

describe('authenticate, then team, then permission, then body', () => {
  test('every documented operation that needs a sign-in answers 401 to a stranger, with or without X-Team, whatever the body', async () => {
    const ops = await operations()
    const t = await tenant()
    const wrong: string[] = []
    let checked = 0
    for (const { method, path } of ops) {
      if (PUBLIC.some((p) => p.test(path))) continue
      const concrete = path.replace(/\{[^}]+\}/g, crypto.randomUUID())
      for (const team of [null, t.slug]) {
        const c = new Client()
        if (team) c.withTeam(team)
        const r = method === 'GET' || method === 'DELETE' ? await c.request(method, concrete) : await c.request(method, concrete, { bogus: [1], title: 42 })
        checked++
        if (r.status !== 401) wrong.push(`${method} ${path} (X-Team ${team ? 'set' : 'absent'}) -> ${r.status} ${JSON.stringify(r.body).slice(0, 80)}`)
      }
    }
    expect(checked).toBeGreaterThan(80)
    expect(wrong).toEqual([])
  }, 120_000)

  test('a signed-in member without the permission gets 403 before 422 for an invalid body', async () => {
    const t = await tenant()
    const member = await actor({ tenant: t })
    member.client.withTeam(t.slug)
    const invalid = { title: 1, code: [], data: 'x', workshopId: 'nope' }
    for (const path of ['/v1/workshops', '/v1/workshop-schedules', '/v1/vouchers']) {
      const r = await member.client.post(path, invalid)
      expect({ path, status: r.status }).toEqual({ path, status: 403 })
    }
    const other = await tenant()
    const outsider = (await actor()).client.withTeam(other.slug)
    // Not a member of that team: 404 for the team before anything about the body.
    expect((await outsider.post('/v1/workshops', invalid)).status).toBe(404)
    // A signed-in user with no team at all: 400 before 422.
    expect((await (await actor()).client.post('/v1/workshops', invalid)).status).toBe(400)
  })

  test('anonymous tenant endpoints: 401 (not 400 "No team selected")', async () => {
    const r = await new Client().get('/v1/workshops')
    expect(r.status).toBe(401)
    expect(r.body.message).toBe('Unauthenticated.')
    expect((await new Client().post('/v1/vouchers', {})).status).toBe(401)
  })
})
