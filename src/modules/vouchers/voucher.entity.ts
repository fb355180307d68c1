import { defineEntity, p } from '@mikro-orm/core'
import { audited } from '../../platform/audit'
import { baseProperties, pageChangeTriggers, scope, tenantFilter } from '../../platform/db/schemas'
import { Tenant } from '../tenants'

import { DISCOUNT_TYPES, VOUCHER_MODEL_TYPES } from './voucher.schema'

export { DISCOUNT_TYPES, VOUCHER_MODEL_TYPES }
export type DiscountType = (typeof DISCOUNT_TYPES)[number]
export type VoucherModelType = (typeof VOUCHER_MODEL_TYPES)[number]

/**
 * What a voucher gives. `discountValue` is a percent for `percentage`; for `fixed`, it and
 * `maxDiscount` are minor units of the tenant's currency (the API speaks decimal amounts).
 */
export interface VoucherData {
  discountType: DiscountType
  discountValue: number
  maxDiscount?: number | null
  maxUses?: number | null
}

/** A discount code of a tenant. Uses are counted by a guarded UPDATE, never read-then-write. */
export const VoucherSchema = defineEntity({
  name: 'Voucher',
  tableName: 'vouchers',
  // Notes what its writes change for kept pages and memos (platform/db/schemas.ts pageChangeTriggers).
  triggers: [...pageChangeTriggers('vouchers', [scope.tenant()])],
  filters: tenantFilter,
  uniques: [{ name: 'vouchers_tenant_code_unique', properties: ['tenant', 'code'] }],
  properties: {
    ...baseProperties,
    tenant: () => p.manyToOne(Tenant).deleteRule('cascade'),
    /** Stored upper-case: codes are matched case-insensitively. */
    code: p.string().length(32),
    modelType: p.string().length(32).nullable().$type<VoucherModelType>(),
    modelId: p.uuid().nullable(),
    expiresAt: p.datetime().nullable(),
    data: p.json<VoucherData>(),
    /** Mirror of data.maxUses as a column so the redeem guard is one UPDATE. */
    maxUses: p.integer().nullable(),
    uses: p.integer().default(0),
    /** Set when the team disables the voucher: it stops applying at once (verify, booking, redeem). */
    disabledAt: p.datetime().nullable(),
  },
})
export class Voucher extends VoucherSchema.class {}
VoucherSchema.setClass(Voucher)
audited(Voucher, { resource: 'voucher', omit: ['uses'] })
