/**
 * The price of seats on a schedule: the seats' total, the voucher's discount and the tax the
 * server decides (the team's tax profile, where the session takes place, who buys). A booking
 * is made at this price (createBooking) and the checkout shows it before booking
 * (`POST /v1/bookings/quote`): one computation for both.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { fieldError } from '../../platform/http/errors'
import { type Billing, type BookingTax, loadTaxProfile, taxOfSale } from '../tax'
import type { User } from '../users'
import { discountFor, findVoucherByCode, VOUCHER_PROBLEMS, voucherProblem } from '../vouchers'
import type { Workshop, WorkshopSchedule } from '../workshops'
import type { BookingAddress } from './booking.entity'

/** A province or state the rates table knows by its code ("ON"), else none. */
const regionCode = (s: string | null | undefined) => (s && /^[A-Za-z]{2}$/.test(s.trim()) ? s.trim().toUpperCase() : null)

export interface SeatsPrice {
  /** Minor units: the seats at the workshop's price, the voucher's part of it, and the tax of the rest. */
  total: number
  discount: number
  voucher: Awaited<ReturnType<typeof findVoucherByCode>>
  tax: BookingTax
}

export async function priceSeats(
  em: EntityManager,
  input: {
    user: User
    schedule: WorkshopSchedule
    seats: number
    voucherCode?: string | null
    billing?: Billing | null
    address?: BookingAddress | null
  },
  at: Date,
): Promise<SeatsPrice> {
  const { schedule, user, seats } = input
  const workshop = schedule.workshop as unknown as Workshop
  const tenantId = schedule.tenant.id as string
  const total = workshop.price * seats
  let voucher = null
  let discount = 0
  if (input.voucherCode) {
    voucher = await findVoucherByCode(em, tenantId, input.voucherCode)
    if (!voucher) throw fieldError('voucherCode', 'This voucher code is not valid.')
    const problem = voucherProblem(voucher, schedule, at)
    if (problem) throw fieldError('voucherCode', VOUCHER_PROBLEMS[problem])
    discount = discountFor(voucher.data, total)
  }
  // Who buys: the billing country, else the buyer's profile's, else the billing address's.
  const billing = input.billing ?? null
  const tax = taxOfSale(
    await loadTaxProfile(em, tenantId),
    { mode: schedule.mode, country: schedule.country ?? null, region: regionCode(schedule.state) },
    { country: billing?.country ?? user.profile?.country ?? input.address?.country ?? null, region: billing?.region ?? null, vatId: billing?.vatId ?? null },
    total - discount,
    at,
  )
  return { total, discount, voucher, tax }
}
