/**
 * Acknowledged writes survive a crash: bookings made through the booking service on an
 * embedded PostgreSQL started the way `npm start` starts it (its own data folder) are all
 * there after SIGKILL of PostgreSQL and its backends and a restart.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql'
import { openOrm } from '../../src/entities'
import { createBooking } from '../../src/modules/bookings/booking.service'
import { Tenant } from '../../src/modules/tenants/tenant.entity'
import { User } from '../../src/modules/users/user.entity'
import { WorkshopSchedule } from '../../src/modules/workshops/schedule.entity'
import { Workshop } from '../../src/modules/workshops/workshop.entity'
import { freePort } from '../../src/platform/db/database'
import { type EmbeddedDb, startEmbeddedPostgres } from '../../src/platform/db/embedded'
import { migrateUp } from '../../src/platform/db/orm'
import { killCluster, postmasterPidOf } from './pg-kill'

const base = mkdtempSync(join(process.env.SUMMIT_TMP ?? '/tmp', 'summit-durable-'))
const dataDir = join(base, 'pg')
let db: EmbeddedDb | null = null
let orm: MikroORM | null = null

afterAll(async () => {
  await Promise.race([orm?.close(true).catch(() => {}), Bun.sleep(3000)])
  await db?.stop().catch(() => {})
  rmSync(base, { recursive: true, force: true })
}, 30_000)

describe('reliability: durability', () => {
  test('bookings acknowledged before PostgreSQL is killed (SIGKILL) are all there after a restart', async () => {
    const port = await freePort()
    // As `npm start` and production start it (no durability option: the default).
    db = await startEmbeddedPostgres({ dataDir, port })
    orm = await openOrm(db.url, { pool: 8 })
    await migrateUp(orm)
    const settings = await orm.em
      .getConnection()
      .execute(`select name, setting from pg_settings where name in ('fsync', 'synchronous_commit', 'full_page_writes') order by name`)
    expect(settings.map((r: any) => `${r.name}=${r.setting}`)).toEqual(['fsync=on', 'full_page_writes=on', 'synchronous_commit=on'])

    const m = orm.em.fork() as EntityManager
    const tenant = m.create(Tenant, { name: 'Durable', slug: 'durable', plan: 'pro' } as any)
    const coach = m.create(User, { email: 'coach@durable.example', username: 'durablecoach', roles: ['coach'], status: 'active', profile: {} } as any)
    const workshop = m.create(Workshop, {
      tenant,
      coach,
      title: 'Durable',
      slug: 'durable',
      price: 1000,
      currency: 'usd',
      minSeats: 1,
      maxSeats: 100_000,
    } as any)
    const start = new Date(Date.now() + 7 * 86_400_000)
    const schedule = m.create(WorkshopSchedule, {
      tenant,
      coach,
      workshop,
      startDate: start,
      endDate: new Date(start.getTime() + 3_600_000),
      timezone: 'UTC',
      level: 'BEGINNER',
      status: 'PUBLISHED',
      visibility: 'PUBLIC',
      mode: 'ONLINE',
      meetingUrl: 'https://meet.example/d',
    } as any)
    const clients = Array.from({ length: 4 }, (_, i) =>
      m.create(User, { email: `c${i}@durable.example`, username: `durable${i}`, roles: [], status: 'active', profile: {} } as any),
    )
    await m.flush()

    // Four writers book as fast as they can; PostgreSQL is killed while they write.
    const acknowledged: string[] = []
    let crashed = false
    const failures: string[] = []
    const writers = clients.map(async (user) => {
      while (!crashed) {
        const em = orm!.em.fork() as EntityManager
        const s = await em.findOneOrFail(WorkshopSchedule, { id: schedule.id }, { populate: ['workshop'] as any, filters: false })
        const u = await em.findOneOrFail(User, { id: user.id })
        try {
          const b = await createBooking(em, { user: u, schedule: s, seats: 1 })
          acknowledged.push(b.id)
        } catch (err) {
          if (!crashed) failures.push(err instanceof Error ? err.message : String(err))
          return
        }
      }
    })
    while (acknowledged.length < 40 && !failures.length) await Bun.sleep(20)
    expect(failures).toEqual([])
    killCluster(postmasterPidOf(dataDir))
    crashed = true
    await Promise.allSettled(writers)
    // The pool of the killed server may never close cleanly: do not wait for it.
    void orm.close(true).catch(() => {})
    orm = null
    ;(db as any) = null

    // Restart on the same folder: crash recovery replays the WAL.
    db = await startEmbeddedPostgres({ dataDir, port })
    orm = await openOrm(db.url, { pool: 2 })
    const rows = await orm.em.getConnection().execute(`select id from bookings where workshop_schedule_id = ?`, [schedule.id])
    const present = new Set(rows.map((r: any) => r.id))
    const lost = acknowledged.filter((id) => !present.has(id))
    expect({ acknowledged: acknowledged.length, lost: lost.length }).toEqual({ acknowledged: acknowledged.length, lost: 0 })
    const [{ seats_taken }] = await orm.em.getConnection().execute('select seats_taken from workshop_schedules where id = ?', [schedule.id])
    expect(Number(seats_taken)).toBe(present.size)
  }, 120_000)
})
