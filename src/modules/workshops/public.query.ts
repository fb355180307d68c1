/**
 * The marketplace list's query (GET /v1/public/workshop-schedules and the /workshops page): one
 * valibot schema checks every filter, so the route's validation and the page's reading answer the
 * same messages, all of them at once (a 422 naming each field). Numbers are bounded here, before
 * SQL: a price at most what a workshop may cost (catalogue.rules.ts `amountRule`), seats at most
 * what a workshop may have; nothing reaches PostgreSQL's 32-bit integer columns out of range.
 */
import * as v from 'valibot'
import { issuesToBag, validationError } from '../../platform/http/errors'
import { MAX_PER_PAGE, PageParam, PerPageParam } from '../../platform/http/list-query'
import { isCurrency } from '../../shared/money'
import { isCountryCode } from './catalogue.rules'
import { DELIVERY_MODES, SKILL_LEVELS } from './enums'

export const NUMERIC_FILTERS = {
  minPrice: { min: 0, max: 1_000_000 },
  maxPrice: { min: 0, max: 1_000_000 },
  seatsLeft: { min: 1, max: 10_000 },
} as const
type NumericFilter = keyof typeof NUMERIC_FILTERS

/** The message of a numeric filter's value, or null when it is a number within its bounds. */
export function numericFilterError(k: NumericFilter, raw: string): string | null {
  const { min, max } = NUMERIC_FILTERS[k]
  const n = Number(raw)
  if (raw.trim() === '' || !Number.isFinite(n) || n < min) return `The ${k} must be a number of at least ${min}.`
  if (n > max) return `The ${k} must be a number of at most ${max}.`
  return null
}

const DATE = /^\d{4}-\d{2}-\d{2}/
const dateError = (k: string, raw: string) => (!DATE.test(raw) || Number.isNaN(Date.parse(raw)) ? `The ${k} must be a date like 2026-01-31.` : null)
const WHEN = ['upcoming', 'past', 'all'] as const

/** A text filter whose trimmed value (when not empty) must pass `check` (its message, or null). */
const filter = (description: string, check?: (value: string) => string | null) =>
  v.optional(
    v.pipe(
      v.string(),
      v.rawCheck(({ dataset, addIssue }) => {
        const value = dataset.typed ? dataset.value.trim() : ''
        const message = value && check ? check(value) : null
        if (message) addIssue({ message })
      }),
      v.description(description),
    ),
  )
const numeric = (k: NumericFilter, d: string) => filter(`${d} (${NUMERIC_FILTERS[k].min} to ${NUMERIC_FILTERS[k].max})`, (s) => numericFilterError(k, s))
const trimmed = (s: string | undefined) => s?.trim() || undefined

/** Query of the public marketplace list (documented in OpenAPI). */
export const PublicScheduleQuerySchema = v.pipe(
  v.looseObject({
    page: v.optional(PageParam),
    perPage: v.optional(PerPageParam),
    q: filter(
      'Words of the workshop title or description, or of the coach name, username or business name; every word must match (its beginning, or one typo in a word of five letters or more); results by relevance: words in the title first, then in the description, then in the coach name',
    ),
    level: filter('BEGINNER, INTERMEDIATE or ADVANCED', (s) =>
      (SKILL_LEVELS as readonly string[]).includes(s.toUpperCase()) ? null : 'Please select a valid workshop level',
    ),
    mode: filter('IN-PERSON, ONLINE or HYBRID', (s) =>
      (DELIVERY_MODES as readonly string[]).includes(s.toUpperCase()) ? null : `The mode must be one of ${DELIVERY_MODES.join(', ')}.`,
    ),
    country: filter('Two-letter country code', (s) => (isCountryCode(s.toUpperCase()) ? null : 'Please select a valid country')),
    from: filter('Starts on or after (ISO date or date-time)', (s) => dateError('from', s)),
    to: filter('Starts on or before (ISO date or date-time; a date covers the whole day)', (s) => dateError('to', s)),
    minPrice: numeric('minPrice', 'Lowest seat price (decimal)'),
    maxPrice: numeric('maxPrice', 'Highest seat price (decimal)'),
    currency: filter(
      'The currency of minPrice and maxPrice (lower-case ISO code, default usd): a price range keeps the workshops priced in it, each team selling in its own currency',
      (s) => (isCurrency(s) ? null : 'Please select a valid currency'),
    ),
    coach: filter('Coach id or username'),
    tag: filter('Tag slug'),
    seatsLeft: numeric('seatsLeft', 'At least this many seats left'),
    when: filter('upcoming (default: not ended yet), past, or all', (s) =>
      (WHEN as readonly string[]).includes(s) ? null : 'The when filter must be upcoming, past or all.',
    ),
  }),
  v.forward(
    v.partialCheck(
      [['from'], ['to']],
      (d) => !trimmed(d.from) || !trimmed(d.to) || new Date(endOf(d.to!.trim())) >= new Date(d.from!.trim()),
      'The end of the date range must be after its start.',
    ),
    ['to'],
  ),
  v.forward(
    v.partialCheck(
      [['minPrice'], ['maxPrice']],
      (d) => !trimmed(d.minPrice) || !trimmed(d.maxPrice) || Number(d.maxPrice) >= Number(d.minPrice),
      'The highest price must be at least the lowest price.',
    ),
    ['maxPrice'],
  ),
)

/** A date alone covers its whole day. */
function endOf(raw: string) {
  const d = new Date(raw)
  if (/^\d{4}-\d{2}-\d{2}$/.test(raw)) d.setUTCHours(23, 59, 59, 999)
  return d.getTime()
}

export interface PublicFilters {
  page: number
  perPage: number
  q?: string
  level?: string
  mode?: string
  country?: string
  from?: Date
  to?: Date
  minPrice?: number
  maxPrice?: number
  /** The price range's currency (lower case): a range keeps only workshops priced in it. */
  currency?: string
  coach?: string
  tag?: string
  seatsLeft?: number
  when: 'upcoming' | 'past' | 'all'
}

const KEYS = [
  'page',
  'perPage',
  'q',
  'level',
  'mode',
  'country',
  'from',
  'to',
  'minPrice',
  'maxPrice',
  'currency',
  'coach',
  'tag',
  'seatsLeft',
  'when',
] as const

/** Reads and checks the marketplace filters (the schema above); anything unusable is a 422 naming each field. */
export function parsePublicFilters(sp: URLSearchParams): PublicFilters {
  const input: Record<string, string> = {}
  for (const k of KEYS) {
    const value = sp.get(k) ?? (k === 'perPage' ? sp.get('per_page') : null)
    // An empty page or per page (a form's blank field) is the default, as on every list.
    if (value !== null && !((k === 'page' || k === 'perPage') && value.trim() === '')) input[k] = value
  }
  const r = v.safeParse(PublicScheduleQuerySchema, input, { abortPipeEarly: true })
  if (!r.success) throw validationError(issuesToBag(r.issues))
  const get = (k: (typeof KEYS)[number]) => trimmed(input[k])
  const num = (k: NumericFilter) => (get(k) === undefined ? undefined : Number(get(k)))
  const date = (k: 'from' | 'to') => (get(k) === undefined ? undefined : k === 'to' ? new Date(endOf(get(k)!)) : new Date(get(k)!))
  return {
    page: get('page') ? Number(get('page')) : 1,
    perPage: Math.min(MAX_PER_PAGE, get('perPage') ? Number(get('perPage')) : 10),
    q: get('q')?.slice(0, 200),
    level: get('level')?.toUpperCase(),
    mode: get('mode')?.toUpperCase(),
    country: get('country')?.toUpperCase(),
    from: date('from'),
    to: date('to'),
    minPrice: num('minPrice'),
    maxPrice: num('maxPrice'),
    currency: get('currency')?.toLowerCase(),
    coach: get('coach'),
    tag: get('tag')?.toLowerCase(),
    seatsLeft: num('seatsLeft'),
    when: (get('when') ?? 'upcoming') as PublicFilters['when'],
  }
}
