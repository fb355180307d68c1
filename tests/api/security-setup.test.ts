/**
 * Production starts empty: demo data only in development by default, and a command creates the
 * first super-admin (`npm run create-admin -- email`).
 */
import { describe, expect, test } from 'bun:test'
import { resolve } from 'node:path'
import { createSuperAdmin } from '../../scripts/create-admin'
import { loadConfig } from '../../src/config'
import { User } from '../../src/modules/users/user.entity'
import { app, em, uid } from '../client'

const SECRET = 'production-secret-production-secret-0123'

describe('first start', () => {
  test('SEED_DEMO defaults to true in development, false in production and tests; it can be set either way', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).SEED_DEMO).toBe(true)
    expect(loadConfig({}).SEED_DEMO).toBe(true)
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: SECRET }).SEED_DEMO).toBe(false)
    expect(loadConfig({ NODE_ENV: 'test' }).SEED_DEMO).toBe(false)
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: SECRET, SEED_DEMO: 'true' }).SEED_DEMO).toBe(true)
    expect(loadConfig({ NODE_ENV: 'development', SEED_DEMO: 'false' }).SEED_DEMO).toBe(false)
  })

  test('createSuperAdmin creates the account, or promotes an existing one; bad addresses are refused', async () => {
    const email = `Boss-${uid()}@Test.example`
    const first = await createSuperAdmin(em(), email)
    expect(first.created).toBe(true)
    const row = await em().findOneOrFail(User, { email: email.toLowerCase() })
    expect(row.roles).toEqual(['super-admin'])
    expect(row.status).toBe('active')
    const again = await createSuperAdmin(em(), email)
    expect(again.created).toBe(false)
    expect((await em().findOneOrFail(User, { email: email.toLowerCase() })).roles).toEqual(['super-admin'])
    const m = em()
    const client = m.create(User, { email: `c-${uid()}@test.example`, status: 'pending', roles: ['coach'], profile: {} } as any)
    await m.flush()
    await createSuperAdmin(em(), client.email)
    const promoted = await em().findOneOrFail(User, { id: client.id })
    expect(promoted.roles.sort()).toEqual(['coach', 'super-admin'])
    expect(promoted.status).toBe('active')
    await expect(createSuperAdmin(em(), 'not an email')).rejects.toThrow('Not a valid email address')
  })

  test('npm run create-admin -- email works against the configured database', async () => {
    const email = `ops-${uid()}@test.example`
    const root = resolve(import.meta.dir, '../..')
    const run = (args: string[]) =>
      Bun.spawn([process.execPath, 'run', 'scripts/create-admin.ts', ...args], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: app().databaseUrl, NODE_ENV: 'test', LOG_LEVEL: 'silent' },
        stdout: 'pipe',
        stderr: 'pipe',
      })
    const p = run([email])
    const [code, out] = await Promise.all([p.exited, new Response(p.stdout).text()])
    expect(code).toBe(0)
    expect(out).toContain(`Created super-admin ${email}`)
    expect((await em().findOneOrFail(User, { email })).roles).toEqual(['super-admin'])
    const none = run([])
    expect(await none.exited).toBe(2)
    expect(await new Response(none.stderr).text()).toContain('Usage: npm run create-admin -- email@example.com')
  }, 60_000)
})
