/**
 * Tax: a team's tax profile, the rates table (data with valid-from dates, a team's own rates
 * first), tax IDs checked by country, and the tax of a sale (VAT, GST, HST; One-Stop Shop rates
 * for online services to EU consumers, where it takes place for in-person services, reverse
 * charge for businesses). Stands on tenants; bookings, payments and teams use it.
 */
export { RATES, type RateOverride, rateFor, tableRate } from './rates'
export { decideTax, REVERSE_CHARGE, REVERSE_CHARGE_EU, refundSplit, type TaxDecision, taxAmounts } from './tax.rules'
export * from './tax.schema'
export { type Billing, type BookingTax, loadTaxProfile, retax, saveTaxProfile, serializeBookingTax, serializeTaxProfile, taxOfSale } from './tax.service'
export { TaxProfile } from './tax-profile.entity'
