/**
 * A team's own management (the coach area's Team, Vouchers and Team settings pages): request
 * bodies with their messages and the views the routes answer. No server imports: the islands
 * validate with the same schemas.
 */
import * as v from 'valibot'
import { CURRENCY_CODES, isCurrency } from '../../shared/money'
import { RefundPolicyField, RefundPolicyView } from '../../shared/refund-policy'
import { emailRule, slugRule } from '../../shared/rules'
import { DateTime, NullableDateTime } from '../../shared/view'
import { TaxProfileSchema, TaxProfileView } from '../tax/tax.schema'
import { tenantNameRule } from '../tenants/tenant.schema'

export const TEAM_INVITATION_STATUSES = ['PENDING', 'ACCEPTED', 'DECLINED', 'REVOKED', 'EXPIRED'] as const
export type TeamInvitationStatus = (typeof TEAM_INVITATION_STATUSES)[number]
/** Statuses a team manager may set on a member (PENDING is the operators'). */
export const MEMBER_SETTABLE_STATUSES = ['ACTIVE', 'SUSPENDED'] as const
/** How long a team invitation link works. */
export const TEAM_INVITATION_DAYS = 7
/** Most roles one member (or invitation) may carry. */
export const MAX_MEMBER_ROLES = 10

export const TEAM_MESSAGES = {
  rolesRequired: 'Please choose at least one role',
  rolesMax: `A member can have at most ${MAX_MEMBER_ROLES} roles`,
  roleName: 'Please choose a role',
  roleNotGiven: 'This role cannot be given in a team',
  status: 'Please select a valid status',
  alreadyMember: 'This person is already a member of the team.',
  alreadyInvited: 'An invitation to this address is already waiting: resend it instead.',
  lastManager: 'A team needs at least one manager: make another member a manager first.',
  token: 'This invitation link is not valid.',
  currency: 'Please select a supported currency',
  currencyLocked: 'The currency cannot change once the team has paid or held bookings',
} as const
const M = TEAM_MESSAGES

const roleName = v.pipe(v.string(M.roleName), v.trim(), v.nonEmpty(M.roleName), v.maxLength(255, M.roleName))
const roleList = v.pipe(v.array(roleName, M.roleName), v.maxLength(MAX_MEMBER_ROLES, M.rolesMax))

/** POST /v1/t/invitations: who, and the roles the membership starts with (default coach). */
export const TeamInviteSchema = v.strictObject({
  email: emailRule,
  roles: v.optional(v.pipe(roleList, v.minLength(1, M.rolesRequired)), ['coach']),
})
export type TeamInvite = v.InferOutput<typeof TeamInviteSchema>

/** PATCH /v1/t/members/{id}: the member's team roles (replaced as a whole) and status. */
export const TeamMemberChangeSchema = v.strictObject({
  roles: v.optional(roleList),
  status: v.optional(v.picklist(MEMBER_SETTABLE_STATUSES, M.status)),
})

/** POST /v1/t/switch: the team pages and the API act in from now on (the user's defaultTenantSlug). */
export const TeamSwitchSchema = v.strictObject({ slug: slugRule })

/** PATCH /v1/t: the team's name (section 5: 'Tenant name is required'). */
export const TeamRenameSchema = v.strictObject({ name: tenantNameRule })

/** A currency the team may sell in (src/shared/money.ts), stored lower case. */
export const currencyRule = v.pipe(v.string(M.currency), v.trim(), v.toLowerCase(), v.check(isCurrency, M.currency))
export { CURRENCY_CODES }

/**
 * PATCH /v1/t: what a team manager may change of the team itself, each field optional: its name,
 * its default refund policy (the policy of its workshops that have none of their own; null: a
 * full refund at any time), its currency (only while it has no paid or held booking) and its tax
 * profile (tax.schema.ts), with the very rules of the workshop and tenant APIs.
 */
export const TeamChangeSchema = v.strictObject({
  name: v.optional(tenantNameRule),
  refundPolicy: RefundPolicyField,
  currency: v.optional(currencyRule),
  taxProfile: v.optional(TaxProfileSchema),
})

/** The body of accept and decline: the token of the mailed link. */
export const TeamInvitationTokenSchema = v.strictObject({
  token: v.pipe(v.string(M.token), v.trim(), v.minLength(16, M.token), v.maxLength(200, M.token)),
})

const Person = v.object({ id: v.string(), name: v.string(), email: v.string(), username: v.nullable(v.string()), avatarUrl: v.nullable(v.string()) })

/** One member as the team sees it. */
export const TeamMemberView = v.object({
  id: v.string(),
  userId: v.string(),
  person: Person,
  roles: v.array(v.string()),
  /** The account's own roles (coach, super-admin): not the team's to change. */
  accountRoles: v.array(v.string()),
  status: v.string(),
  manager: v.pipe(v.boolean(), v.description('Holds members.manage in this team')),
  joinedAt: DateTime,
})

/** An invitation as the team's managers see it. */
export const TeamInvitationView = v.object({
  id: v.string(),
  email: v.string(),
  roles: v.array(v.string()),
  status: v.picklist(TEAM_INVITATION_STATUSES),
  inviter: v.nullable(v.object({ id: v.string(), name: v.string() })),
  sentAt: DateTime,
  expiresAt: DateTime,
  respondedAt: NullableDateTime,
  /** The link, answered once (on create and resend) so it can also be shared by hand. */
  url: v.optional(v.string()),
})

/** What the mailed link shows (no sign-in: the token is the credential). */
export const PublicTeamInvitationView = v.object({
  team: v.object({ name: v.string(), slug: v.string() }),
  email: v.string(),
  roles: v.array(v.string()),
  status: v.picklist(TEAM_INVITATION_STATUSES),
  inviter: v.nullable(v.object({ name: v.string() })),
  expiresAt: DateTime,
})

/** A team the user belongs to (the switcher's list). */
export const TeamBriefView = v.object({ slug: v.string(), name: v.string(), roles: v.array(v.string()) })
/** The current team and the others of the user. */
export const MyTeamsView = v.object({ current: v.nullable(TeamBriefView), teams: v.array(TeamBriefView) })

const Limit = v.object({ used: v.number(), max: v.nullable(v.number()) })
/** The team, its plan, the limits in use and what each plan allows. */
export const TeamSettingsView = v.object({
  id: v.string(),
  name: v.string(),
  slug: v.string(),
  currency: v.string(),
  currencyLocked: v.pipe(v.boolean(), v.description('The team has paid or held bookings: its currency can no longer change')),
  plan: v.string(),
  refundPolicy: v.pipe(RefundPolicyView, v.description("The default refund policy of the team's workshops; null: a full refund at any time")),
  taxProfile: TaxProfileView,
  members: v.number(),
  limits: v.object({ publishedSchedules: Limit, openJobPostings: Limit }),
  plans: v.array(v.object({ plan: v.string(), publishedSchedules: v.nullable(v.number()), openJobPostings: v.nullable(v.number()) })),
})

/** One role a team may give (the member forms' choices). */
export const TeamRoleView = v.object({ name: v.string(), description: v.nullable(v.string()) })
