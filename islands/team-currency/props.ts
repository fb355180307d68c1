import * as v from 'valibot'

const Option = v.object({ value: v.string(), label: v.string() })

/** The team's currency (its managers change it while no booking is paid or held): the supported ones as options. */
export const TeamCurrencyProps = v.object({ currency: v.string(), locked: v.boolean(), options: v.array(Option) })
export type TeamCurrencyProps = v.InferOutput<typeof TeamCurrencyProps>
