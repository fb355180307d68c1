/** Vouchers: discount codes of a tenant, checked and redeemed when booking (the front door). */

export { Voucher, type VoucherData } from './voucher.entity'
export { voucherRoutes } from './voucher.routes'
export { discountFor, findVoucherByCode, redeemVoucher, unredeemVoucher, VOUCHER_PROBLEMS, voucherProblem } from './voucher.service'
