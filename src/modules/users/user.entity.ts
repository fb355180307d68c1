import { defineEntity, type Opt, p } from '@mikro-orm/core'
import { baseProperties, pageChangeTriggers, scope, softDeleteFilters, softDeleteProperties } from '../../platform/db/schemas'

export interface SocialAccount {
  platform: string
  url: string
  order: number
}
export interface Profile {
  firstName?: string | null
  middleName?: string | null
  lastName?: string | null
  headline?: string | null
  country?: string | null
  phoneNumber?: string | null
  socialAccounts?: SocialAccount[]
}
export interface Experience {
  title: string
  company: string
  order: number
  years: number
  months: number
}
export interface Certification {
  title: string
  issuingOrganization: string
  issuingDate?: string | null
  certificateUrl?: string | null
  order: number
}
export interface CoachProfile {
  businessName?: string | null
  specializations?: string[]
  bio?: string | null
  introductionVideo?: string | null
  experiences?: Experience[]
  certifications?: Certification[]
  completedBusinessAccelerator?: boolean
  completedVideoResources?: boolean
  completedQuizzes?: boolean
  completedConsultation?: boolean
}

export { USER_STATUSES } from './user.schema'
export type UserStatus = import('./user.schema').UserStatusValue

/** A user's teams as page-change scopes: their memberships and the teams they booked in (booking_people). */
const USER_TENANTS = `unnest(array(select 't:' || m.tenant_id from memberships m where m.user_id = r.id
  union select 't:' || p.tenant_id from booking_people p where p.user_id = r.id))`

export const UserSchema = defineEntity({
  name: 'User',
  tableName: 'users',
  // Touches the marketplace rows this row shows on, so their cached cards change version
  // (migration listing_cards, which also creates the function; the DDL here is what it runs).
  triggers: [
    {
      name: 'users_touch_listing_cards',
      timing: 'after',
      events: ['update'],
      expression: `create trigger users_touch_listing_cards after update of username, avatar, profile, coach_profile on users
  for each row when (old.username is distinct from new.username or old.avatar is distinct from new.avatar
    or old.profile is distinct from new.profile or old.coach_profile is distinct from new.coach_profile)
  execute function touch_listing_cards();`,
    },
    // Notes what its writes change for kept pages and memos: the user, the listing (coach names) and every team they belong to or booked in.
    ...pageChangeTriggers('users', [scope.user('id'), scope.listing, USER_TENANTS]),
    // The marketplace search (workshops/public.search.ts, migration public_search): the documents of
    // a coach's schedules follow their names, and the lexicon gets the words of a coach's names.
    // (A sign-in or a setting of someone else's writes no document: they coach no schedule.)
    {
      name: 'users_search',
      timing: 'after',
      events: ['insert', 'update'],
      expression: `create trigger users_search after insert or update of username, profile, coach_profile, roles on users
  for each row execute function search_source_changed();`,
    },
  ],
  filters: softDeleteFilters,
  // Partial: a soft-deleted account does not keep its email or username taken.
  uniques: [
    { name: 'users_email_unique', properties: ['email'], where: 'deleted_at is null' },
    { name: 'users_username_unique', properties: ['username'], where: 'deleted_at is null' },
  ],
  properties: {
    ...baseProperties,
    ...softDeleteProperties,
    username: p.string().length(20).nullable(),
    email: p.string().length(255),
    // Set when a new address waits for its code; becomes `email` once verified.
    pendingEmail: p.string().length(255).nullable(),
    status: p.string().length(16).default('pending').$type<UserStatus>(),
    password: p.string().nullable().hidden(),
    avatar: p.uuid().nullable(),
    emailVerifiedAt: p.datetime().nullable(),
    roles: p
      .array()
      .$type<string[]>()
      .onCreate(() => []),
    defaultTenantSlug: p.string().nullable(),
    profile: p.json<Profile>().onCreate(() => ({})),
    coachProfile: p.json<CoachProfile>().nullable(),
    oidcSubject: p.string().nullable(),
    stripeCustomerId: p.string().nullable(),
    /**
     * When the person deleted their account: the row stays (their bookings, payments and invoices
     * are kept as the law requires) but holds nothing personal any more ("Deleted user").
     */
    erasedAt: p.datetime().nullable(),
  },
})
export class User extends UserSchema.class {
  hasRole(role: string) {
    return this.roles.includes(role)
  }
  // Opt: derived, never passed to em.create().
  get isSuperAdmin(): Opt<boolean> {
    return this.roles.includes('super-admin')
  }
  get isCoach(): Opt<boolean> {
    return this.roles.includes('coach')
  }
}
UserSchema.setClass(User)
