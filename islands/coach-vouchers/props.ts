import * as v from 'valibot'
import { DataTableProps } from '../data-table/props'

/** A voucher as its form edits it (amounts decimal, as the API speaks). */
export const VoucherEdit = v.object({
  id: v.string(),
  code: v.string(),
  discountType: v.picklist(['percentage', 'fixed', 'free']),
  discountValue: v.number(),
  maxDiscount: v.nullable(v.number()),
  maxUses: v.nullable(v.number()),
  expiresAt: v.nullable(v.string()),
  modelType: v.nullable(v.string()),
  modelId: v.nullable(v.string()),
  disabled: v.boolean(),
})
export type VoucherEdit = v.InferOutput<typeof VoucherEdit>

/**
 * The team's vouchers: the list (the paged data table, with edit and disable per row and New
 * voucher), or one voucher's page (edit, disable). What a voucher applies to loads as its form opens.
 */
export const CoachVouchersProps = v.object({
  mode: v.picklist(['list', 'detail']),
  currency: v.string(),
  table: v.optional(DataTableProps),
  voucher: v.optional(VoucherEdit),
})
export type CoachVouchersProps = v.InferOutput<typeof CoachVouchersProps>
