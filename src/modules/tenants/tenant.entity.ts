import { defineEntity, p } from '@mikro-orm/core'
import { audited } from '../../platform/audit'
import { baseProperties, pageChangeTriggers, scope, softDeleteFilters, softDeleteProperties } from '../../platform/db/schemas'
import type { RefundPolicy } from '../../shared/refund-policy'
import { User } from '../users'

export const TENANT_PLANS = ['free', 'pro', 'enterprise'] as const
export type TenantPlan = (typeof TENANT_PLANS)[number]
export const MEMBER_STATUSES = ['ACTIVE', 'PENDING', 'SUSPENDED'] as const
export type MemberStatus = (typeof MEMBER_STATUSES)[number]

export const TenantSchema = defineEntity({
  name: 'Tenant',
  tableName: 'tenants',
  // Notes what its writes change for kept pages and memos (platform/db/schemas.ts pageChangeTriggers).
  triggers: [...pageChangeTriggers('tenants', [scope.tenant('id'), scope.listing])],
  filters: softDeleteFilters,
  uniques: [{ name: 'tenants_slug_unique', properties: ['slug'], where: 'deleted_at is null' }],
  properties: {
    ...baseProperties,
    ...softDeleteProperties,
    name: p.string().length(255),
    slug: p.string().length(255),
    email: p.string().length(255).nullable(),
    domain: p.string().length(255).nullable(),
    plan: p.string().length(16).default('free').$type<TenantPlan>(),
    currency: p.string().length(3).default('usd'),
    /** The refund policy of the tenant's workshops that set none (src/shared/refund-policy.ts); null: a full refund. */
    refundPolicy: p.json<RefundPolicy>().nullable(),
    // Next invoice number; taken under a row lock so numbers have no gaps.
    invoiceCounter: p.integer().default(0),
  },
})
export class Tenant extends TenantSchema.class {}
TenantSchema.setClass(Tenant)
// Team settings in the audit log (README "Audit log").
audited(Tenant, { resource: 'team', tenant: 'self', omit: ['invoiceCounter'] })

export const MembershipSchema = defineEntity({
  name: 'Membership',
  tableName: 'memberships',
  // Notes what its writes change for kept pages and memos (platform/db/schemas.ts pageChangeTriggers).
  triggers: [...pageChangeTriggers('memberships', [scope.tenant(), scope.user()])],
  uniques: [{ properties: ['tenant', 'user'] }],
  properties: {
    ...baseProperties,
    tenant: () => p.manyToOne(Tenant).deleteRule('cascade'),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    status: p.string().length(16).default('ACTIVE').$type<MemberStatus>(),
    roles: p
      .array()
      .$type<string[]>()
      .onCreate(() => []),
  },
})
export class Membership extends MembershipSchema.class {}
MembershipSchema.setClass(Membership)
audited(Membership, {
  resource: 'member',
  action: (verb, changed) =>
    verb === 'created' ? 'member.added' : verb === 'deleted' ? 'member.removed' : changed.includes('roles') ? 'member.roles_changed' : 'member.status_changed',
})
