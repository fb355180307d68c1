/**
 * Team invitations: a manager invites an address with the roles the membership starts with;
 * the mail carries a single-use link (`/invitations/team/{token}`, only its SHA-256 stored).
 * Accepting is one guarded UPDATE of the PENDING row plus the membership, in one transaction,
 * so a link works once however many requests race; resend gives the row a new token and
 * expiry, revoke closes it. Mail goes after the commit.
 */
import { UniqueConstraintViolationException } from '@mikro-orm/core'
import type { EntityManager } from '@mikro-orm/postgresql'
import { config } from '../../config'
import { recordAudit } from '../../platform/audit'
import { clock } from '../../platform/clock'
import { randomToken, sha256 } from '../../platform/crypto'
import { afterCommit, transaction } from '../../platform/db/after-commit'
import { type ListQuery, likePattern, pagedSql } from '../../platform/db/paged-sql'
import { conflict, fieldError, forbidden, type HttpError, notFound } from '../../platform/http/errors'
import { isId } from '../../platform/http/ids'
import { layout, queueMail } from '../../platform/mail'
import { formatMoment } from '../../shared/datetime'
import type { ViewOf } from '../../shared/view'
import type { Tenant } from '../tenants'
import type { User } from '../users'
import { checkRoles, personName, textArray } from './members.service'
import { TEAM_INVITATION_DAYS, TEAM_MESSAGES, type TeamInvitationStatus, type TeamInvitationView, type TeamInvite } from './team.schema'
import { TeamInvitation } from './team-invitation.entity'

export const teamInvitationUrl = (token: string) => `${config.APP_URL}/invitations/team/${token}`
const DAY = 86_400_000

/** A PENDING invitation past its expiry reads as EXPIRED (the row catches up lazily). */
const statusSql = `case when i.status = 'PENDING' and i.expires_at <= ? then 'EXPIRED' else i.status end`

const ROW_SQL = `select i.id, i.email, i.roles, ${statusSql} as status, i.sent_at, i.expires_at, i.responded_at, i.tenant_id,
            u.id as inviter_id, u.email as inviter_email, u.username as inviter_username,
            u.profile->>'firstName' as first_name, u.profile->>'lastName' as last_name
       from team_invitations i left join users u on u.id = i.inviter_id`

function invitationRow(r: any, url?: string): ViewOf<typeof TeamInvitationView> {
  return {
    id: r.id,
    email: r.email,
    roles: r.roles ?? [],
    status: r.status as TeamInvitationStatus,
    inviter: r.inviter_id ? { id: r.inviter_id, name: personName({ ...r, username: r.inviter_username, email: r.inviter_email }) } : null,
    sentAt: new Date(r.sent_at),
    expiresAt: new Date(r.expires_at),
    respondedAt: r.responded_at ? new Date(r.responded_at) : null,
    ...(url ? { url } : {}),
  }
}

async function invitationById(em: EntityManager, tenantId: string, id: string, at: Date, url?: string) {
  const rows = await em.execute(`${ROW_SQL} where i.id = ? and i.tenant_id = ?`, [at, id, tenantId])
  if (!rows.length) throw notFound('Invitation')
  return invitationRow(rows[0], url)
}

/** One page of the team's invitations: waiting and expired ones unless `status` says otherwise; q matches the address. */
export async function teamInvitationsPage(em: EntityManager, tenantId: string, q: ListQuery, at = clock.now()) {
  const f = q.filters
  const where = ['t.tenant_id = ?']
  const params: unknown[] = [tenantId]
  if (f.status && (['PENDING', 'ACCEPTED', 'DECLINED', 'REVOKED', 'EXPIRED'] as string[]).includes(f.status))
    where.push('t.status = ?') && params.push(f.status)
  else where.push(`t.status in ('PENDING', 'EXPIRED')`)
  const like = likePattern(f.q)
  if (like) where.push('t.email ilike ?') && params.push(like)
  const page = await pagedSql(
    em,
    `select * from (${ROW_SQL}) t where ${where.join(' and ')}`,
    [at, ...params],
    q,
    { email: 't.email', status: 't.status', sent: 't.sent_at', expires: 't.expires_at' },
    't.sent_at desc, t.id',
  )
  return { ...page, rows: page.rows.map((r) => invitationRow(r)) }
}

function mailInvitation(opts: { to: string; token: string; team: string; inviter: User; roles: string[]; expiresAt: Date }) {
  const who = personName({
    first_name: opts.inviter.profile?.firstName,
    last_name: opts.inviter.profile?.lastName,
    username: opts.inviter.username,
    email: opts.inviter.email,
  })
  const mail = layout(`${who} invited you to join ${opts.team} on ${config.SITE_NAME}`, `Join ${opts.team}`, [
    { p: `${who} invited you to join the team ${opts.team} as ${opts.roles.join(' and ')}.` },
    {
      p: `Sign in (or create an account) with ${opts.to} to accept. The link works once and expires on ${formatMoment(opts.expiresAt, 'UTC')}.`,
    },
    { button: { label: 'Accept the invitation', url: teamInvitationUrl(opts.token) } },
  ])
  queueMail({ to: opts.to, ...mail })
}

/** Invites an address (not a member yet, no other waiting invitation) with team roles; mails the link after the commit. */
export async function inviteToTeam(em: EntityManager, tenant: Tenant, inviter: User, input: TeamInvite, at = clock.now()) {
  const roles = await checkRoles(em, input.roles)
  const email = input.email.toLowerCase()
  const [member] = await em.execute(`select 1 from memberships m join users u on u.id = m.user_id where m.tenant_id = ? and lower(u.email) = ?`, [
    tenant.id,
    email,
  ])
  if (member) throw fieldError('email', TEAM_MESSAGES.alreadyMember)
  const token = randomToken()
  const expiresAt = new Date(at.getTime() + TEAM_INVITATION_DAYS * DAY)
  let id: string
  try {
    id = await transaction(em, async (tem) => {
      // An earlier invitation that ran out no longer blocks a new one.
      await tem.execute(
        `update team_invitations set status = 'EXPIRED', updated_at = ? where tenant_id = ? and email = ? and status = 'PENDING' and expires_at <= ?`,
        [at, tenant.id, email, at],
      )
      const inv = tem.create(TeamInvitation, {
        tenant: tenant.id,
        email,
        roles,
        tokenHash: sha256(token),
        status: 'PENDING',
        inviter: inviter.id,
        sentAt: at,
        expiresAt,
      })
      await tem.flush()
      afterCommit(tem, () => mailInvitation({ to: email, token, team: tenant.name, inviter, roles, expiresAt }))
      return inv.id
    })
  } catch (err) {
    if (err instanceof UniqueConstraintViolationException) throw fieldError('email', TEAM_MESSAGES.alreadyInvited)
    throw err
  }
  return invitationById(em, tenant.id, id, at, teamInvitationUrl(token))
}

/** A new link (and expiry) for a waiting, expired or declined invitation; mailed again. */
export async function resendInvitation(em: EntityManager, tenant: Tenant, id: string, inviter: User, at = clock.now()) {
  if (!isId(id)) throw notFound('Invitation')
  const token = randomToken()
  const expiresAt = new Date(at.getTime() + TEAM_INVITATION_DAYS * DAY)
  let rows: any[]
  try {
    rows = await transaction(em, async (tem) => {
      const rows = await tem.execute(
        `update team_invitations set token_hash = ?, status = 'PENDING', sent_at = ?, expires_at = ?, inviter_id = ?, responded_at = null, updated_at = ?
          where id = ? and tenant_id = ? and status in ('PENDING', 'EXPIRED', 'DECLINED') returning email, roles`,
        [sha256(token), at, expiresAt, inviter.id, at, id, tenant.id],
      )
      if (rows.length)
        await recordAudit(tem, {
          tenantId: tenant.id,
          action: 'invitation.resent',
          resource: 'invitation',
          resourceId: id,
          after: { status: 'PENDING', expiresAt },
        })
      if (rows.length) afterCommit(tem, () => mailInvitation({ to: rows[0].email, token, team: tenant.name, inviter, roles: rows[0].roles ?? [], expiresAt }))
      return rows
    })
  } catch (err) {
    if (err instanceof UniqueConstraintViolationException) throw conflict('Another invitation to this address is waiting: resend that one instead.')
    throw err
  }
  if (!rows.length) {
    const inv = await invitationById(em, tenant.id, id, at)
    throw conflict(inv.status === 'ACCEPTED' ? 'This invitation was accepted: the person is a member now.' : 'This invitation was withdrawn: send a new one.')
  }
  return invitationById(em, tenant.id, id, at, teamInvitationUrl(token))
}

/** Withdraws a waiting invitation: its link stops working. */
export async function revokeInvitation(em: EntityManager, tenantId: string, id: string, at = clock.now()) {
  if (!isId(id)) throw notFound('Invitation')
  const rows = await transaction(em, async (tem) => {
    const rows = await tem.execute(
      `update team_invitations set status = 'REVOKED', responded_at = ?, updated_at = ? where id = ? and tenant_id = ? and status = 'PENDING' returning id, email`,
      [at, at, id, tenantId],
    )
    if (rows.length)
      await recordAudit(tem, {
        tenantId,
        action: 'invitation.revoked',
        resource: 'invitation',
        resourceId: id,
        before: { status: 'PENDING' },
        after: { status: 'REVOKED' },
      })
    return rows
  })
  if (!rows.length) {
    await invitationById(em, tenantId, id, at)
    throw conflict('Only a waiting invitation can be withdrawn.')
  }
  return invitationById(em, tenantId, id, at)
}

async function byToken(em: EntityManager, token: string, at: Date) {
  const rows = await em.execute(
    `select i.id, i.email, i.roles, ${statusSql} as status, i.expires_at, t.name as team_name, t.slug as team_slug,
            u.email as inviter_email, u.username as inviter_username, u.profile->>'firstName' as first_name, u.profile->>'lastName' as last_name, u.id as inviter_id
       from team_invitations i join tenants t on t.id = i.tenant_id and t.deleted_at is null left join users u on u.id = i.inviter_id
      where i.token_hash = ?`,
    [at, sha256(token)],
  )
  return rows[0] as any
}

/** What the mailed link shows (public: the token is the credential). */
export async function showTeamInvitation(em: EntityManager, token: string, at = clock.now()) {
  const r = await byToken(em, token, at)
  if (!r) throw notFound('Invitation')
  return {
    team: { name: r.team_name as string, slug: r.team_slug as string },
    email: r.email as string,
    roles: (r.roles ?? []) as string[],
    status: r.status as TeamInvitationStatus,
    inviter: r.inviter_id ? { name: personName({ ...r, username: r.inviter_username, email: r.inviter_email }) } : null,
    expiresAt: new Date(r.expires_at),
  }
}

const CLOSED: Record<string, string> = {
  ACCEPTED: 'This invitation has already been accepted.',
  DECLINED: 'This invitation was declined.',
  REVOKED: 'This invitation was withdrawn by the team.',
  EXPIRED: 'This invitation has expired. Ask the team to send a new one.',
}

/** Why a token could not be used: 404 unknown, 409 closed, 403 another address. */
async function explain(em: EntityManager, token: string, user: User | null, at: Date): Promise<HttpError> {
  const r = await byToken(em, token, at)
  if (!r) return notFound('Invitation')
  if (CLOSED[r.status]) return conflict(CLOSED[r.status])
  if (user && user.email.toLowerCase() !== r.email) return forbidden(`This invitation is for ${r.email}: sign in with that address to accept it.`)
  return conflict(CLOSED.ACCEPTED)
}

/**
 * Accepts: the signed-in account (its address must be the invited one) becomes an ACTIVE member
 * with the invited roles (merged with any it had), the account opens the coach area (the coach
 * role) and the team becomes its current one. One transaction; a token works once.
 */
export async function acceptTeamInvitation(em: EntityManager, token: string, user: User, at = clock.now()) {
  const result = await transaction(em, async (tem) => {
    const rows = await tem.execute(
      `update team_invitations set status = 'ACCEPTED', accepted_by_id = ?, responded_at = ?, updated_at = ?
        where token_hash = ? and status = 'PENDING' and expires_at > ? and email = ?
        returning id, tenant_id, roles`,
      [user.id, at, at, sha256(token), at, user.email.toLowerCase()],
    )
    if (!rows.length) return null
    const { id: invitationId, tenant_id: tenantId, roles } = rows[0] as { id: string; tenant_id: string; roles: string[] }
    const [before] = await tem.execute<{ status: string; roles: string[] }[]>('select status, roles from memberships where tenant_id = ? and user_id = ?', [
      tenantId,
      user.id,
    ])
    const [member] = await tem.execute<{ id: string; status: string; roles: string[] }[]>(
      `insert into memberships (id, created_at, updated_at, tenant_id, user_id, status, roles) values (?, ?, ?, ?, ?, 'ACTIVE', ?::text[])
       on conflict (tenant_id, user_id) do update set status = 'ACTIVE', updated_at = excluded.updated_at,
          roles = array(select distinct r from unnest(memberships.roles || excluded.roles) as r order by r)
       returning id, status, roles`,
      [Bun.randomUUIDv7(), at, at, tenantId, user.id, textArray(roles ?? [])],
    )
    // The audit log: the invitation used, and the member it made (the person acting is the invited one).
    await recordAudit(tem, {
      tenantId,
      action: 'invitation.accepted',
      resource: 'invitation',
      resourceId: invitationId,
      before: { status: 'PENDING' },
      after: { status: 'ACCEPTED', acceptedBy: user.id },
    })
    await recordAudit(tem, {
      tenantId,
      action: before ? 'member.roles_changed' : 'member.added',
      resource: 'member',
      resourceId: member.id,
      before: before ? { status: before.status, roles: before.roles } : null,
      after: { user: user.id, status: member.status, roles: member.roles },
    })
    const [team] = await tem.execute(
      `update users set roles = case when 'coach' = any(roles) then roles else roles || '{coach}'::text[] end,
              default_tenant_slug = (select slug from tenants where id = ?), updated_at = ?
        where id = ? returning default_tenant_slug as slug`,
      [tenantId, at, user.id],
    )
    const [t] = await tem.execute('select name from tenants where id = ?', [tenantId])
    return { team: { slug: team.slug as string, name: t.name as string }, roles: roles ?? [] }
  })
  if (!result) throw await explain(em, token, user, at)
  return result
}

/** Declines (no sign-in needed: the token is the credential). */
export async function declineTeamInvitation(em: EntityManager, token: string, at = clock.now()) {
  const rows = await transaction(em, async (tem) => {
    const rows = await tem.execute(
      `update team_invitations set status = 'DECLINED', responded_at = ?, updated_at = ? where token_hash = ? and status = 'PENDING' and expires_at > ? returning id, tenant_id`,
      [at, at, sha256(token), at],
    )
    if (rows.length)
      await recordAudit(tem, {
        tenantId: rows[0].tenant_id,
        action: 'invitation.declined',
        resource: 'invitation',
        resourceId: rows[0].id,
        before: { status: 'PENDING' },
        after: { status: 'DECLINED' },
      })
    return rows
  })
  if (!rows.length) throw await explain(em, token, null, at)
}
