import * as v from 'valibot'

const Option = v.object({ value: v.string(), label: v.string() })
const Rate = v.object({ country: v.string(), region: v.nullable(v.string()), rate: v.number() })

/** The team's tax profile as `/c/settings` shows it to its managers, with the countries to choose from. */
export const TeamTaxProps = v.object({
  profile: v.object({
    legalName: v.nullable(v.string()),
    address: v.nullable(v.string()),
    country: v.nullable(v.string()),
    region: v.nullable(v.string()),
    taxId: v.nullable(v.string()),
    registered: v.boolean(),
    pricesIncludeTax: v.boolean(),
    rates: v.array(Rate),
  }),
  countries: v.array(Option),
})
export type TeamTaxProps = v.InferOutput<typeof TeamTaxProps>
