/**
 * A team's members: one page of them (one statement), the roles a team may give, and changing
 * or removing a member under the team's one rule: it keeps at least one ACTIVE manager (a
 * member whose team roles include one with members.manage). The check and the change run with
 * the tenant row locked, so two managers demoting each other at once cannot both succeed.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { transaction } from '../../platform/db/after-commit'
import { type ListQuery, likePattern, pagedSql } from '../../platform/db/paged-sql'
import { queryPrepared } from '../../platform/db/prepared'
import { conflict, fieldError, notFound, validationError } from '../../platform/http/errors'
import { isId } from '../../platform/http/ids'
import { ACCOUNT_ROLES, Role, TEAM_PERMISSIONS } from '../roles'
import { Membership, Tenant } from '../tenants'
import { User } from '../users'
import { MEMBER_SETTABLE_STATUSES, TEAM_MESSAGES } from './team.schema'

export const personName = (r: { first_name?: string | null; last_name?: string | null; username?: string | null; email?: string | null }) =>
  [r.first_name, r.last_name].filter(Boolean).join(' ') || r.username || r.email || 'Unknown'

/** Roles a team may give: not the account-wide ones, and every permission acts inside a team. */
export async function assignableRoles(em: EntityManager) {
  const roles = await em.find(Role, { name: { $nin: [...ACCOUNT_ROLES] } }, { orderBy: { name: 'asc' } })
  const team = new Set<string>(TEAM_PERMISSIONS)
  return roles.filter((r) => r.permissions.every((p) => team.has(p))).map((r) => ({ name: r.name, description: r.description ?? null }))
}

/** 422 on `roles` unless every name is a role the team may give; answers the names deduplicated. */
export async function checkRoles(em: EntityManager, names: readonly string[]) {
  const unique = [...new Set(names)]
  if (!unique.length) return unique
  const allowed = new Set((await assignableRoles(em)).map((r) => r.name))
  const bad = unique.filter((n) => !allowed.has(n))
  if (bad.length) throw fieldError('roles', `${TEAM_MESSAGES.roleNotGiven}: ${bad.join(', ')}`)
  return unique
}

const MANAGER_SQL = `exists (select 1 from roles r where r.name = any(m.roles) and 'members.manage' = any(r.permissions))`

/** One page of the team's members (filters q, role, status; sorts name, email, status, joined). */
/**
 * A page of the team's people. `who`: `team`, the people who work in it (a team role, or a coach
 * or super-admin account); `clients`, client accounts with access and no team role (clients of
 * the team, who may book its private sessions); all of them when not given (the API's list).
 */
export async function teamMembersPage(em: EntityManager, tenantId: string, q: ListQuery, opts: { who?: 'team' | 'clients' } = {}) {
  const f = q.filters
  const where = ['m.tenant_id = ?', 'u.deleted_at is null']
  const client = `(cardinality(m.roles) = 0 and not (u.roles && array['coach', 'super-admin']::text[]))`
  if (opts.who === 'team') where.push(`not ${client}`)
  if (opts.who === 'clients') where.push(client)
  const params: unknown[] = [tenantId]
  const like = likePattern(f.q)
  if (like) {
    where.push(`(u.email ilike ? or u.username ilike ? or (coalesce(u.profile->>'firstName', '') || ' ' || coalesce(u.profile->>'lastName', '')) ilike ?)`)
    params.push(like, like, like)
  }
  if (f.role && f.role.length <= 255) where.push('? = any(m.roles)') && params.push(f.role)
  if (f.status && ['ACTIVE', 'PENDING', 'SUSPENDED'].includes(f.status)) where.push('m.status = ?') && params.push(f.status)
  const page = await pagedSql(
    em,
    `select m.id, m.user_id, m.roles, m.status, m.created_at, u.email, u.username, u.avatar, u.roles as account_roles,
            u.profile->>'firstName' as first_name, u.profile->>'lastName' as last_name,
            trim(coalesce(u.profile->>'firstName', '') || ' ' || coalesce(u.profile->>'lastName', '')) as full_name,
            ${MANAGER_SQL} as manager
       from memberships m join users u on u.id = m.user_id
      where ${where.join(' and ')}`,
    params,
    q,
    { name: `lower(coalesce(nullif(t.full_name, ''), t.username, t.email))`, email: 'lower(t.email)', status: 't.status', joined: 't.created_at' },
    't.created_at, t.id',
  )
  return { ...page, rows: page.rows.map(memberRow) }
}

export type MemberRow = ReturnType<typeof memberRow>
function memberRow(r: any) {
  return {
    id: r.id as string,
    userId: r.user_id as string,
    person: {
      id: r.user_id as string,
      name: personName(r),
      email: r.email as string,
      username: (r.username ?? null) as string | null,
      avatarUrl: r.avatar ? `/v1/files/${r.avatar}` : null,
    },
    roles: (r.roles ?? []) as string[],
    accountRoles: ((r.account_roles ?? []) as string[]).filter((x) => x !== 'client'),
    status: r.status as string,
    manager: !!r.manager,
    joinedAt: new Date(r.created_at),
  }
}

/** One member of the team, or 404 (another team's member is not found). */
export async function findMember(em: EntityManager, tenantId: string, memberId: string) {
  if (!isId(memberId)) throw notFound('Member')
  const rows = await em.execute(
    `select m.id, m.user_id, m.roles, m.status, m.created_at, u.email, u.username, u.avatar, u.roles as account_roles,
            u.profile->>'firstName' as first_name, u.profile->>'lastName' as last_name, ${MANAGER_SQL} as manager
       from memberships m join users u on u.id = m.user_id where m.id = ? and m.tenant_id = ?`,
    [memberId, tenantId],
  )
  if (!rows.length) throw notFound('Member')
  return memberRow(rows[0])
}

/** Locks the tenant row (the team's membership changes queue on it) and counts the ACTIVE managers other than `exceptMemberId`. */
async function otherManagers(tem: EntityManager, tenantId: string, exceptMemberId: string) {
  await tem.execute('select id from tenants where id = ? for update', [tenantId])
  const [r] = await tem.execute(`select count(*)::int as n from memberships m where m.tenant_id = ? and m.id <> ? and m.status = 'ACTIVE' and ${MANAGER_SQL}`, [
    tenantId,
    exceptMemberId,
  ])
  return Number(r?.n ?? 0)
}

/** A PostgreSQL text[] literal (each element quoted and escaped). */
export const textArray = (items: readonly string[]) => `{${items.map((x) => `"${x.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`

/** Whether these team roles carry a manager's rights (members.manage). */
export async function holdsManage(tem: EntityManager, roles: readonly string[]) {
  if (!roles.length) return false
  const [r] = await tem.execute(`select exists (select 1 from roles r where r.name = any(?::text[]) and 'members.manage' = any(r.permissions)) as yes`, [
    textArray(roles),
  ])
  return !!r?.yes
}

/** Changes a member's team roles and/or status; 409 when that would leave the team without an ACTIVE manager. */
export async function changeMember(
  em: EntityManager,
  tenantId: string,
  memberId: string,
  input: { roles?: string[]; status?: string },
  /** Runs (before anything is kept) when the change gives or takes the manager's rights: the second check. */
  opts: { managerChange?: () => void } = {},
) {
  const roles = input.roles ? await checkRoles(em, input.roles) : undefined
  if (input.status && !(MEMBER_SETTABLE_STATUSES as readonly string[]).includes(input.status)) throw validationError({ status: [TEAM_MESSAGES.status] })
  await transaction(em, async (tem) => {
    const m = await tem.findOne(Membership, { id: memberId, tenant: tenantId }, { refresh: true })
    if (!m) throw notFound('Member')
    const nextRoles = roles ?? m.roles
    const nextStatus = input.status ?? m.status
    const was = m.status === 'ACTIVE' && (await holdsManage(tem, m.roles))
    const stays = nextStatus === 'ACTIVE' && (await holdsManage(tem, nextRoles))
    if (was && !stays && (await otherManagers(tem, tenantId, m.id)) === 0) throw conflict(TEAM_MESSAGES.lastManager)
    const gives = roles !== undefined && !(await holdsManage(tem, m.roles)) && (await holdsManage(tem, nextRoles))
    if ((was && !stays) || gives) opts.managerChange?.()
    m.roles = nextRoles
    m.status = nextStatus as Membership['status']
    await tem.flush()
    if (nextStatus !== 'ACTIVE') await moveDefaultTeam(tem, m.user.id, tenantId)
  })
  return findMember(em, tenantId, memberId)
}

/** Removes a member; 409 when they are the team's last ACTIVE manager. Their default team moves to another of theirs. */
export async function removeMember(em: EntityManager, tenantId: string, memberId: string) {
  await transaction(em, async (tem) => {
    const m = await tem.findOne(Membership, { id: memberId, tenant: tenantId }, { refresh: true })
    if (!m) throw notFound('Member')
    if (m.status === 'ACTIVE' && (await holdsManage(tem, m.roles)) && (await otherManagers(tem, tenantId, m.id)) === 0)
      throw conflict(TEAM_MESSAGES.lastManager)
    const userId = m.user.id
    await tem.remove(m).flush()
    await moveDefaultTeam(tem, userId, tenantId)
  })
}

/**
 * A user who left a team (removed, suspended) and had it as their default moves to another
 * ACTIVE team of theirs (by name), or none: pages and the API never act in a team they left.
 */
async function moveDefaultTeam(tem: EntityManager, userId: string, leftTenantId: string) {
  await tem.execute(
    `update users u set default_tenant_slug = (
        select t.slug from memberships m join tenants t on t.id = m.tenant_id
         where m.user_id = u.id and m.status = 'ACTIVE' and t.deleted_at is null and t.id <> ? order by t.name limit 1)
      where u.id = ? and u.default_tenant_slug = (select slug from tenants where id = ?)`,
    [leftTenantId, userId, leftTenantId],
  )
}

/** The teams a user is an ACTIVE member of (the switcher), by name. */
export async function teamsOf(em: EntityManager, userId: string) {
  const rows = await queryPrepared<any>(
    em,
    `select t.slug, t.name, m.roles from memberships m join tenants t on t.id = m.tenant_id
      where m.user_id = ? and m.status = 'ACTIVE' and t.deleted_at is null order by t.name, t.slug limit 100`,
    [userId],
  )
  return rows.map((r: any) => ({ slug: r.slug as string, name: r.name as string, roles: (r.roles ?? []) as string[] }))
}

/** Makes `slug` the user's current team (their defaultTenantSlug): an ACTIVE member only (super-admins: any team); else 404. */
export async function switchTeam(em: EntityManager, user: User, slug: string, superAdmin: boolean) {
  const tenant = await em.findOne(Tenant, { slug: slug.toLowerCase() })
  if (!tenant) throw notFound('Team')
  if (!superAdmin && !(await em.count(Membership, { tenant, user: user.id, status: 'ACTIVE' }))) throw notFound('Team')
  await em.nativeUpdate(User, { id: user.id }, { defaultTenantSlug: tenant.slug })
  user.defaultTenantSlug = tenant.slug
  return tenant
}
