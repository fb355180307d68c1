import { defineEntity, p } from '@mikro-orm/core'
import { baseProperties, pageChangeTriggers, scope } from '../../platform/db/schemas'
import { Tenant } from '../tenants'
import type { RateOverride } from './rates'

/**
 * A team's tax profile: who it is on its invoices (legal name, address, country, tax ID), whether
 * it is registered for tax (not registered: no tax is charged), whether its prices include tax,
 * and its own rates that replace the table's. One row per team; a team without one charges no tax.
 */
export const TaxProfileSchema = defineEntity({
  name: 'TaxProfile',
  tableName: 'tax_profiles',
  // Notes what its writes change for kept pages and memos: the team's pages and the listing (its price notes).
  triggers: pageChangeTriggers('tax_profiles', [scope.tenant(), scope.listing]),
  uniques: [{ name: 'tax_profiles_tenant_unique', properties: ['tenant'] }],
  properties: {
    ...baseProperties,
    tenant: () => p.manyToOne(Tenant).deleteRule('cascade'),
    legalName: p.string().length(255).nullable(),
    address: p.string().length(1000).nullable(),
    country: p.string().length(2),
    /** A province (Canada) or state (US): the rate of the seller's own region. */
    region: p.string().length(8).nullable(),
    taxId: p.string().length(64).nullable(),
    registered: p.boolean().default(false),
    pricesIncludeTax: p.boolean().default(false),
    rates: p.json<RateOverride[]>().onCreate(() => []),
  },
})
export class TaxProfile extends TaxProfileSchema.class {}
TaxProfileSchema.setClass(TaxProfile)
