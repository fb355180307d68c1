/** Voucher rules: what a voucher gives, why it cannot be used, and its atomic use counter. */
import type { EntityManager } from '@mikro-orm/postgresql'
import { clock } from '../../platform/clock'
import { toMajor } from '../../shared/money'
import type { WorkshopSchedule } from '../workshops'
import { Voucher, type VoucherData } from './voucher.entity'

export type VoucherProblem = 'disabled' | 'expired' | 'used_up' | 'wrong_workshop'

export const VOUCHER_PROBLEMS: Record<VoucherProblem, string> = {
  disabled: 'This voucher is no longer available.',
  expired: 'This voucher has expired.',
  used_up: 'This voucher has been fully used.',
  wrong_workshop: 'This voucher does not apply to this workshop.',
}

/** Why a voucher cannot be used now (on this schedule, when given), or null when it can. */
export function voucherProblem(v: Voucher, schedule: Pick<WorkshopSchedule, 'id' | 'workshop'> | null, at = clock.now()): VoucherProblem | null {
  if (v.disabledAt) return 'disabled'
  if (v.expiresAt && v.expiresAt.getTime() <= at.getTime()) return 'expired'
  if (v.maxUses != null && v.uses >= v.maxUses) return 'used_up'
  if (schedule && v.modelType === 'workshop' && v.modelId !== schedule.workshop.id) return 'wrong_workshop'
  if (schedule && v.modelType === 'workshop_schedule' && v.modelId !== schedule.id) return 'wrong_workshop'
  return null
}

/**
 * Discount in minor units on `total` minor units. percentage: rounded percent of the total,
 * capped by maxDiscount; fixed: the amount (once per booking), capped by maxDiscount; free:
 * the whole total. A maxDiscount of null or 0 means no cap. Never more than the total.
 */
export function discountFor(data: VoucherData, total: number): number {
  let d = 0
  if (data.discountType === 'free') return total
  if (data.discountType === 'percentage') d = Math.round((total * data.discountValue) / 100)
  if (data.discountType === 'fixed') d = Math.round(data.discountValue)
  if (data.maxDiscount) d = Math.min(d, data.maxDiscount)
  return Math.max(0, Math.min(d, total))
}

export async function findVoucherByCode(em: EntityManager, tenantId: string, code: string) {
  return em.findOne(Voucher, { tenant: tenantId, code: code.trim().toUpperCase() }, { filters: false })
}

/**
 * Counts one use, atomically: the UPDATE itself checks maxUses, expiry and that it is enabled, so of many racing
 * redeemers of the last use exactly one gets a row back. Answers the new use count, or null.
 */
export async function redeemVoucher(em: EntityManager, voucherId: string, at = clock.now()): Promise<number | null> {
  const rows = await em.execute(
    `update vouchers set uses = uses + 1, updated_at = ?
      where id = ? and disabled_at is null and (max_uses is null or uses < max_uses) and (expires_at is null or expires_at > ?)
      returning uses`,
    [at, voucherId, at],
  )
  return rows.length ? Number(rows[0].uses) : null
}

/** Gives a use back (a booking that never got paid was released). */
export async function unredeemVoucher(em: EntityManager, voucherId: string) {
  await em.execute(`update vouchers set uses = greatest(uses - 1, 0), updated_at = now() where id = ?`, [voucherId])
}

export function voucherStatus(v: Voucher, at = clock.now()): 'active' | VoucherProblem {
  return voucherProblem(v, null, at) ?? 'active'
}

/** The API view: decimal amounts, derived status and uses left. */
export function serializeVoucher(v: Voucher, currency: string) {
  const d = v.data
  return {
    id: v.id,
    tenantId: v.tenant.id,
    code: v.code,
    modelType: v.modelType ?? null,
    modelId: v.modelId ?? null,
    expiresAt: v.expiresAt ?? null,
    data: {
      discountType: d.discountType,
      discountValue: d.discountType === 'fixed' ? toMajor(d.discountValue, currency) : d.discountValue,
      maxDiscount: d.maxDiscount != null ? toMajor(d.maxDiscount, currency) : null,
      maxUses: d.maxUses ?? null,
    },
    uses: v.uses,
    usesLeft: v.maxUses != null ? Math.max(0, v.maxUses - v.uses) : null,
    status: voucherStatus(v),
    disabledAt: v.disabledAt ?? null,
    createdAt: v.createdAt,
    updatedAt: v.updatedAt,
  }
}

/** What a booker checking a code sees: the offer, never the voucher's id, tenant or use counts. */
export function serializeVoucherForBooker(v: Voucher, currency: string) {
  const { data } = serializeVoucher(v, currency)
  return {
    code: v.code,
    modelType: v.modelType ?? null,
    expiresAt: v.expiresAt ?? null,
    data: { discountType: data.discountType, discountValue: data.discountValue, maxDiscount: data.maxDiscount },
    status: voucherStatus(v),
  }
}

/**
 * The team changed currency: its vouchers' amounts (a fixed discount, any cap) keep the amount
 * the manager typed, rescaled to the new currency's minor unit (half up), like its prices.
 */
export async function rescaleTeamVouchers(em: EntityManager, tenantId: string, shift: number) {
  if (!shift) return
  const scaled = (path: string) =>
    shift > 0 ? `to_jsonb(((data->>'${path}')::numeric * ${10 ** shift})::bigint)` : `to_jsonb(round((data->>'${path}')::numeric / ${10 ** -shift}))`
  await em.execute(
    `update vouchers set updated_at = now(), data = data
       || case when data->>'discountType' = 'fixed' and jsonb_typeof(data->'discountValue') = 'number' then jsonb_build_object('discountValue', ${scaled('discountValue')}) else '{}'::jsonb end
       || case when jsonb_typeof(data->'maxDiscount') = 'number' then jsonb_build_object('maxDiscount', ${scaled('maxDiscount')}) else '{}'::jsonb end
     where tenant_id = ?`,
    [tenantId],
  )
}
