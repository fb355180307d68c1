/**
 * Voucher request bodies with the messages of docs/product-rules.md section 5. No server imports:
 * the admin forms use the same schema. Amounts are decimal (49.99), as the API shows money.
 */
import * as v from 'valibot'
import { DateTime, NullableDateTime } from '../../shared/view'

export const DISCOUNT_TYPES = ['percentage', 'fixed', 'free'] as const
export const VOUCHER_MODEL_TYPES = ['workshop', 'workshop_schedule'] as const

export const VOUCHER_MESSAGES = {
  code: 'Voucher code cannot exceed 32 characters',
  codeRequired: 'Voucher code is required',
  codeFormat: 'Voucher code may contain only letters, numbers, hyphens and underscores',
  discountType: 'Please select a valid discount type',
  discountValue: 'Discount value must be at least 0',
  maxDiscount: 'Maximum discount must be at least 0',
  maxUses: 'Maximum uses must be a whole number of at least 1',
  percentage: 'Percentage discount must be between 0 and 100',
  modelType: 'Please select what the voucher applies to: workshop or workshop_schedule',
  modelId: 'Please select the workshop or schedule the voucher applies to',
  expiresAt: 'Expiry must be a valid date and time',
  disabled: 'Disabled must be true or false',
} as const
const M = VOUCHER_MESSAGES

/** Shared with the booking form: same rule, same message. */
export const voucherCodeRule = v.pipe(
  v.string(M.codeRequired),
  v.trim(),
  v.nonEmpty(M.codeRequired),
  v.maxLength(32, M.code),
  v.regex(/^[A-Za-z0-9_-]+$/, M.codeFormat),
  v.toUpperCase(),
)

const dataEntries = {
  discountType: v.optional(v.picklist(DISCOUNT_TYPES, M.discountType), '' as never),
  discountValue: v.optional(
    v.pipe(v.number(M.discountValue), v.minValue(0, M.discountValue), v.maxValue(1_000_000, 'Discount value must be at most 1000000')),
    0,
  ),
  maxDiscount: v.nullish(v.pipe(v.number(M.maxDiscount), v.minValue(0, M.maxDiscount), v.maxValue(1_000_000, 'Maximum discount must be at most 1000000'))),
  maxUses: v.nullish(v.pipe(v.number(M.maxUses), v.integer(M.maxUses), v.minValue(1, M.maxUses))),
}

const percentageInRange = v.forward<any, any, any>(
  v.check(
    (d: { discountType: string; discountValue?: number }) => d.discountType !== 'percentage' || ((d.discountValue ?? 0) >= 0 && (d.discountValue ?? 0) <= 100),
    M.percentage,
  ),
  ['discountValue'],
)

export const VoucherDataSchema = v.pipe(v.strictObject(dataEntries), percentageInRange)

// Also accepts a Date: the route validates the body once and the handler parses its output again.
const expiresAt = v.nullish(
  v.union(
    [
      v.date(M.expiresAt),
      v.pipe(
        v.string(M.expiresAt),
        v.check((s) => !Number.isNaN(Date.parse(s)), M.expiresAt),
        v.transform((s) => new Date(s)),
      ),
    ],
    M.expiresAt,
  ),
)
const modelType = v.nullish(v.picklist(VOUCHER_MODEL_TYPES, M.modelType))
const modelId = v.nullish(v.pipe(v.string(M.modelId), v.uuid(M.modelId)))

const targetComplete = v.forward<any, any, any>(
  v.check((d: { modelType?: string | null; modelId?: string | null }) => !d.modelType === !d.modelId, M.modelId),
  ['modelId'],
)

export const VoucherCreateSchema = v.pipe(
  v.strictObject({ code: v.optional(voucherCodeRule, ''), modelType, modelId, expiresAt, data: v.optional(VoucherDataSchema, {} as never) }),
  targetComplete,
)

/** Partial: `data` keys are merged into the stored data and checked again as a whole; `disabled` switches the voucher off (or on again). */
export const VoucherUpdateSchema = v.strictObject({
  code: v.optional(voucherCodeRule),
  modelType,
  modelId,
  expiresAt,
  disabled: v.optional(v.boolean(M.disabled)),
  data: v.optional(
    v.strictObject({
      discountType: v.optional(v.picklist(DISCOUNT_TYPES, M.discountType)),
      discountValue: v.optional(dataEntries.discountValue),
      maxDiscount: dataEntries.maxDiscount,
      maxUses: dataEntries.maxUses,
    }),
  ),
})

export const VoucherVerifyQuerySchema = v.looseObject({
  workshopScheduleId: v.optional(v.pipe(v.string(), v.uuid('Please select a valid workshop schedule'))),
  seats: v.optional(
    v.union(
      [v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(9999)), v.pipe(v.string(), v.regex(/^[1-9]\d{0,3}$/), v.transform(Number))],
      'At least 1 seat is required',
    ),
  ),
})

export const VoucherRedeemSchema = v.optional(
  v.nullable(
    v.strictObject({
      workshopScheduleId: v.optional(v.pipe(v.string(), v.uuid('Please select a valid workshop schedule'))),
    }),
  ),
)

const VoucherData = v.object({
  discountType: v.picklist(DISCOUNT_TYPES),
  discountValue: v.number(),
  maxDiscount: v.nullable(v.number()),
})
/** A voucher as its team sees it (voucher.service.ts serializeVoucher). */
export const VoucherView = v.object({
  id: v.string(),
  tenantId: v.string(),
  code: v.string(),
  modelType: v.nullable(v.string()),
  modelId: v.nullable(v.string()),
  expiresAt: NullableDateTime,
  data: v.object({ ...VoucherData.entries, maxUses: v.nullable(v.number()) }),
  uses: v.number(),
  usesLeft: v.nullable(v.number()),
  status: v.pipe(v.string(), v.description('active, or why it cannot be used now: disabled, expired, used_up')),
  disabledAt: NullableDateTime,
  createdAt: DateTime,
  updatedAt: DateTime,
})
/** What a booker checking a code sees: the offer, never the id, tenant or use counts. */
export const VoucherOfferView = v.object({
  code: v.string(),
  modelType: v.nullable(v.string()),
  expiresAt: NullableDateTime,
  data: VoucherData,
  status: v.string(),
})
/** A code checked by a booker: the offer, whether it applies and the amounts. */
export const VoucherCheckView = v.object({
  ...VoucherOfferView.entries,
  valid: v.boolean(),
  reason: v.nullable(v.string()),
  message: v.string(),
  workshop: v.nullable(v.object({ id: v.string(), title: v.string(), scheduleId: v.string() })),
  amount: v.nullable(v.object({ seats: v.number(), currency: v.string(), total: v.number(), discount: v.number(), due: v.number() })),
})

/** A booking that used a voucher (the voucher's usage list). */
export const VoucherUsageView = v.object({
  id: v.string(),
  status: v.string(),
  seats: v.number(),
  total: v.number(),
  discount: v.number(),
  paid: v.number(),
  currency: v.string(),
  bookedAt: v.string(),
  workshop: v.object({ title: v.string(), startDate: v.string(), timezone: v.string() }),
  coachId: v.string(),
  client: v.object({ name: v.string(), email: v.string() }),
})

/** What the voucher form may pick: `q` narrows the workshops by title; `modelType` + `modelId` keep a voucher's own target listed. */
export const VoucherTargetsQuerySchema = v.looseObject({
  q: v.optional(v.pipe(v.string(), v.maxLength(100, 'The search must be at most 100 characters')), ''),
  modelType: v.optional(v.picklist(VOUCHER_MODEL_TYPES, 'The model type must be workshop or workshop_schedule')),
  modelId: v.optional(v.pipe(v.string(), v.uuid('Please select a valid workshop or schedule'))),
})

/** A workshop a voucher may apply to, with its next sessions (or last month's). */
export const VoucherTargetView = v.object({
  id: v.string(),
  title: v.string(),
  schedules: v.array(v.object({ id: v.string(), startDate: v.string(), timezone: v.string() })),
})
export type VoucherTarget = v.InferOutput<typeof VoucherTargetView>
