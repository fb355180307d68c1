/**
 * Bulk data for the marketplace benchmark: tenants, coaches, clients, workshops (tagged, priced,
 * searchable titles), public published schedules (past and coming, every level, mode and 20
 * countries), bookings and feedback, generated inside PostgreSQL in a few statements, then
 * VACUUM ANALYZE. `seedMarketplace(databaseUrl, { schedules: 100_000 })` takes about a minute.
 */
// @ts-expect-error -- pg ships no types here
import pg from 'pg'

export interface SeedSize {
  schedules: number
  /** Defaults scale with schedules: 1 tenant, 10 coaches, 100 workshops and 2 bookings per 2,000 schedules. */
  tenants?: number
  coaches?: number
  workshops?: number
  bookings?: number
  feedback?: number
}

const TOPICS = [
  'Leadership',
  'Negotiation',
  'Public Speaking',
  'Strategy',
  'Fundraising',
  'Sales',
  'Product Management',
  'Design Thinking',
  'Team Building',
  'Time Management',
  'Career Growth',
  'Data Storytelling',
  'Conflict Resolution',
  'Remote Work',
  'Hiring',
]
const FORMATS = ['Bootcamp', 'Masterclass', 'Workshop', 'Intensive', 'Clinic', 'Lab', 'Sprint']
const FIRST = ['Alex', 'Sam', 'Priya', 'Jonas', 'Mei', 'Omar', 'Lucia', 'Kwame', 'Ingrid', 'Diego']
const COUNTRIES = ['US', 'GB', 'DE', 'FR', 'ES', 'PT', 'SE', 'NL', 'IT', 'CA', 'AU', 'BR', 'MX', 'IN', 'JP', 'SG', 'ZA', 'NG', 'IE', 'PL']
const ZONES = [
  'America/New_York',
  'Europe/London',
  'Europe/Berlin',
  'Europe/Paris',
  'Europe/Madrid',
  'Europe/Lisbon',
  'Europe/Stockholm',
  'Europe/Amsterdam',
  'Europe/Rome',
  'America/Toronto',
  'Australia/Sydney',
  'America/Sao_Paulo',
  'America/Mexico_City',
  'Asia/Kolkata',
  'Asia/Tokyo',
  'Asia/Singapore',
  'Africa/Johannesburg',
  'Africa/Lagos',
  'Europe/Dublin',
  'Europe/Warsaw',
]

const arr = (xs: string[]) => `array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]`

export async function seedMarketplace(databaseUrl: string, size: SeedSize) {
  const n = size.schedules
  const tenants = size.tenants ?? Math.max(1, Math.round(n / 2000))
  const coaches = size.coaches ?? Math.max(2, Math.round(n / 200))
  const workshops = size.workshops ?? Math.max(4, Math.round(n / 20))
  const bookings = size.bookings ?? n * 2
  const feedback = size.feedback ?? Math.round(n / 5)
  const clients = Math.max(10, Math.round(n / 50))
  const db = new pg.Client({ connectionString: databaseUrl, application_name: 'summit-bench-seed' })
  await db.connect()
  const t0 = performance.now()
  const run = (sql: string) => db.query(sql)
  try {
    await run('begin')
    await run(`create temp table bt as select gen_random_uuid() as id, i from generate_series(1, ${tenants}) i`)
    await run(
      `insert into tenants (id, created_at, updated_at, name, slug, plan, currency) select id, now(), now(), 'Bench Tenant ' || i, 'bench-t' || i, 'enterprise', 'usd' from bt`,
    )
    await run(
      `create temp table bc as select gen_random_uuid() as id, i, (select bt.id from bt where bt.i = 1 + (c.i % ${tenants})) as tenant_id from generate_series(1, ${coaches}) c(i)`,
    )
    await run(`insert into users (id, created_at, updated_at, username, email, status, roles, profile, coach_profile, email_verified_at)
      select id, now(), now(), 'bcoach' || i, 'bcoach' || i || '@bench.example', 'active', '{coach}',
        jsonb_build_object('firstName', (${arr(FIRST)})[1 + i % ${FIRST.length}], 'lastName', 'Benchley' || i, 'country', (${arr(COUNTRIES)})[1 + i % ${COUNTRIES.length}], 'headline', (${arr(TOPICS)})[1 + i % ${TOPICS.length}] || ' coach'),
        jsonb_build_object('businessName', 'Studio ' || i, 'specializations', jsonb_build_array((${arr(TOPICS)})[1 + i % ${TOPICS.length}]), 'experiences', '[]'::jsonb, 'certifications', '[]'::jsonb),
        now() from bc`)
    await run(`insert into memberships (id, created_at, updated_at, tenant_id, user_id, status, roles)
      select gen_random_uuid(), now(), now(), tenant_id, id, 'ACTIVE', '{}' from bc`)
    await run(`create temp table bu as select gen_random_uuid() as id, i from generate_series(1, ${clients}) i`)
    await run(`insert into users (id, created_at, updated_at, username, email, status, roles, profile, email_verified_at)
      select id, now(), now(), null, 'bclient' || i || '@bench.example', 'active', '{}', jsonb_build_object('firstName', 'Client', 'lastName', i::text), now() from bu`)
    await run(
      `create temp table bw as select gen_random_uuid() as id, g.k as i, c.id as coach_id, c.tenant_id from generate_series(1, ${workshops}) g(k) join bc c on c.i = 1 + (g.k % ${coaches})`,
    )
    await run(`insert into workshops (id, created_at, updated_at, tenant_id, coach_id, title, slug, description, price, currency, min_seats, max_seats)
      select id, now(), now(), tenant_id, coach_id,
        (${arr(TOPICS)})[1 + i % ${TOPICS.length}] || ' ' || (${arr(FORMATS)})[1 + (i / ${TOPICS.length}) % ${FORMATS.length}] || ' ' || i,
        'bench-workshop-' || i,
        'A hands-on session on ' || lower((${arr(TOPICS)})[1 + i % ${TOPICS.length}]) || ' with exercises, examples and a plan to take home. Cohort ' || i || '.',
        1900 + (i * 37 % 40) * 1000, 'usd', 2, 8 + i % 20 from bw`)
    await run(
      `insert into workshop_tags (workshop_id, tag_id) select bw.id, t.id from bw join lateral (select id from tags order by slug offset (bw.i % greatest(1, (select count(*) from tags))) limit 1) t on true on conflict do nothing`,
    )
    // Schedules: 25% past, 75% coming over the next ~18 months; every level, mode and 20 countries.
    await run(`create temp table bs as select gen_random_uuid() as id, g.k as i, w.id as workshop_id, w.coach_id, w.tenant_id,
        date_trunc('hour', now()) + (((g.k * 7919) % 960) - 240) * interval '1 day' + ((g.k % 10) + 8) * interval '1 hour' as start_date
      from generate_series(1, ${n}) g(k) join bw w on w.i = 1 + (g.k % ${workshops})`)
    await run(`insert into workshop_schedules (id, created_at, updated_at, tenant_id, coach_id, workshop_id, start_date, end_date, timezone, country, level, status, visibility, mode, venue_name, address_line1, city, zip, meeting_url, seats_taken)
      select id, now(), now(), tenant_id, coach_id, workshop_id, start_date, start_date + interval '3 hours',
        (${arr(ZONES)})[1 + i % ${ZONES.length}], (${arr(COUNTRIES)})[1 + i % ${COUNTRIES.length}],
        (array['BEGINNER','INTERMEDIATE','ADVANCED'])[1 + i % 3], 'PUBLISHED', 'PUBLIC', (array['ONLINE','IN-PERSON','HYBRID'])[1 + (i / 3) % 3],
        case when (i / 3) % 3 = 0 then null else 'Bench Hall ' || (i % 100) end, case when (i / 3) % 3 = 0 then null else (i % 300) || ' Main Street' end,
        case when (i / 3) % 3 = 0 then null else 'City ' || (i % 50) end, case when (i / 3) % 3 = 0 then null else '1000' end,
        case when (i / 3) % 3 = 1 then null else 'https://meet.example/bench' end, i % 7 from bs`)
    await run(`insert into bookings (id, created_at, updated_at, tenant_id, user_id, workshop_schedule_id, seats, status, amount_total, amount_due, amount_paid, currency, meta)
      select gen_random_uuid(), now(), now(), s.tenant_id, u.id, s.id, 1, (array['CONFIRMED','CONFIRMED','COMPLETED','PENDING','CANCELLED'])[1 + g.k % 5], 5000, 0, 5000, 'usd', '{}'::jsonb
      from generate_series(1, ${bookings}) g(k) join bs s on s.i = 1 + (g.k * 31 % ${n}) join bu u on u.i = 1 + (g.k % ${clients})`)
    await run(`insert into feedbacks (id, created_at, updated_at, tenant_id, workshop_schedule_id, coach_id, user_id, booking_seat_id, rating, comment)
      select gen_random_uuid(), now(), now(), s.tenant_id, s.id, s.coach_id, u.id, gen_random_uuid(), 3 + g.k % 3, 'Useful and well run.'
      from generate_series(1, ${feedback}) g(k) join bs s on s.i = 1 + (g.k * 13 % ${n}) join bu u on u.i = 1 + (g.k % ${clients}) where s.start_date < now()`)
    await run('commit')
    await run('vacuum analyze')
  } catch (err) {
    await run('rollback').catch(() => undefined)
    throw err
  } finally {
    await db.end()
  }
  return { schedules: n, tenants, coaches, workshops, bookings, feedback, clients, ms: Math.round(performance.now() - t0) }
}
