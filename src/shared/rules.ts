/**
 * Field rules of docs/product-rules.md section 5, with their messages word for word. Shared by the
 * API (422) and the forms in islands: no server imports here.
 */
import * as v from 'valibot'

export const MESSAGES = {
  email: 'Please enter a valid email address',
  password: 'Password must contain at least one uppercase and one lowercase letter',
  usernameMin: 'Username must be at least 4 characters',
  usernameMax: 'Username must be at most 20 characters',
  usernameFormat: 'Username must start with a letter or number and contain only letters, numbers, underscores and hyphens',
  otpDigit: 'Each digit must be between 0-9',
  otp: 'Please enter a valid 6-OTP code',
  domain: 'Domain must be a valid format like example.com',
  slug: 'Slug must be at least 3 characters',
  tenantName: 'Tenant name is required',
  plan: 'Please select a valid plan',
  firstName: 'First name is required',
  lastName: 'Last name is required',
  country: 'Please select a valid country',
} as const

export const emailRule = v.pipe(v.string(MESSAGES.email), v.trim(), v.toLowerCase(), v.maxLength(255, MESSAGES.email), v.email(MESSAGES.email))

export const passwordRule = v.pipe(
  v.string(MESSAGES.password),
  v.minLength(8, MESSAGES.password),
  v.regex(/[a-z]/, MESSAGES.password),
  v.regex(/[A-Z]/, MESSAGES.password),
)

export const usernameRule = v.pipe(
  v.string(MESSAGES.usernameMin),
  v.trim(),
  v.toLowerCase(),
  v.minLength(4, MESSAGES.usernameMin),
  v.maxLength(20, MESSAGES.usernameMax),
  v.regex(/^[a-z0-9][a-z0-9_-]*$/, MESSAGES.usernameFormat),
)

export const otpRule = v.pipe(
  v.string(MESSAGES.otp),
  v.trim(),
  v.check((s) => /^\d*$/.test(s), MESSAGES.otpDigit),
  v.length(6, MESSAGES.otp),
)

export const slugRule = v.pipe(
  v.string(MESSAGES.slug),
  v.trim(),
  v.toLowerCase(),
  v.minLength(3, MESSAGES.slug),
  v.maxLength(255, 'Slug must be at most 255 characters'),
  v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Slug may contain only letters, numbers and single hyphens'),
)

/** Lowercased and normalised to `https://host` (path, query and port dropped). */
export const domainRule = v.pipe(
  v.string(MESSAGES.domain),
  v.trim(),
  v.toLowerCase(),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const raw = dataset.value
    try {
      const url = new URL(/^[a-z]+:\/\//.test(raw) ? raw : `https://${raw}`)
      const host = url.hostname
      if (!/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(host)) throw new Error()
      return `https://${host}`
    } catch {
      addIssue({ message: MESSAGES.domain })
      return NEVER
    }
  }),
)

/** Optional on update: absent keys stay as they are. */
export const nullableOptional = <S extends v.GenericSchema>(s: S) => v.optional(v.nullable(s))

export const urlRule = (max: number, message = 'Please enter a valid URL') =>
  v.pipe(v.string(message), v.trim(), v.url(message), v.maxLength(max, `Must be at most ${max} characters`))

/**
 * Free-form JSON objects a client may store (`meta` of bookings, seats and job postings): an
 * object of at most `META_MAX_BYTES` once written as JSON, so one body cannot park megabytes in
 * a row every list then reads back.
 */
export const META_MAX_BYTES = 16 * 1024
export const META_MESSAGES = { object: 'Meta must be an object', size: 'Meta cannot exceed 16 KB' } as const
const jsonBytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value) ?? '').length
/** A free-form object within META_MAX_BYTES (`message` when it is not an object). */
export const metaObject = (message: string = META_MESSAGES.object) =>
  v.pipe(
    v.record(v.string(), v.unknown(), message),
    v.check((o) => jsonBytes(o) <= META_MAX_BYTES, META_MESSAGES.size),
  )
/** The same bound on an object schema with known keys (`v.looseObject`). */
export const withinMetaSize = <S extends v.GenericSchema<Record<string, unknown>>>(schema: S) =>
  v.pipe(
    schema,
    v.check((o) => jsonBytes(o) <= META_MAX_BYTES, META_MESSAGES.size),
  )
