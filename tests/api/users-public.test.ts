/** The public coach directory: coaches only, public fields only, search, filters, by username. */
import { describe, expect, setDefaultTimeout, test } from 'bun:test'
import { actor, Client, uid } from '../client'

// Each test makes many requests; a busy machine must not turn slowness into failures.
setDefaultTimeout(60_000)

const anon = new Client()

async function coach(
  tag: string,
  opts: { first: string; country?: string; specializations?: string[]; status?: string; businessName?: string; headline?: string },
) {
  const a = await actor({
    roles: ['coach'],
    status: opts.status ?? 'active',
    username: `c${uid()}`,
    profile: { firstName: opts.first, lastName: tag, country: opts.country ?? 'GB', phoneNumber: '+44 7700 900000', headline: opts.headline ?? `Coach ${tag}` },
  })
  await a.client.patch(`/v1/users/${a.user.id}`, {
    coachProfile: { businessName: opts.businessName ?? `${opts.first} Ltd`, specializations: opts.specializations ?? [], bio: 'Bio' },
  })
  return a
}

describe('public users', () => {
  test('lists active coaches only, never email, phone, status or roles', async () => {
    const tag = `T${uid()}`
    const c1 = await coach(tag, { first: 'Alma' })
    await coach(tag, { first: 'Pending', status: 'pending' })
    const gone = await coach(tag, { first: 'Gone' })
    await actor({ profile: { firstName: 'Client', lastName: tag } })
    const { client: admin } = await actor({ roles: ['super-admin'] })
    await admin.delete(`/v1/users/${gone.user.id}`)

    const r = await anon.get(`/v1/public/users?q=${tag}`)
    expect(r.status).toBe(200)
    expect(r.body.meta.total).toBe(1)
    expect(r.body.data.map((u: any) => u.id)).toEqual([c1.user.id])
    const text = JSON.stringify(r.body)
    expect(text).not.toContain(c1.user.email)
    expect(text).not.toContain('7700')
    expect(text).not.toContain('"status"')
    expect(text).not.toContain('"roles"')
    expect(r.body.data[0]).toMatchObject({ username: c1.user.username, name: `Alma ${tag}`, coachProfile: { businessName: 'Alma Ltd', bio: 'Bio' } })
  })

  test('searches names, headline, business name and specializations; filters country and specialization; paginates', async () => {
    const tag = `S${uid()}`
    await coach(tag, { first: 'Bea', country: 'SE', specializations: ['Leadership', 'Sales'] })
    await coach(tag, { first: 'Cai', country: 'PT', specializations: ['Public speaking'], businessName: 'Stage Ready' })
    await coach(tag, { first: 'Dov', country: 'SE', specializations: ['Strategy'], headline: 'Growth strategist' })
    const names = (r: any) => r.body.data.map((u: any) => u.profile.firstName)
    expect(names(await anon.get(`/v1/public/users?q=${tag}`))).toEqual(['Bea', 'Cai', 'Dov'])
    expect(names(await anon.get(`/v1/public/users?q=${tag}&filter[country]=se`))).toEqual(['Bea', 'Dov'])
    expect(names(await anon.get(`/v1/public/users?q=${tag}&country=PT`))).toEqual(['Cai'])
    expect(names(await anon.get(`/v1/public/users?q=${tag}&filter[specialization]=leadership`))).toEqual(['Bea'])
    expect(names(await anon.get(`/v1/public/users?q=${tag}&filter[country]=XX`))).toEqual([])
    const search = async (q: string) => names(await anon.get(`/v1/public/users?q=${encodeURIComponent(q)}&filter[country]=PT`))
    expect(await search('stage ready')).toContain('Cai')
    expect(await search('public speak')).toContain('Cai')
    expect(names(await anon.get(`/v1/public/users?q=${encodeURIComponent('growth strategist')}`))).toContain('Dov')
    const page = await anon.get(`/v1/public/users?q=${tag}&perPage=2&page=2`)
    expect(page.body.meta).toEqual({ page: 2, perPage: 2, total: 3, lastPage: 2 })
    expect(names(page)).toEqual(['Dov'])
    expect((await anon.get('/v1/public/users?filter[email]=x')).status).toBe(422)
  })

  test('a list costs a fixed number of SQL statements', async () => {
    const tag = `Q${uid()}`
    for (let i = 0; i < 4; i++) await coach(tag, { first: `N${i}` })
    const { app } = await import('../client')
    const orm = app().orm
    const count = async (perPage: number) => {
      let n = 0
      const logger = orm.config.getLogger()
      const original = logger.logQuery.bind(logger)
      logger.logQuery = (ctx: any) => {
        if (typeof ctx?.query === 'string' && /from "users"/.test(ctx.query)) n++
        return original(ctx)
      }
      try {
        await anon.get(`/v1/public/users?q=${tag}&perPage=${perPage}`)
      } finally {
        logger.logQuery = original
      }
      return n
    }
    const one = await count(1)
    const four = await count(4)
    expect(one).toBe(four)
    expect(four).toBeGreaterThan(0)
    expect(four).toBeLessThanOrEqual(2)
  })

  test('show by id or by username; 404 for non-coaches and unknown names', async () => {
    const tag = `U${uid()}`
    const c = await coach(tag, { first: 'Eve' })
    const byId = await anon.get(`/v1/public/users/${c.user.id}`)
    expect(byId.status).toBe(200)
    expect(byId.body.data.username).toBe(c.user.username)
    expect(JSON.stringify(byId.body)).not.toContain(c.user.email)
    const byName = await anon.get(`/v1/public/users/${c.user.username!.toUpperCase()}`)
    expect(byName.status).toBe(200)
    expect(byName.body.data.id).toBe(c.user.id)
    const client = await actor({ username: `cl${uid()}` })
    expect((await anon.get(`/v1/public/users/${client.user.username}`)).status).toBe(404)
    expect((await anon.get(`/v1/public/users/${client.user.id}`)).status).toBe(404)
    expect((await anon.get('/v1/public/users/nobody-here')).status).toBe(404)
  })
})
