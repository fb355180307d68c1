/**
 * The rates table (rates.json: data, each row valid from its date) and the lookup of the rate in
 * force for a country (and region) on a day, a team's own rates first.
 */
import data from './rates.json'

export interface RateRow {
  country: string
  region?: string | null
  rate: number
  validFrom: string
  name: string
}
export interface RateOverride {
  country: string
  region?: string | null
  rate: number
}

/** The table, checked once at load: codes upper case, dates ISO, rates 0-100. */
export const RATES: readonly RateRow[] = (data.rates as RateRow[]).map((r) => {
  if (!/^[A-Z]{2}$/.test(r.country) || !/^\d{4}-\d{2}-\d{2}$/.test(r.validFrom) || !(r.rate >= 0 && r.rate <= 100)) {
    throw new Error(`rates.json: a bad row ${JSON.stringify(r)}`)
  }
  return { ...r, region: r.region ?? null }
})

const day = (at: Date) => at.toISOString().slice(0, 10)

/** The table's row in force on `at` for the country and region (a region's own row, else the country's), or null. */
export function tableRate(country: string, region: string | null | undefined, at: Date): RateRow | null {
  const c = country.toUpperCase()
  const r = region?.toUpperCase() ?? null
  const d = day(at)
  const inForce = (rows: RateRow[]) => rows.filter((x) => x.validFrom <= d).sort((a, b) => b.validFrom.localeCompare(a.validFrom))[0] ?? null
  const mine = RATES.filter((x) => x.country === c)
  return (r ? inForce(mine.filter((x) => x.region === r)) : null) ?? inForce(mine.filter((x) => !x.region))
}

/**
 * The rate in percent for the country (and region) on `at`: the team's own rate for it (region
 * first) replaces the table's. Null when neither has one (the US, unless the team adds a rate).
 */
export function rateFor(country: string, region: string | null | undefined, at: Date, overrides: readonly RateOverride[] = []): number | null {
  const c = country.toUpperCase()
  const r = region?.toUpperCase() ?? null
  const own = (r ? overrides.find((o) => o.country === c && (o.region ?? null) === r) : null) ?? overrides.find((o) => o.country === c && !o.region)
  if (own) return own.rate
  return tableRate(c, r, at)?.rate ?? null
}
