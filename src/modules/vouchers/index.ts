/** Vouchers: discount codes of a tenant, checked and redeemed when booking (the front door). */

export { Voucher, type VoucherData } from './voucher.entity'
export { VOUCHER_STATUSES, type VoucherRow, type VoucherUsageRow, voucherSummary, vouchersPage, voucherTargets, voucherUsagePage } from './voucher.lists'
export { voucherRoutes } from './voucher.routes'
export { discountFor, findVoucherByCode, redeemVoucher, rescaleTeamVouchers, unredeemVoucher, VOUCHER_PROBLEMS, voucherProblem } from './voucher.service'
