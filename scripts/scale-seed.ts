/**
 * The scale seed (issue 30): a marketplace the size real users reach, on top of the demo data.
 *
 *   - `schedules` public schedules (default 100,000) over 500 coaches and 2,000 clients with two
 *     bookings per schedule (`seedMarketplace` of bench-seed.ts);
 *   - one heavy coach, `heavy.coach@bench.example`, manager of the team `bench-heavy`: 200
 *     workshops, 11,000 schedules (a third past), 20,000 bookings with their seats, payments (and
 *     the payout rows their trigger makes), invoices, 5,000 feedback, 1,000 team members,
 *     300 vouchers, 100 job postings with 2,000 applications;
 *   - one heavy client, `heavy.client@bench.example`: 5,000 bookings across the marketplace with
 *     seats, payments and invoices, 200 seats offered to them in others' bookings, 1,000 feedback
 *     and 50 waitlist entries.
 *
 * All in bulk SQL inside PostgreSQL, idempotent (each part is skipped when its marker rows exist),
 * then VACUUM ANALYZE. Used by `npm run bench:scale` and runnable alone against a database:
 *
 *   bun run scripts/scale-seed.ts postgres://... [--schedules 100000]
 */
// @ts-expect-error -- pg ships no types here
import pg from 'pg'
import { seedMarketplace } from './bench-seed'

export const HEAVY_COACH = 'heavy.coach@bench.example'
export const HEAVY_CLIENT = 'heavy.client@bench.example'

export interface ScaleSeed {
  schedules: number
  marketplaceMs: number
  heavyMs: number
  skipped: string[]
}

async function one(db: pg.Client, sql: string, params: unknown[] = []) {
  return (await db.query(sql, params)).rows[0]
}

/** The heavy coach, their team and everything they run. */
async function seedHeavyCoach(db: pg.Client) {
  const run = (sql: string) => db.query(sql)
  await run(`insert into tenants (id, created_at, updated_at, name, slug, plan, currency)
    values (gen_random_uuid(), now(), now(), 'Heavy Coaching Group', 'bench-heavy', 'enterprise', 'usd')`)
  await run(`insert into users (id, created_at, updated_at, username, email, status, roles, profile, coach_profile, email_verified_at, default_tenant_slug)
    values (gen_random_uuid(), now(), now(), 'heavycoach', '${HEAVY_COACH}', 'active', '{coach}',
      '{"firstName":"Hannah","lastName":"Heavy","country":"GB","headline":"Leadership coach for growing teams"}'::jsonb,
      '{"businessName":"Heavy Coaching","specializations":["Leadership"],"experiences":[],"certifications":[]}'::jsonb, now(), 'bench-heavy')`)
  await run(
    `create temp table h as select (select id from tenants where slug = 'bench-heavy') as tenant_id, (select id from users where email = '${HEAVY_COACH}') as coach_id`,
  )
  await run(`insert into memberships (id, created_at, updated_at, tenant_id, user_id, status, roles)
    select gen_random_uuid(), now(), now(), tenant_id, coach_id, 'ACTIVE', '{manager,coach}' from h`)
  // 1,000 of the bench clients are members of the team too.
  await run(`insert into memberships (id, created_at, updated_at, tenant_id, user_id, status, roles)
    select gen_random_uuid(), now(), now(), h.tenant_id, u.id, 'ACTIVE', '{}' from h,
      (select id from users where email like 'bclient%@bench.example' order by email limit 1000) u`)
  await run(`create temp table hw as select gen_random_uuid() as id, g.k as i from generate_series(1, 200) g(k)`)
  await run(`insert into workshops (id, created_at, updated_at, tenant_id, coach_id, title, slug, description, price, currency, min_seats, max_seats)
    select hw.id, now(), now(), h.tenant_id, h.coach_id, 'Heavy Leadership Lab ' || hw.i, 'heavy-lab-' || hw.i,
      'A practical lab on leading teams through growth. Cohort ' || hw.i || '.', 4900 + (hw.i % 10) * 1000, 'usd', 2, 30 from hw, h`)
  // 11,000 schedules: a third past (their payouts and feedback exist), the rest over the next two years.
  await run(`create temp table hs as select gen_random_uuid() as id, g.k as i, (select id from hw where hw.i = 1 + g.k % 200) as workshop_id,
      date_trunc('hour', now()) + ((g.k * 7) % 1100 - 365) * interval '1 day' + (8 + g.k % 9) * interval '1 hour' as start_date
    from generate_series(1, 11000) g(k)`)
  await run(`insert into workshop_schedules (id, created_at, updated_at, tenant_id, coach_id, workshop_id, start_date, end_date, timezone, country, level, status, visibility, mode, meeting_url, seats_taken)
    select hs.id, hs.start_date - interval '60 days', now(), h.tenant_id, h.coach_id, hs.workshop_id, hs.start_date, hs.start_date + interval '3 hours',
      'Europe/London', 'GB', (array['BEGINNER','INTERMEDIATE','ADVANCED'])[1 + hs.i % 3], 'PUBLISHED', 'PUBLIC', 'ONLINE', 'https://meet.example/heavy', 0 from hs, h`)
  // 20,000 bookings by the bench clients, 1 to 3 seats.
  await run(`create temp table hb as select gen_random_uuid() as id, g.k as i, s.id as schedule_id, s.start_date, u.id as user_id, 1 + g.k % 3 as seats,
      case when s.start_date < now() then (array['COMPLETED','COMPLETED','COMPLETED','NO_SHOW','CANCELLED'])[1 + g.k % 5]
           else (array['CONFIRMED','CONFIRMED','CONFIRMED','PENDING','CANCELLED'])[1 + g.k % 5] end as status
    from generate_series(1, 20000) g(k)
    join hs s on s.i = 1 + (g.k * 13) % 11000
    join lateral (select id from users where email = 'bclient' || (1 + g.k % 2000) || '@bench.example') u on true`)
  await insertBookings(db, 'hb', '(select tenant_id from h)', 5900)
  await run(
    `update workshop_schedules s set seats_taken = x.n from (select schedule_id, sum(seats) as n from hb where status in ('PENDING','CONFIRMED') group by schedule_id) x where x.schedule_id = s.id`,
  )
  await run(`insert into feedbacks (id, created_at, updated_at, tenant_id, workshop_schedule_id, coach_id, user_id, booking_seat_id, rating, comment)
    select gen_random_uuid(), hb.start_date + interval '1 day', now(), h.tenant_id, hb.schedule_id, h.coach_id, hb.user_id,
      (select id from booking_seats bs where bs.booking_id = hb.id limit 1), 3 + hb.i % 3, 'Clear, practical and well paced. Session ' || hb.i || '.'
    from hb, h where hb.status = 'COMPLETED' and hb.i % 2 = 0 limit 5000`)
  await run(`insert into vouchers (id, created_at, updated_at, tenant_id, code, data, max_uses, uses)
    select gen_random_uuid(), now() - g.k * interval '1 day', now(), h.tenant_id, 'HEAVY' || g.k, jsonb_build_object('discountType', 'percentage', 'discountValue', 10 + g.k % 30), 100, g.k % 50
    from generate_series(1, 300) g(k), h`)
  await run(`insert into job_postings (id, created_at, updated_at, tenant_id, created_by_id, title, description, status, published_at, company_name, listing_type, applicant_count, preferences, meta, workplace_types, industries, categories, recruiter_ids, interview_questions)
    select gen_random_uuid(), now() - g.k * interval '1 day', now(), h.tenant_id, h.coach_id, 'Associate Coach ' || g.k,
      'Join the Heavy Coaching Group as an associate coach.', case when g.k % 4 = 0 then 'DRAFT' else 'PUBLISHED' end,
      case when g.k % 4 = 0 then null else now() - g.k * interval '1 day' end, 'Heavy Coaching', 'STANDARD', 20, '{}'::jsonb, '{}'::jsonb, '{REMOTE}', '{}', '{}', '{}', '[]'::jsonb
    from generate_series(1, 100) g(k), h`)
  await run(`insert into job_applications (id, created_at, updated_at, tenant_id, job_posting_id, name, email, answers, status, auto_rejected)
    select gen_random_uuid(), now() - (g.k % 90) * interval '1 day', now(), j.tenant_id, j.id, 'Applicant ' || g.k, 'applicant' || g.k || '@bench.example', '[]'::jsonb, 'NEW', false
    from generate_series(1, 2000) g(k)
    join lateral (select id, tenant_id from job_postings where tenant_id = (select tenant_id from h) order by title offset (g.k % 100) limit 1) j on true`)
  await run("update tenants set invoice_counter = (select coalesce(max(number), 0) from invoices where tenant_id = tenants.id) where slug = 'bench-heavy'")
}

/** The heavy client: 5,000 bookings across the marketplace, seats offered to them, feedback and waitlist entries. */
async function seedHeavyClient(db: pg.Client) {
  const run = (sql: string) => db.query(sql)
  await run(`insert into users (id, created_at, updated_at, username, email, status, roles, profile, email_verified_at)
    values (gen_random_uuid(), now(), now(), 'heavyclient', '${HEAVY_CLIENT}', 'active', '{}',
      '{"firstName":"Hugo","lastName":"Heavy","country":"DE"}'::jsonb, now())`)
  await run(`create temp table hc as select id from users where email = '${HEAVY_CLIENT}'`)
  // The bench marketplace's schedules (tenants bench-t*), every 20th, spread over past and coming dates.
  await run(`create temp table hcs as select s.id, s.tenant_id, s.start_date, row_number() over (order by s.id) as i
    from workshop_schedules s join tenants t on t.id = s.tenant_id where t.slug like 'bench-t%' and s.status = 'PUBLISHED'`)
  await run(`create temp table hcb as select gen_random_uuid() as id, g.k as i, s.id as schedule_id, s.tenant_id, s.start_date, (select id from hc) as user_id,
      1 + g.k % 2 as seats,
      case when s.start_date < now() then (array['COMPLETED','COMPLETED','COMPLETED','NO_SHOW','CANCELLED'])[1 + g.k % 5]
           else (array['CONFIRMED','CONFIRMED','CONFIRMED','PENDING','CANCELLED'])[1 + g.k % 5] end as status
    from generate_series(1, 5000) g(k) join hcs s on s.i = 1 + (g.k * 37) % (select count(*) from hcs)`)
  await insertBookings(db, 'hcb', 'hcb.tenant_id', 3900)
  await run(
    `update workshop_schedules s set seats_taken = s.seats_taken + x.n from (select schedule_id, sum(seats) as n from hcb where status in ('PENDING','CONFIRMED') group by schedule_id) x where x.schedule_id = s.id`,
  )
  // 200 seats offered to them in bench clients' coming bookings (half accepted).
  await run(`insert into booking_seats (id, created_at, updated_at, tenant_id, booking_id, user_id, inviter_id, status, attended, meta, invitation_sent_at, invitation_expires_at, responded_at)
    select gen_random_uuid(), now(), now(), b.tenant_id, b.id, (select id from hc), b.user_id, case when row_number() over () % 2 = 0 then 'ACCEPTED' else 'PENDING' end, false, '{}'::jsonb,
      now(), now() + interval '14 days', null
    from (select b.* from bookings b join workshop_schedules s on s.id = b.workshop_schedule_id join tenants t on t.id = b.tenant_id
          where t.slug like 'bench-t%' and b.status = 'CONFIRMED' and s.start_date > now() and b.user_id <> (select id from hc) limit 200) b`)
  await run(`insert into feedbacks (id, created_at, updated_at, tenant_id, workshop_schedule_id, coach_id, user_id, booking_seat_id, rating, comment)
    select gen_random_uuid(), hcb.start_date + interval '1 day', now(), hcb.tenant_id, hcb.schedule_id, s.coach_id, hcb.user_id,
      (select id from booking_seats bs where bs.booking_id = hcb.id limit 1), 3 + hcb.i % 3, 'Worth the time.'
    from hcb join workshop_schedules s on s.id = hcb.schedule_id where hcb.status = 'COMPLETED' limit 1000`)
  await run(`insert into waitlist_entries (id, created_at, updated_at, tenant_id, workshop_schedule_id, user_id, seats, status, position)
    select gen_random_uuid(), now(), now(), s.tenant_id, s.id, (select id from hc), 1, 'WAITING', 1
    from hcs s where s.start_date > now() + interval '30 days' and not exists (select 1 from hcb where hcb.schedule_id = s.id) limit 50`)
  await run(
    `update tenants t set invoice_counter = greatest(t.invoice_counter, (select coalesce(max(number), 0) from invoices i where i.tenant_id = t.id)) where t.slug like 'bench-t%'`,
  )
}

/**
 * Bookings of the temp table `src` (id, i, schedule_id, start_date, user_id, seats, status) with
 * the booker's seat, the others' seats (pending invitations, some accepted by email), a succeeded
 * payment and an invoice for each paid one (its trigger adds the payout row).
 */
async function insertBookings(db: pg.Client, src: string, tenantExpr: string, unit: number) {
  const run = (sql: string) => db.query(sql)
  await run(`insert into bookings (id, created_at, updated_at, tenant_id, user_id, workshop_schedule_id, seats, status, amount_total, amount_due, amount_paid, currency, meta, confirmed_at, cancelled_at, cancellation_reason)
    select ${src}.id, ${src}.start_date - (10 + ${src}.i % 50) * interval '1 day', now(), ${tenantExpr}, ${src}.user_id, ${src}.schedule_id, ${src}.seats, ${src}.status,
      ${unit} * ${src}.seats, case when ${src}.status = 'PENDING' then ${unit} * ${src}.seats else 0 end,
      case when ${src}.status in ('PENDING') then 0 else ${unit} * ${src}.seats end, 'usd', '{}'::jsonb,
      case when ${src}.status in ('CONFIRMED','COMPLETED','NO_SHOW') then ${src}.start_date - interval '9 days' end,
      case when ${src}.status = 'CANCELLED' then ${src}.start_date - interval '5 days' end,
      case when ${src}.status = 'CANCELLED' then 'Plans changed' end
    from ${src}`)
  await run(`insert into booking_seats (id, created_at, updated_at, tenant_id, booking_id, user_id, status, attended, meta, responded_at)
    select gen_random_uuid(), b.created_at, now(), b.tenant_id, b.id, b.user_id, 'ACCEPTED', b.status = 'COMPLETED', '{}'::jsonb, b.created_at from bookings b join ${src} on ${src}.id = b.id`)
  await run(`insert into booking_seats (id, created_at, updated_at, tenant_id, booking_id, email, inviter_id, status, attended, meta, invitation_sent_at, invitation_expires_at)
    select gen_random_uuid(), b.created_at, now(), b.tenant_id, b.id, 'guest' || ${src}.i || '-' || n || '@bench.example', b.user_id,
      case when n % 2 = 0 then 'ACCEPTED' else 'PENDING' end, false, '{}'::jsonb, b.created_at, b.created_at + interval '14 days'
    from bookings b join ${src} on ${src}.id = b.id, generate_series(2, b.seats) n`)
  await run(`insert into payments (id, created_at, updated_at, tenant_id, booking_id, user_id, kind, status, amount, amount_refunded, currency, provider, payment_intent_id, charge_id, card_brand, card_last4)
    select gen_random_uuid(), b.created_at, now(), b.tenant_id, b.id, b.user_id, 'payment', 'succeeded', b.amount_paid, 0, 'usd', 'stripe',
      'pi_bench_' || replace(b.id::text, '-', ''), 'ch_bench_' || replace(b.id::text, '-', ''), 'visa', '4242'
    from bookings b join ${src} on ${src}.id = b.id where b.amount_paid > 0`)
  await run(`insert into invoices (id, created_at, updated_at, tenant_id, booking_id, kind, number, issued_at, currency, total, lines)
    select gen_random_uuid(), b.created_at, now(), b.tenant_id, b.id, 'invoice',
      coalesce((select max(number) from invoices i where i.tenant_id = b.tenant_id), 0) + row_number() over (partition by b.tenant_id order by b.created_at),
      b.created_at, 'usd', b.amount_paid,
      jsonb_build_object('tenantName', t.name, 'clientName', 'Client', 'clientEmail', 'client@bench.example', 'workshopTitle', w.title,
        'scheduleStart', s.start_date, 'scheduleEnd', s.end_date, 'timezone', s.timezone, 'seats', b.seats, 'unitPrice', ${unit}, 'subtotal', b.amount_total,
        'discount', 0, 'voucherCode', null, 'total', b.amount_paid, 'paymentTransactionId', null, 'cardBrand', 'visa', 'cardLast4', '4242')
    from bookings b join ${src} on ${src}.id = b.id join tenants t on t.id = b.tenant_id
      join workshop_schedules s on s.id = b.workshop_schedule_id join workshops w on w.id = s.workshop_id
    where b.amount_paid > 0`)
  // Past bookings' payouts are done: transferred (as the sweep would have).
  await run(`update payout_transfers p set state = 'transferred', transferred_at = s.end_date + interval '3 days', gross = b.amount_paid, fee_percent = 10,
      fee = round(b.amount_paid * 0.1), amount = b.amount_paid - round(b.amount_paid * 0.1), stripe_transfer_id = 'tr_bench_' || replace(b.id::text, '-', '')
    from bookings b join ${src} on ${src}.id = b.id join workshop_schedules s on s.id = b.workshop_schedule_id
    where p.booking_id = b.id and s.end_date < now() - interval '3 days'`)
}

export async function seedScale(databaseUrl: string, opts: { schedules?: number } = {}): Promise<ScaleSeed> {
  const schedules = opts.schedules ?? 100_000
  const skipped: string[] = []
  let marketplaceMs = 0
  const db = new pg.Client({ connectionString: databaseUrl, application_name: 'summit-scale-seed' })
  await db.connect()
  try {
    if (Number((await one(db, `select count(*)::int as n from tenants where slug like 'bench-t%'`)).n) === 0)
      marketplaceMs = (await seedMarketplace(databaseUrl, { schedules })).ms
    else skipped.push('marketplace')
    const t0 = performance.now()
    for (const [email, seed] of [
      [HEAVY_COACH, seedHeavyCoach],
      [HEAVY_CLIENT, seedHeavyClient],
    ] as const) {
      if (Number((await one(db, 'select count(*)::int as n from users where email = $1', [email])).n)) {
        skipped.push(email)
        continue
      }
      await db.query('begin')
      try {
        await seed(db)
        await db.query('commit')
      } catch (err) {
        await db.query('rollback').catch(() => undefined)
        throw err
      }
    }
    if (skipped.length < 3) await db.query('vacuum analyze')
    return { schedules, marketplaceMs, heavyMs: Math.round(performance.now() - t0), skipped }
  } finally {
    await db.end()
  }
}

if (import.meta.main) {
  const url = process.argv[2]
  if (!url?.startsWith('postgres')) {
    console.error('usage: bun run scripts/scale-seed.ts postgres://user@host:port/db [--schedules 100000]')
    process.exit(2)
  }
  const i = process.argv.indexOf('--schedules')
  const r = await seedScale(url, { schedules: i > 0 ? Number(process.argv[i + 1]) : Number(process.env.SCHEDULES ?? 100_000) })
  console.log(r)
}
