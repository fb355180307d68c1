/**
 * Voucher request bodies with the messages of product-spec section 5. No server imports:
 * the admin forms use the same schema. Amounts are decimal (49.99), as the API shows money.
 */
import * as v from 'valibot'

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

/** Partial: `data` keys are merged into the stored data and checked again as a whole. */
export const VoucherUpdateSchema = v.strictObject({
  code: v.optional(voucherCodeRule),
  modelType,
  modelId,
  expiresAt,
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
      [v.pipe(v.number(), v.integer(), v.minValue(1)), v.pipe(v.string(), v.regex(/^[1-9]\d{0,3}$/), v.transform(Number))],
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
