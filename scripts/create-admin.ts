/**
 * Creates the first super-admin (or makes an existing account one):
 *
 *   npm run create-admin -- admin@example.com
 *
 * Production starts with an empty database (no demo data): this is how its operators get in.
 * The account signs in like any other, with a code mailed to the address. Uses DATABASE_URL,
 * else the embedded database (the running app's, when it is up; started for the command when not).
 */

import type { EntityManager } from '@mikro-orm/postgresql'
import * as v from 'valibot'
import { SUPER_ADMIN } from '../src/modules/roles'
import { User } from '../src/modules/users'
import { emailRule } from '../src/shared/rules'

export type CreateAdminResult = { user: User; created: boolean }

/** The account of `email` with the super-admin role, active; created when missing. */
export async function createSuperAdmin(em: EntityManager, rawEmail: string): Promise<CreateAdminResult> {
  const parsed = v.safeParse(emailRule, rawEmail)
  if (!parsed.success) throw new Error(`Not a valid email address: ${JSON.stringify(rawEmail)}`)
  const email = parsed.output
  const existing = await em.findOne(User, { email }, { filters: false })
  if (existing) {
    if (!existing.roles.includes(SUPER_ADMIN)) existing.roles = [...existing.roles, SUPER_ADMIN]
    existing.status = 'active'
    existing.deletedAt = null
    await em.flush()
    return { user: existing, created: false }
  }
  const user = em.create(User, { email, status: 'active', roles: [SUPER_ADMIN], profile: {} } as any)
  await em.flush()
  return { user, created: true }
}

async function connect(): Promise<{ url: string; stop(): Promise<void> }> {
  const { config } = await import('../src/config')
  const { provideDatabase } = await import('../src/platform/db/database')
  if (!config.DATABASE_URL) {
    // The app may be running on the embedded database: use it rather than start a second server.
    const url = `postgres://postgres:postgres@127.0.0.1:${config.PG_PORT}/summit`
    const running = await Bun.connect({ hostname: '127.0.0.1', port: config.PG_PORT, socket: { data() {} } }).then(
      (socket) => (socket.end(), true),
      () => false,
    )
    if (running) return { url, stop: async () => {} }
  }
  return provideDatabase()
}

async function main(argv: string[]) {
  const email = argv.find((a) => !a.startsWith('-'))
  if (!email) {
    console.error('Usage: npm run create-admin -- email@example.com')
    return 2
  }
  const { config } = await import('../src/config')
  const { migrateUp } = await import('../src/platform/db/orm')
  const { openOrm } = await import('../src/entities')
  const { seedRolesAndPermissions } = await import('../src/modules/roles')
  const db = await connect()
  const orm = await openOrm(db.url)
  try {
    await migrateUp(orm)
    await seedRolesAndPermissions(orm.em.fork() as EntityManager)
    const { user, created } = await createSuperAdmin(orm.em.fork() as EntityManager, email)
    console.log(`${created ? 'Created' : 'Updated'} super-admin ${user.email}. Sign in at ${config.APP_URL}/login with the code mailed to that address.`)
    return 0
  } catch (err) {
    console.error((err as Error).message)
    return 1
  } finally {
    await orm.close(true)
    await db.stop()
  }
}

if (import.meta.main) process.exit(await main(process.argv.slice(2)))
