/**
 * The team's vouchers as list tables (the coach area's Vouchers page and its API): one page of
 * vouchers with what each applies to, and the bookings that used one. One statement per page.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { clock } from '../../platform/clock'
import { type ListQuery, likePattern, pagedSql } from '../../platform/db/paged-sql'
import { notFound } from '../../platform/http/errors'
import { isId } from '../../platform/http/ids'
import { toMajor } from '../../shared/money'
import { DISCOUNT_TYPES } from './voucher.schema'

export const VOUCHER_STATUSES = ['active', 'disabled', 'expired', 'used_up'] as const

const statusSql = `case when v.disabled_at is not null then 'disabled' when v.expires_at is not null and v.expires_at <= ? then 'expired'
            when v.max_uses is not null and v.uses >= v.max_uses then 'used_up' else 'active' end`

const VOUCHER_SQL = `select v.tenant_id, v.id, v.code, v.data, v.max_uses, v.uses, v.expires_at, v.disabled_at, v.model_type, v.model_id, v.created_at, tn.currency,
            coalesce(w.title, sw.title) as target_title, s.start_date as target_start, s.timezone as target_tz, ${statusSql} as status,
            (select count(*) from bookings b where b.voucher_id = v.id and b.deleted_at is null)::int as bookings
       from vouchers v join tenants tn on tn.id = v.tenant_id
       left join workshops w on v.model_type = 'workshop' and w.id = v.model_id
       left join workshop_schedules s on v.model_type = 'workshop_schedule' and s.id = v.model_id
       left join workshops sw on sw.id = s.workshop_id`

function voucherRow(r: any) {
  const d = typeof r.data === 'string' ? JSON.parse(r.data) : r.data
  return {
    id: r.id as string,
    code: r.code as string,
    discountType: d.discountType as (typeof DISCOUNT_TYPES)[number],
    /** Percent, or a decimal amount for fixed. */
    discountValue: d.discountType === 'fixed' ? toMajor(d.discountValue ?? 0, r.currency) : Number(d.discountValue ?? 0),
    maxDiscount: d.maxDiscount != null ? toMajor(d.maxDiscount, r.currency) : null,
    maxUses: r.max_uses == null ? null : Number(r.max_uses),
    uses: Number(r.uses),
    bookings: Number(r.bookings ?? 0),
    expiresAt: r.expires_at ? new Date(r.expires_at).toISOString() : null,
    disabled: !!r.disabled_at,
    modelType: (r.model_type ?? null) as string | null,
    modelId: (r.model_id ?? null) as string | null,
    target: r.model_type
      ? {
          title: (r.target_title ?? 'A deleted workshop') as string,
          startDate: r.target_start ? new Date(r.target_start).toISOString() : null,
          timezone: r.target_tz ?? null,
        }
      : null,
    status: r.status as (typeof VOUCHER_STATUSES)[number],
    currency: r.currency as string,
    createdAt: new Date(r.created_at).toISOString(),
  }
}
export type VoucherRow = ReturnType<typeof voucherRow>

/** One page of the team's vouchers: filters q (code), kind, status; sorts code, kind, uses, expires, status, created. */
export async function vouchersPage(em: EntityManager, tenantId: string, q: ListQuery, at = clock.now()) {
  const f = q.filters
  const where = ['t.tenant_id = ?']
  const params: unknown[] = [tenantId]
  const like = likePattern(f.q)
  if (like) where.push('t.code ilike ?') && params.push(like)
  if (f.kind && (DISCOUNT_TYPES as readonly string[]).includes(f.kind)) where.push(`t.data->>'discountType' = ?`) && params.push(f.kind)
  if (f.status && (VOUCHER_STATUSES as readonly string[]).includes(f.status)) where.push('t.status = ?') && params.push(f.status)
  const page = await pagedSql(
    em,
    `select * from (${VOUCHER_SQL}) t where ${where.join(' and ')}`,
    [at, ...params],
    q,
    { code: 't.code', kind: `t.data->>'discountType'`, uses: 't.uses', expires: 't.expires_at', status: 't.status', created: 't.created_at' },
    't.created_at desc, t.id',
  )
  return { ...page, rows: page.rows.map(voucherRow) }
}

/** One voucher of the team as the usage page shows it, or null. */
export async function voucherSummary(em: EntityManager, tenantId: string, id: string, at = clock.now()) {
  if (!isId(id)) return null
  const [r] = await em.execute(`${VOUCHER_SQL} where v.id = ? and v.tenant_id = ?`, [at, id, tenantId])
  return r ? voucherRow(r) : null
}

/** One page of the bookings that used a voucher of the team (404 for another team's voucher): sorts booked, status, discount, seats. */
export async function voucherUsagePage(em: EntityManager, tenantId: string, voucherId: string | undefined, q: ListQuery) {
  if (!isId(voucherId) || !(await em.execute('select 1 from vouchers where id = ? and tenant_id = ?', [voucherId, tenantId])).length) throw notFound('Voucher')
  const status = q.filters.status
  const page = await pagedSql(
    em,
    `select b.id, b.status, b.seats, b.amount_total, b.discount, b.amount_paid, b.currency, b.created_at, s.start_date, s.timezone, w.title, s.coach_id,
            u.email, u.username, u.profile->>'firstName' as first_name, u.profile->>'lastName' as last_name,
            trim(coalesce(u.profile->>'firstName', '') || ' ' || coalesce(u.profile->>'lastName', '')) as full_name
       from bookings b join workshop_schedules s on s.id = b.workshop_schedule_id join workshops w on w.id = s.workshop_id join users u on u.id = b.user_id
      where b.voucher_id = ? and b.tenant_id = ? and b.deleted_at is null ${status && /^[A-Z_]{1,20}$/.test(status) ? 'and b.status = ?' : ''}`,
    [voucherId, tenantId, ...(status && /^[A-Z_]{1,20}$/.test(status) ? [status] : [])],
    q,
    {
      booked: 't.created_at',
      status: 't.status',
      discount: 't.discount',
      seats: 't.seats',
      client: `lower(coalesce(nullif(t.full_name, ''), t.username, t.email))`,
    },
    't.created_at desc, t.id',
  )
  return {
    ...page,
    rows: page.rows.map((r: any) => ({
      id: r.id as string,
      status: r.status as string,
      seats: Number(r.seats),
      total: toMajor(Number(r.amount_total), r.currency),
      discount: toMajor(Number(r.discount), r.currency),
      paid: toMajor(Number(r.amount_paid), r.currency),
      currency: r.currency as string,
      bookedAt: new Date(r.created_at).toISOString(),
      workshop: { title: r.title as string, startDate: new Date(r.start_date).toISOString(), timezone: r.timezone as string },
      coachId: r.coach_id as string,
      client: { name: [r.first_name, r.last_name].filter(Boolean).join(' ') || r.username || r.email, email: r.email as string },
    })),
  }
}
export type VoucherUsageRow = Awaited<ReturnType<typeof voucherUsagePage>>['rows'][number]

/** How many workshops the voucher form offers, and how many coming sessions of each. */
export const VOUCHER_TARGETS = { workshops: 40, sessions: 4 }

/**
 * What a voucher of the team may apply to: a screenful of its workshops (those running next
 * first) with their next sessions (or last month's), by title, plus the voucher's own target
 * (`selected`) wherever it is: bounded, whatever the team's number of workshops and sessions.
 * `q` narrows the workshops to titles containing it (the form's search, for teams with more).
 */
export async function voucherTargets(
  em: EntityManager,
  tenantId: string,
  at = clock.now(),
  selected: { modelType?: string | null; modelId?: string | null } = {},
  q = '',
) {
  const words = q.trim().slice(0, 100)
  const like = words ? `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null
  const id = selected.modelId && /^[0-9a-f-]{36}$/i.test(selected.modelId) ? selected.modelId : null
  const workshop = selected.modelType === 'workshop' ? id : null
  const schedule = selected.modelType === 'workshop_schedule' ? id : null
  const rows = await em.execute(
    `with picked as (
       (select w.id, w.title from workshops w
         where w.tenant_id = ? and w.deleted_at is null and (?::text is null or w.title ilike ?)
         order by (select min(s.start_date) from workshop_schedules s where s.workshop_id = w.id and s.deleted_at is null and s.end_date > ?::timestamptz) nulls last,
                  lower(w.title), w.id
         limit ${VOUCHER_TARGETS.workshops})
       union
       (select w.id, w.title from workshops w
         where w.tenant_id = ? and w.deleted_at is null
           and w.id = coalesce(?::uuid, (select s.workshop_id from workshop_schedules s where s.id = ?::uuid)))
     )
     select p.id, p.title, s.id as schedule_id, s.start_date, s.timezone from picked p
       left join lateral (
         (select s.id, s.start_date, s.timezone from workshop_schedules s
           where s.workshop_id = p.id and s.deleted_at is null and s.end_date > ?::timestamptz - interval '30 days'
           order by s.start_date limit ${VOUCHER_TARGETS.sessions})
         union
         (select s.id, s.start_date, s.timezone from workshop_schedules s where s.id = ?::uuid and s.workshop_id = p.id)
       ) s on true
      order by lower(p.title), p.id, s.start_date`,
    [tenantId, like, like, at, tenantId, workshop, schedule, at, schedule],
  )
  const out: { id: string; title: string; schedules: { id: string; startDate: string; timezone: string }[] }[] = []
  for (const r of rows as any[]) {
    let w = out.at(-1)
    if (!w || w.id !== r.id) out.push((w = { id: r.id, title: r.title, schedules: [] }))
    if (r.schedule_id) w.schedules.push({ id: r.schedule_id, startDate: new Date(r.start_date).toISOString(), timezone: r.timezone })
  }
  return out
}
