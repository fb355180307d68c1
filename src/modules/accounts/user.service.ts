/**
 * User use cases: create (user managers), partial update (self or manager) with the rules
 * that need the database (unique username and email, owned avatar, known roles and tenant),
 * and the email change that waits for its code before it becomes primary.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { conflict, type ErrorBag, forbidden, parseOrThrow, validationError } from '../../platform/http/errors'
import { issueCode } from '../auth'
import { Role, SUPER_ADMIN } from '../roles'
import { Tenant } from '../tenants'
import { StoredFile } from '../uploads'
import { type CoachProfile, PRIVILEGED_FIELDS, PrivilegedUserSchema, type Profile, type SocialAccount, User, type UserCreate, type UserUpdate } from '../users'

export const USER_TAKEN = {
  username: 'The username has already been taken.',
  email: 'The email has already been taken.',
} as const

export interface Actor {
  user: User
  /** May change roles, status and tenant fields (users.manage). */
  privileged: boolean
  superAdmin: boolean
  /** For the per-IP limit on verification codes. */
  ip?: string | null
}

/** Argon2id at OWASP's recommended minimum (19 MiB, 2 passes): strong, and quick enough per request. */
export const hashPassword = (plain: string) => Bun.password.hash(plain, { algorithm: 'argon2id', memoryCost: 19456, timeCost: 2 })

const add = (bag: ErrorBag, key: string, message: string) => void (bag[key] ??= []).push(message)

/** Rows keep the order they were sent in; a missing order is the row's position. */
function ordered<T extends { order?: number }>(rows: T[]): (T & { order: number })[] {
  return rows.map((r, i) => ({ ...r, order: r.order ?? i + 1 }))
}

/**
 * Privileged keys from someone who may not set them are dropped (ignored, not refused);
 * from a user manager they are validated (422 on `roles`, `status`, `defaultTenantSlug`).
 */
export function dropPrivileged<T extends Record<string, unknown>>(data: T, privileged: boolean): T {
  const copy = { ...data }
  const sent = PRIVILEGED_FIELDS.filter((k) => copy[k] !== undefined)
  for (const key of PRIVILEGED_FIELDS) delete copy[key]
  if (!privileged || !sent.length) return copy
  const checked = parseOrThrow(PrivilegedUserSchema, Object.fromEntries(sent.map((k) => [k, data[k]])))
  return { ...copy, ...checked }
}

async function checkUnique(em: EntityManager, bag: ErrorBag, data: { username?: string; email?: string }, exceptId?: string) {
  const not = exceptId ? { id: { $ne: exceptId } } : {}
  if (data.username && (await em.count(User, { username: data.username, ...not }))) add(bag, 'username', USER_TAKEN.username)
  if (data.email && (await em.count(User, { email: data.email, ...not }))) add(bag, 'email', USER_TAKEN.email)
}

async function checkPrivileged(
  em: EntityManager,
  bag: ErrorBag,
  actor: Actor,
  data: { roles?: string[]; defaultTenantSlug?: string | null },
  current: string[] = [],
) {
  if (data.roles) {
    const known = new Set((await em.find(Role, { name: { $in: data.roles } })).map((r) => r.name))
    const unknown = data.roles.filter((r) => !known.has(r))
    if (unknown.length) add(bag, 'roles', `Unknown role: ${unknown.join(', ')}`)
    // Only a super-admin makes or unmakes super-admins.
    const touchesSuper = data.roles.includes(SUPER_ADMIN) !== current.includes(SUPER_ADMIN)
    if (touchesSuper && !actor.superAdmin) throw forbidden('Only a super-admin can grant or remove the super-admin role.')
  }
  if (data.defaultTenantSlug && !(await em.count(Tenant, { slug: data.defaultTenantSlug }))) add(bag, 'defaultTenantSlug', 'The selected tenant is invalid.')
}

async function checkAvatar(em: EntityManager, bag: ErrorBag, avatar: string | null | undefined, owner: User, actor: Actor) {
  if (!avatar) return
  const file = await em.findOne(StoredFile, { id: avatar, kind: 'avatar' })
  const mine = file && (file.owner?.id === owner.id || (actor.privileged && file.owner?.id === actor.user.id))
  if (!mine) add(bag, 'avatar', 'The selected avatar is invalid.')
}

function cleanProfile(p: NonNullable<UserUpdate['profile']>): Partial<Profile> {
  const out: Partial<Profile> = { ...p } as Partial<Profile>
  if (p.socialAccounts) out.socialAccounts = ordered(p.socialAccounts) as SocialAccount[]
  return out
}

function cleanCoachProfile(c: NonNullable<UserUpdate['coachProfile']>): Partial<CoachProfile> {
  const out: Partial<CoachProfile> = { ...c } as Partial<CoachProfile>
  if (c.experiences) out.experiences = ordered(c.experiences) as CoachProfile['experiences']
  if (c.certifications)
    out.certifications = c.certifications.map((x) => ({ ...x, issuingDate: x.issuingDate ?? null, certificateUrl: x.certificateUrl ?? null }))
  return out
}

export async function createUser(em: EntityManager, actor: Actor, input: UserCreate) {
  const data = dropPrivileged(input, actor.privileged)
  const bag: ErrorBag = {}
  await checkUnique(em, bag, data)
  await checkPrivileged(em, bag, actor, data)
  if (Object.keys(bag).length) throw validationError(bag)
  const user = em.create(User, {
    email: data.email,
    username: data.username ?? null,
    password: data.password ? await hashPassword(data.password) : null,
    roles: data.roles ?? [],
    status: data.status ?? 'pending',
    defaultTenantSlug: data.defaultTenantSlug ?? null,
    profile: data.profile ? cleanProfile(data.profile) : {},
    coachProfile: data.coachProfile ? cleanCoachProfile(data.coachProfile) : null,
  })
  await em.flush()
  return user
}

/**
 * Partial update. Keys not sent stay as they are; profile and coachProfile merge into the
 * stored objects; privileged keys from a non-manager are dropped. A new email goes to
 * pendingEmail and a code is sent to it (auth/verify-email-using-otp makes it primary);
 * a manager editing someone else's account sets it directly.
 */
export async function updateUser(em: EntityManager, actor: Actor, user: User, input: UserUpdate) {
  const data = dropPrivileged(input, actor.privileged)
  const bag: ErrorBag = {}
  const emailChanges = data.email !== undefined && data.email !== user.email
  await checkUnique(em, bag, { username: data.username !== user.username ? data.username : undefined, email: emailChanges ? data.email : undefined }, user.id)
  await checkAvatar(em, bag, data.avatar, user, actor)
  await checkPrivileged(em, bag, actor, data, user.roles)
  if (Object.keys(bag).length) throw validationError(bag)

  if (data.email !== undefined) {
    const direct = actor.privileged && actor.user.id !== user.id
    if (!emailChanges) user.pendingEmail = null
    else if (direct) {
      user.email = data.email
      user.pendingEmail = null
      user.emailVerifiedAt = null
    } else {
      await issueCode(em, data.email, 'verify-email', { ip: actor.ip })
      user.pendingEmail = data.email
    }
  }
  if (data.username !== undefined) user.username = data.username
  if (data.password !== undefined) user.password = await hashPassword(data.password)
  if (data.avatar !== undefined) user.avatar = data.avatar
  if (data.profile) user.profile = { ...(user.profile ?? {}), ...cleanProfile(data.profile) }
  if (data.coachProfile) user.coachProfile = { ...(user.coachProfile ?? {}), ...cleanCoachProfile(data.coachProfile) }
  if (data.roles !== undefined) user.roles = data.roles
  if (data.status !== undefined) user.status = data.status
  if (data.defaultTenantSlug !== undefined) user.defaultTenantSlug = data.defaultTenantSlug
  await em.flush()
  return user
}

/** A deleted account comes back only if no active account took its email or username meanwhile. */
export async function assertRestorable(em: EntityManager, user: User) {
  const bag: ErrorBag = {}
  await checkUnique(em, bag, { email: user.email, username: user.username ?? undefined }, user.id)
  if (Object.keys(bag).length) throw conflict(`Cannot restore: another account now uses this ${Object.keys(bag).join(' and ')}.`)
}
