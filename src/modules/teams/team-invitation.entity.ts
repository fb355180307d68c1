import { defineEntity, p } from '@mikro-orm/core'
import { audited } from '../../platform/audit'
import { baseProperties, pageChangeTriggers, scope, tenantFilter } from '../../platform/db/schemas'
import { Tenant } from '../tenants'
import { User } from '../users'
import { TEAM_INVITATION_STATUSES, type TeamInvitationStatus } from './team.schema'

/**
 * An invitation to join a team, mailed as `${APP_URL}/invitations/team/{token}` (only the
 * token's SHA-256 is stored). PENDING -> ACCEPTED | DECLINED | REVOKED | EXPIRED by guarded
 * UPDATEs on the PENDING row, so a token works once whatever races; a resend gives the row a
 * new token and expiry. At most one PENDING invitation per address and team (unique index).
 */
export const TeamInvitationSchema = defineEntity({
  name: 'TeamInvitation',
  tableName: 'team_invitations',
  // Notes what its writes change for kept pages and memos (platform/db/schemas.ts pageChangeTriggers).
  triggers: [...pageChangeTriggers('team_invitations', [scope.tenant(), scope.email()])],
  filters: tenantFilter,
  uniques: [
    { name: 'team_invitations_token_unique', properties: ['tokenHash'] },
    { name: 'team_invitations_pending_unique', properties: ['tenant', 'email'], where: "status = 'PENDING'" },
  ],
  properties: {
    ...baseProperties,
    tenant: () => p.manyToOne(Tenant).deleteRule('cascade').index(),
    /** Lower-cased. */
    email: p.string().length(255),
    /** Membership roles given on accepting (team roles only). */
    roles: p
      .array()
      .$type<string[]>()
      .onCreate(() => []),
    tokenHash: p.string().length(64),
    status: p.string().length(16).default('PENDING').$type<TeamInvitationStatus>(),
    inviter: () => p.manyToOne(User).nullable().deleteRule('set null'),
    acceptedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    sentAt: p.datetime(),
    expiresAt: p.datetime(),
    respondedAt: p.datetime().nullable(),
  },
})
export class TeamInvitation extends TeamInvitationSchema.class {}
TeamInvitationSchema.setClass(TeamInvitation)
audited(TeamInvitation, { resource: 'invitation' })

export { TEAM_INVITATION_STATUSES }
