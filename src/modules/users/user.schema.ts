/**
 * Valibot schemas of a user: profile, coach profile, social accounts, username, email,
 * password (docs/product-rules.md section 5, messages word for word). No server imports: the
 * settings cards validate with these same schemas before they send.
 */
import * as v from 'valibot'
import { countryRule } from '../../shared/country-codes'
import { emailRule, MESSAGES, passwordRule, slugRule, usernameRule } from '../../shared/rules'

export const USER_STATUSES = ['pending', 'active', 'suspended'] as const
export type UserStatusValue = (typeof USER_STATUSES)[number]

/** Social link kinds of spec section 3. */
export const SOCIAL_PLATFORMS = [
  'facebook',
  'linkedin',
  'instagram',
  'youtube',
  'tiktok',
  'pinterest',
  'reddit',
  'snapchat',
  'x',
  'telegram',
  'discord',
  'twitch',
  'github',
  'gitlab',
] as const
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number]

export const USER_MESSAGES = {
  firstName: MESSAGES.firstName,
  lastName: MESSAGES.lastName,
  nameMax: 'Name must be at most 255 characters',
  headline: 'Headline is required',
  headlineMax: 'Headline must be at most 255 characters',
  phoneNumber: 'Phone number must be at least 1 character',
  phoneNumberMax: 'Phone number must be at most 32 characters',
  country: MESSAGES.country,
  platform: 'Platform is required',
  platformInvalid: 'Please select a valid platform',
  url: 'Please enter a valid URL',
  urlMax: 'URL must be at most 255 characters',
  socialAccountsMax: 'You can link at most 30 social accounts',
  order: 'Order must be at least 1',
  bio: 'Bio is required',
  bioMax: 'Bio must be at most 1000 characters',
  introductionVideo: 'Introduction video must be a valid URL or video ID',
  introductionVideoMax: 'Introduction video must be at most 255 characters',
  title: 'Title is required',
  company: 'Company is required',
  issuingOrganization: 'Issuing organization is required',
  issuingDate: 'Issuing date must be a date like 2024-01-31',
  years: 'Years must be at least 0',
  months: 'Months must be at least 0',
  certificateUrl: 'Please enter a valid URL',
  certificateUrlMax: 'Certificate URL must be at most 255 characters',
  businessNameMax: 'Business name must be at most 255 characters',
  specialization: 'Specializations must be non-empty texts of at most 100 characters',
  specializationsMax: 'You can list at most 20 specializations',
  avatar: 'The selected avatar is invalid.',
  status: 'Please select a valid status',
  role: 'Roles must be a list of role names',
  rolesMax: 'A user can have at most 20 roles',
} as const

/** http(s) only: a `javascript:` link on a public profile would run in visitors' browsers. */
export function isHttpUrl(s: string) {
  if (!/^https?:\/\//i.test(s)) return false
  try {
    const u = new URL(s)
    return u.hostname.includes('.') || u.hostname === 'localhost'
  } catch {
    return false
  }
}

const text = (required: string, max: number, maxMessage: string) => v.pipe(v.string(required), v.trim(), v.minLength(1, required), v.maxLength(max, maxMessage))

/**
 * The message of an object schema: a missing required key answers that field's own message
 * (valibot would say "Invalid key"); any other issue (not an object at all) answers `other`.
 */
const keyMessages = (messages: Record<string, string>, other: string) => (issue: v.BaseIssue<unknown>) => {
  const key = issue.path?.at(-1)?.key
  return issue.expected?.startsWith('"') && typeof key === 'string' && messages[key] ? messages[key] : other
}

/** Optional text that may be cleared: '' and null both store null. */
const clearable = (max: number, maxMessage: string) =>
  v.optional(
    v.nullable(
      v.pipe(
        v.string(maxMessage),
        v.trim(),
        v.maxLength(max, maxMessage),
        v.transform((s) => s || null),
      ),
    ),
  )

const orderRule = v.pipe(v.number(USER_MESSAGES.order), v.integer(USER_MESSAGES.order), v.minValue(1, USER_MESSAGES.order))

export const SocialAccountSchema = v.object(
  {
    platform: v.pipe(
      v.string(USER_MESSAGES.platform),
      v.trim(),
      v.toLowerCase(),
      v.minLength(1, USER_MESSAGES.platform),
      v.check((s) => (SOCIAL_PLATFORMS as readonly string[]).includes(s), USER_MESSAGES.platformInvalid),
    ),
    url: v.pipe(v.string(USER_MESSAGES.url), v.trim(), v.check(isHttpUrl, USER_MESSAGES.url), v.maxLength(255, USER_MESSAGES.urlMax)),
    /** Position in the list, from 1; filled from the row's place when left out. */
    order: v.optional(orderRule),
  },
  keyMessages({ platform: USER_MESSAGES.platform, url: USER_MESSAGES.url }, 'Each social account must have a platform and a URL'),
)

const profileFields = {
  firstName: text(USER_MESSAGES.firstName, 255, USER_MESSAGES.nameMax),
  middleName: clearable(255, USER_MESSAGES.nameMax),
  lastName: text(USER_MESSAGES.lastName, 255, USER_MESSAGES.nameMax),
  headline: v.optional(v.nullable(text(USER_MESSAGES.headline, 255, USER_MESSAGES.headlineMax))),
  country: v.optional(v.nullable(countryRule)),
  phoneNumber: v.optional(
    v.nullable(v.pipe(v.string(USER_MESSAGES.phoneNumber), v.trim(), v.minLength(1, USER_MESSAGES.phoneNumber), v.maxLength(32, USER_MESSAGES.phoneNumberMax))),
  ),
  socialAccounts: v.optional(v.pipe(v.array(SocialAccountSchema, 'Social accounts must be a list'), v.maxLength(30, USER_MESSAGES.socialAccountsMax))),
}

/** The whole profile (display name card, onboarding): first and last name required. */
export const ProfileSchema = v.strictObject(
  profileFields,
  keyMessages({ firstName: USER_MESSAGES.firstName, lastName: USER_MESSAGES.lastName }, 'The profile must be an object'),
)

/** A partial profile: only the keys sent change; socialAccounts, when sent, replaces the list. */
export const ProfileUpdateSchema = v.strictObject({
  ...profileFields,
  firstName: v.optional(text(USER_MESSAGES.firstName, 255, USER_MESSAGES.nameMax)),
  lastName: v.optional(text(USER_MESSAGES.lastName, 255, USER_MESSAGES.nameMax)),
})

/** The social accounts card's values; it sends them as `{ profile: { socialAccounts } }`. */
export const SocialAccountsSchema = v.strictObject({
  socialAccounts: v.pipe(v.array(SocialAccountSchema, 'Social accounts must be a list'), v.maxLength(30, USER_MESSAGES.socialAccountsMax)),
})

export const ExperienceSchema = v.object(
  {
    title: text(USER_MESSAGES.title, 255, 'Title must be at most 255 characters'),
    company: text(USER_MESSAGES.company, 255, 'Company must be at most 255 characters'),
    order: v.optional(orderRule),
    years: v.optional(v.pipe(v.number(USER_MESSAGES.years), v.integer(USER_MESSAGES.years), v.minValue(0, USER_MESSAGES.years)), 0),
    months: v.optional(v.pipe(v.number(USER_MESSAGES.months), v.integer(USER_MESSAGES.months), v.minValue(0, USER_MESSAGES.months)), 0),
  },
  keyMessages({ title: USER_MESSAGES.title, company: USER_MESSAGES.company }, 'Each experience must have a title and a company'),
)

export const CertificationSchema = v.object(
  {
    title: text(USER_MESSAGES.title, 255, 'Title must be at most 255 characters'),
    issuingOrganization: text(USER_MESSAGES.issuingOrganization, 255, 'Issuing organization must be at most 255 characters'),
    issuingDate: v.optional(v.nullable(v.pipe(v.string(USER_MESSAGES.issuingDate), v.trim(), v.isoDate(USER_MESSAGES.issuingDate)))),
    /** A valid URL of at most 255 characters, or empty (stored as null). */
    certificateUrl: v.optional(
      v.nullable(
        v.pipe(
          v.string(USER_MESSAGES.certificateUrl),
          v.trim(),
          v.maxLength(255, USER_MESSAGES.certificateUrlMax),
          v.check((s) => s === '' || isHttpUrl(s), USER_MESSAGES.certificateUrl),
          v.transform((s) => s || null),
        ),
      ),
    ),
    order: orderRule,
  },
  keyMessages(
    { title: USER_MESSAGES.title, issuingOrganization: USER_MESSAGES.issuingOrganization, order: USER_MESSAGES.order },
    'Each certification must have a title, an issuing organization and an order',
  ),
)

/** A video URL (YouTube, Vimeo, ...) or a bare video id such as `dQw4w9WgXcQ`. */
const introductionVideoRule = v.pipe(
  v.string(USER_MESSAGES.introductionVideo),
  v.trim(),
  v.maxLength(255, USER_MESSAGES.introductionVideoMax),
  v.check((s) => s === '' || isHttpUrl(s) || /^[A-Za-z0-9_-]+$/.test(s), USER_MESSAGES.introductionVideo),
  v.transform((s) => s || null),
)

const flag = v.optional(v.boolean('Must be true or false'))

/** Every coach-profile key is optional: the stored object is merged with what is sent. */
export const CoachProfileUpdateSchema = v.strictObject({
  businessName: clearable(255, USER_MESSAGES.businessNameMax),
  specializations: v.optional(
    v.pipe(
      v.array(
        v.pipe(v.string(USER_MESSAGES.specialization), v.trim(), v.minLength(1, USER_MESSAGES.specialization), v.maxLength(100, USER_MESSAGES.specialization)),
      ),
      v.maxLength(20, USER_MESSAGES.specializationsMax),
    ),
  ),
  bio: v.optional(v.nullable(text(USER_MESSAGES.bio, 1000, USER_MESSAGES.bioMax))),
  introductionVideo: v.optional(v.nullable(introductionVideoRule)),
  experiences: v.optional(v.pipe(v.array(ExperienceSchema, 'Experiences must be a list'), v.maxLength(50, 'You can list at most 50 experiences'))),
  certifications: v.optional(v.pipe(v.array(CertificationSchema, 'Certifications must be a list'), v.maxLength(50, 'You can list at most 50 certifications'))),
  completedBusinessAccelerator: flag,
  completedVideoResources: flag,
  completedQuizzes: flag,
  completedConsultation: flag,
})

const avatarRule = v.nullable(v.pipe(v.string(USER_MESSAGES.avatar), v.uuid(USER_MESSAGES.avatar)))

/** Fields only a user manager may change; anyone else's are dropped, never stored. */
export const PRIVILEGED_FIELDS = ['roles', 'status', 'defaultTenantSlug'] as const

const privileged = {
  roles: v.optional(
    v.pipe(
      v.array(v.pipe(v.string(USER_MESSAGES.role), v.trim(), v.minLength(1, USER_MESSAGES.role), v.maxLength(64, USER_MESSAGES.role)), USER_MESSAGES.role),
      v.maxLength(20, USER_MESSAGES.rolesMax),
      v.transform((r) => [...new Set(r)]),
    ),
  ),
  status: v.optional(v.picklist(USER_STATUSES, USER_MESSAGES.status)),
  defaultTenantSlug: v.optional(v.nullable(slugRule)),
}

/** The privileged keys, checked only when a user manager sends them. */
export const PrivilegedUserSchema = v.object(privileged)

const ignoredUnlessManager = (what: string) =>
  v.optional(v.pipe(v.unknown(), v.description(`${what}. Only user managers (super-admins) may set it; from anyone else it is ignored, never stored.`)))

/**
 * `PATCH /v1/users/{id}`: every key optional. `profile` and `coachProfile` are partial and
 * merged into the stored objects; `profile.socialAccounts` replaces the list; a new `email`
 * waits in `pendingEmail` until its code is verified; `avatar` is the id of an uploaded file.
 */
export const UserUpdateSchema = v.strictObject({
  username: v.optional(usernameRule),
  email: v.optional(emailRule),
  password: v.optional(passwordRule),
  avatar: v.optional(avatarRule),
  profile: v.optional(ProfileUpdateSchema),
  coachProfile: v.optional(CoachProfileUpdateSchema),
  // Accepted in any shape here so a client's stray values are dropped, not refused;
  // PrivilegedUserSchema checks them when a user manager sends them.
  roles: ignoredUnlessManager('Global role names, e.g. ["coach"]'),
  status: ignoredUnlessManager(`One of ${USER_STATUSES.join(', ')}`),
  defaultTenantSlug: ignoredUnlessManager('Slug of the tenant used when no X-Team header is sent'),
})
export type UserUpdate = Omit<v.InferOutput<typeof UserUpdateSchema>, 'roles' | 'status' | 'defaultTenantSlug'> & v.InferOutput<typeof PrivilegedUserSchema>

/** `POST /v1/users` (user managers): an account that signs in with a code sent to its email. */
export const UserCreateSchema = v.strictObject(
  {
    email: emailRule,
    username: v.optional(usernameRule),
    password: v.optional(passwordRule),
    profile: v.optional(ProfileSchema),
    coachProfile: v.optional(CoachProfileUpdateSchema),
    ...privileged,
  },
  keyMessages({ email: MESSAGES.email }, 'The body must be a JSON object'),
)
export type UserCreate = v.InferOutput<typeof UserCreateSchema>

/** The cards of the settings dialog, each a slice of the update. */
export const DisplayNameSchema = v.strictObject({
  profile: v.strictObject(
    { firstName: profileFields.firstName, middleName: profileFields.middleName, lastName: profileFields.lastName },
    keyMessages({ firstName: USER_MESSAGES.firstName, lastName: USER_MESSAGES.lastName }, 'The profile must be an object'),
  ),
})
export const UsernameSchema = v.strictObject({ username: usernameRule }, keyMessages({ username: MESSAGES.usernameMin }, 'Invalid form'))
export const EmailSchema = v.strictObject({ email: emailRule }, keyMessages({ email: MESSAGES.email }, 'Invalid form'))
export const PasswordSchema = v.strictObject({ password: passwordRule }, keyMessages({ password: MESSAGES.password }, 'Invalid form'))
