/**
 * Field rules and messages shared by the catalogue schemas (section 5 of the spec where it
 * gives them, word for word). No server imports: the forms use the same rules.
 */
import * as v from 'valibot'
import { isId } from '../../platform/http/ids'
import { countryByCode, countryRule as sharedCountryRule } from '../../shared/countries'
import { isHttpUrl } from '../../shared/urls'

export const CATALOGUE_MESSAGES = {
  titleMin: 'Title must be at least 3 characters',
  titleMax: 'Title must be at most 255 characters',
  url: 'Please enter a valid URL',
  max255: 'Must be at most 255 characters',
  price: 'Price is required',
  priceMin: 'Price cannot be negative',
  level: 'Please select a valid workshop level',
  status: 'Workshop status is required',
  visibility: 'Workshop visibility is required',
  mode: 'Workshop mode is required',
  coach: 'Coach is required',
  workshop: 'Workshop is required',
  startDate: 'Start date is required',
  endDate: 'End date is required',
  endAfterStart: 'End date must be after start date',
  timezone: 'Please select a valid time zone',
  country: 'Please select a valid country',
  minSeats: 'Minimum seats must be a whole number of at least 1',
  maxSeats: 'Maximum seats must be a whole number of at least 1',
  seatsOrder: 'Maximum seats must be at least the minimum seats',
  resourceNeeds: 'URL is required for links and videos, file path is required for files and documents',
  venue: 'A venue address is required for in-person and hybrid workshops',
  meetingUrl: 'A meeting link is required for online and hybrid workshops',
} as const
const M = CATALOGUE_MESSAGES

/**
 * A required key whose absence reports the field's own message (valibot's default for a
 * missing key is generic): the key defaults to null, which the field's schema rejects.
 */
export const required = <S extends v.GenericSchema>(schema: S) => v.optional(schema, null) as unknown as S

export const titleRule = v.pipe(v.string('Title is required'), v.trim(), v.minLength(3, M.titleMin), v.maxLength(255, M.titleMax))

/** A valid absolute http(s) URL of at most `max` characters (`javascript:` and friends never). */
export const urlMax = (max: number) =>
  v.pipe(v.string(M.url), v.trim(), v.url(M.url), v.check(isHttpUrl, M.url), v.maxLength(max, `Must be at most ${max} characters`))

/** A valid absolute http(s) URL, or a picture kept by the image provider (`/v1/files/<id>`, as the demo workshops have). */
const PROVIDER_PREFIX = '/v1/files/'
const isProvided = (s: string) => s.startsWith(PROVIDER_PREFIX) && isId(s.slice(PROVIDER_PREFIX.length))
const urlOrProvided = (max: number) =>
  v.pipe(
    v.string(M.url),
    v.trim(),
    v.check((s) => isProvided(s) || isHttpUrl(s), M.url),
    v.maxLength(max, `Must be at most ${max} characters`),
  )
/** An image or video reference: empty string means none. */
export const optionalUrl = (max = 255) => v.optional(v.nullable(v.union([v.literal(''), urlOrProvided(max)], M.url)))

export const descriptionRule = v.pipe(v.string(), v.trim(), v.maxLength(20000, 'Description must be at most 20000 characters'))
/** "What you will learn": at most 10 outcomes of at most 200 characters each (blank lines dropped). */
export const outcomesRule = v.optional(
  v.pipe(
    v.array(v.pipe(v.string('Each outcome must be text'), v.trim(), v.maxLength(200, 'Each outcome must be at most 200 characters'))),
    v.transform((xs) => xs.filter((x) => x !== '')),
    v.maxLength(10, 'At most 10 outcomes'),
  ),
)

/** Decimal amount (e.g. 49.99) as the API shows it; stored in minor units. */
export const amountRule = (min: number, message: string) =>
  v.pipe(v.number(message), v.minValue(min, message), v.maxValue(1_000_000, 'Price must be at most 1000000'))

export const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz })
    return true
  } catch {
    return false
  }
}
export const timezoneRule = v.pipe(v.string(M.timezone), v.trim(), v.check(isTimeZone, M.timezone))

/** A two-letter code of the product's country list (section 3), any case. */
export const isCountryCode = (c: string) => !!countryByCode(c)
export const countryRule = sharedCountryRule

/** ISO 8601 date-time (or date) string. */
export const dateRule = (message: string) =>
  v.pipe(
    v.string(message),
    v.trim(),
    v.nonEmpty(message),
    v.check((s) => /^\d{4}-\d{2}-\d{2}/.test(s) && !Number.isNaN(Date.parse(s)), message),
  )

export const slugInput = v.pipe(
  v.string('Slug must be at least 3 characters'),
  v.trim(),
  v.toLowerCase(),
  v.minLength(3, 'Slug must be at least 3 characters'),
  v.maxLength(255, 'Slug must be at most 255 characters'),
  v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Slug may contain only letters, numbers and single hyphens'),
)

export const uuidRule = (message: string) => v.pipe(v.string(message), v.uuid(message))

/** "Hello, World!" -> "hello-world" */
export function slugify(s: string) {
  return (
    s
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 200) || 'item'
  )
}

/** A rule over two or more fields, reported on `target` (runs once those fields are valid). */
export const crossField = (paths: string[][], check: (d: any) => boolean, message: string, target: string): any =>
  v.forward(v.partialCheck(paths as any, check as any, message) as any, [target] as any)
