import * as v from 'valibot'
import { RefundPolicyField, RefundPolicyView } from '../../shared/refund-policy'
import { domainRule, emailRule, MESSAGES, slugRule } from '../../shared/rules'
import { DateTime, NullableDateTime, Obj } from '../../shared/view'

export const PLANS = ['free', 'pro', 'enterprise'] as const

/** Section 5: 'Tenant name is required' (the operators' forms and a team's own settings). */
export const tenantNameRule = v.pipe(
  v.string(MESSAGES.tenantName),
  v.trim(),
  v.nonEmpty(MESSAGES.tenantName),
  v.maxLength(255, 'Tenant name must be at most 255 characters'),
)

const fields = {
  name: tenantNameRule,
  slug: slugRule,
  email: v.nullish(emailRule),
  domain: v.nullish(domainRule),
  plan: v.picklist(PLANS, MESSAGES.plan),
}

export const TenantCreateSchema = v.strictObject({
  name: v.optional(fields.name, ''),
  slug: fields.slug,
  email: fields.email,
  domain: fields.domain,
  plan: v.optional(fields.plan, 'free'),
  refundPolicy: RefundPolicyField,
})

export const TenantUpdateSchema = v.strictObject({
  name: v.optional(fields.name),
  slug: v.optional(fields.slug),
  email: fields.email,
  domain: fields.domain,
  plan: v.optional(fields.plan),
  /** The default refund policy of the tenant's workshops (a workshop's own wins); null: a full refund at any time. */
  refundPolicy: RefundPolicyField,
})

/** A member's role names (at most 20). */
const memberRoles = v.pipe(
  v.array(
    v.pipe(
      v.string('Roles must be a list of role names'),
      v.trim(),
      v.nonEmpty('Roles must be a list of role names'),
      v.maxLength(64, 'Role names must be at most 64 characters'),
    ),
    'Roles must be a list of role names',
  ),
  v.maxLength(20, 'A member can have at most 20 roles'),
)

export const MemberCreateSchema = v.strictObject({
  userId: v.pipe(v.string('User is required'), v.uuid('User is required')),
  status: v.optional(v.picklist(['ACTIVE', 'PENDING', 'SUSPENDED'], 'Please select a valid status'), 'ACTIVE'),
  roles: v.optional(memberRoles, []),
})
export const MemberUpdateSchema = v.strictObject({
  status: v.optional(v.picklist(['ACTIVE', 'PENDING', 'SUSPENDED'], 'Please select a valid status')),
  roles: v.optional(memberRoles),
})

/** A tenant as the API answers it (tenant.routes.ts serializeTenant is typed by it). */
export const TenantView = v.object({
  id: v.string(),
  name: v.string(),
  slug: v.string(),
  email: v.nullable(v.string()),
  domain: v.nullable(v.string()),
  plan: v.picklist(PLANS),
  currency: v.string(),
  refundPolicy: v.pipe(RefundPolicyView, v.description("The default refund policy of the tenant's workshops; null: a full refund at any time")),
  limits: Obj,
  createdAt: DateTime,
  updatedAt: DateTime,
  deletedAt: NullableDateTime,
})
/** A membership of a user in a tenant. */
export const MemberView = v.object({
  id: v.string(),
  tenantId: v.string(),
  userId: v.string(),
  status: v.string(),
  roles: v.array(v.string()),
  user: v.optional(v.object({ id: v.string(), email: v.string(), username: v.nullable(v.string()), profile: v.optional(Obj) })),
  createdAt: DateTime,
})
/** A tenant with the caller's (or the user's) membership in it. */
export const CurrentTenantView = v.object({
  ...TenantView.entries,
  membership: v.nullable(v.object({ status: v.string(), roles: v.array(v.string()) })),
})
