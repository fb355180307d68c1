import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql'
import { seedDemoIfEmpty } from '../../src/demo/seed'
import { openOrm } from '../../src/entities'
import { seedRolesAndPermissions } from '../../src/modules/roles/seed'
import { provideDatabase } from '../../src/platform/db/database'
import { migrateUp } from '../../src/platform/db/orm'

/** The first start of `npm start`: migrations and demo data on an empty database of its own. */
let db: { url: string; stop(): Promise<void> }
let orm: MikroORM
const count = async (sql: string) => Number((await orm.em.fork().getConnection().execute(sql))[0].n)

beforeAll(async () => {
  db = await provideDatabase({ throwaway: true })
  orm = await openOrm(db.url)
  await migrateUp(orm)
  await seedRolesAndPermissions(orm.em.fork() as EntityManager)
  await seedDemoIfEmpty(orm.em.fork() as EntityManager)
}, 120_000)

afterAll(async () => {
  await orm?.close(true)
  await db?.stop()
})

describe('demo data', () => {
  test('has a super-admin, two tenants on different plans, coaches and clients with profiles', async () => {
    expect(await count(`select count(*) n from users where 'super-admin' = any(roles)`)).toBe(1)
    expect(await count(`select count(distinct plan) n from tenants`)).toBe(2)
    expect(await count(`select count(*) n from users where 'coach' = any(roles) and coach_profile is not null`)).toBeGreaterThanOrEqual(3)
    expect(await count(`select count(*) n from users where roles = '{}' and profile->>'firstName' is not null`)).toBeGreaterThanOrEqual(2)
  })

  test('every list has something to show: public schedules, bookings in every status, seats, vouchers, feedback, payments', async () => {
    expect(
      await count(`select count(*) n from workshop_schedules where status = 'PUBLISHED' and visibility = 'PUBLIC' and start_date > now()`),
    ).toBeGreaterThanOrEqual(5)
    expect(await count(`select count(distinct mode) n from workshop_schedules`)).toBe(3)
    expect(await count(`select count(distinct status) n from bookings`)).toBe(5)
    expect(await count(`select count(distinct status) n from booking_seats`)).toBe(4)
    expect(await count(`select count(*) n from vouchers`)).toBeGreaterThanOrEqual(2)
    expect(await count(`select count(*) n from feedbacks`)).toBeGreaterThanOrEqual(1)
    expect(await count(`select count(*) n from payments where status = 'succeeded'`)).toBeGreaterThanOrEqual(1)
    // seat counters agree with the bookings that hold seats
    expect(
      await count(`select count(*) n from workshop_schedules s where s.seats_taken <> coalesce((select sum(b.seats) from bookings b
      where b.workshop_schedule_id = s.id and b.status in ('PENDING', 'CONFIRMED', 'COMPLETED', 'NO_SHOW') and b.deleted_at is null), 0)`),
    ).toBe(0)
  })

  test('Speak Like a Pro asks two questions; one of its bookings has answers and a short conversation', async () => {
    const [w] = await (orm.em.fork() as EntityManager).execute(`select id, questions from workshops where title = 'Speak Like a Pro'`)
    expect(w.questions.map((q: any) => q.kind)).toEqual(['short_text', 'single_choice'])
    const [c] = await (orm.em.fork() as EntityManager).execute(
      `select count(*)::int as n, min(b.answers->'q1'->>'value') as answer from booking_messages m join bookings b on b.id = m.booking_id
         join workshop_schedules s on s.id = b.workshop_schedule_id where s.workshop_id = ?`,
      [w.id],
    )
    expect(c.n).toBe(3)
    expect(c.answer).toBe('A five-minute pitch at our all-hands')
  })

  test('one-to-one sessions: maya has a free intro call and a paid session on weekday hours; leo a paid session only', async () => {
    const of = (username: string) =>
      count(
        `select count(*) n from session_types t join users u on u.id = t.coach_id where u.username = '${username}' and t.status = 'ACTIVE' and t.deleted_at is null`,
      )
    const paid = (username: string) =>
      count(`select count(*) n from session_types t join users u on u.id = t.coach_id where u.username = '${username}' and t.price > 0`)
    expect(await of('maya')).toBe(2)
    expect(await paid('maya')).toBe(1)
    expect(
      await count(
        `select count(*) n from session_types t join users u on u.id = t.coach_id where u.username = 'maya' and t.price = 0 and t.duration_minutes = 20`,
      ),
    ).toBe(1)
    expect(await of('leo')).toBe(1)
    expect(await paid('leo')).toBe(1)
    expect(
      await count(`select count(*) n from availabilities a join users u on u.id = a.coach_id where u.username = 'maya' and jsonb_array_length(a.weekly) = 10`),
    ).toBe(1)
  })

  test('Northwind is a German team registered for VAT selling in euros (prices incl. VAT); Acme sells in US dollars without tax', async () => {
    expect(
      await count(`select count(*) n from tenants t join tax_profiles p on p.tenant_id = t.id
        where t.slug = 'northwind' and t.currency = 'eur' and p.registered and p.prices_include_tax and p.country = 'DE' and p.tax_id = 'DE136695976'`),
    ).toBe(1)
    expect(await count(`select count(*) n from tenants t where t.slug = 'acme' and t.currency = 'usd'`)).toBe(1)
    expect(await count(`select count(*) n from tax_profiles p join tenants t on t.id = p.tenant_id where t.slug = 'acme' and p.registered`)).toBe(0)
    // Every Northwind workshop is in euros with "incl. VAT"; every Acme one in dollars with no note.
    expect(
      await count(`select count(*) n from workshops w join tenants t on t.id = w.tenant_id
        where (t.slug = 'northwind' and (w.currency <> 'eur' or w.price_note is distinct from 'incl. VAT'))
           or (t.slug = 'acme' and (w.currency <> 'usd' or w.price_note is not null))`),
    ).toBe(0)
    // Northwind's bookings carry the tax the server decides (German VAT or the buyer's country), in euros; Acme's none.
    expect(
      await count(`select count(*) n from bookings b join tenants t on t.id = b.tenant_id where t.slug = 'northwind' and b.workshop_schedule_id is not null`),
    ).toBeGreaterThan(0)
    expect(
      await count(`select count(*) n from bookings b join tenants t on t.id = b.tenant_id
        where t.slug = 'northwind' and b.workshop_schedule_id is not null and (b.currency <> 'eur' or b.tax is null or (b.tax->>'gross')::int <> b.amount_due)`),
    ).toBe(0)
    expect(await count(`select count(*) n from bookings b join tenants t on t.id = b.tenant_id where t.slug = 'acme' and b.currency <> 'usd'`)).toBe(0)
  })

  test('a second start adds nothing', async () => {
    const before = await count(`select count(*) n from bookings`)
    await seedDemoIfEmpty(orm.em.fork() as EntityManager)
    expect(await count(`select count(*) n from bookings`)).toBe(before)
  })
})
