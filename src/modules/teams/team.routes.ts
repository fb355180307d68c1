/**
 * The team's own management under /v1/t (the team of X-Team, else the user's defaultTenantSlug)
 * and the invitation link's routes under /v1/team-invitations. Checks run in the one order:
 * 401, the team (400/404), the permission (403: members.view to read, members.manage to
 * change), the row (404), then the body (422).
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { Elysia, t } from 'elysia'
import * as v from 'valibot'
import type { ListQuery } from '../../platform/db/paged-sql'
import { checkedValue, platform, type RequestContext } from '../../platform/http/context'
import { parseOrThrow } from '../../platform/http/errors'
import { type ListParams, ListQuerySchema, listResponse, parseIncludes, parseListQuery } from '../../platform/http/list-query'
import { created, dataOf, noContent, ok, pageOf } from '../../platform/openapi/responses'
import type { RefundPolicy } from '../../shared/refund-policy'
import { Tenant } from '../tenants'
import {
  acceptTeamInvitation,
  declineTeamInvitation,
  inviteToTeam,
  resendInvitation,
  revokeInvitation,
  showTeamInvitation,
  teamInvitationsPage,
} from './invitations.service'
import { assignableRoles, changeMember, findMember, holdsManage, type MemberRow, removeMember, switchTeam, teamMembersPage, teamsOf } from './members.service'
import { changeCurrency, changeTaxProfile, teamSettings } from './settings.service'
import {
  MyTeamsView,
  PublicTeamInvitationView,
  TeamBriefView,
  TeamChangeSchema,
  TeamInvitationTokenSchema,
  TeamInvitationView,
  TeamInviteSchema,
  TeamMemberChangeSchema,
  TeamMemberView,
  TeamRoleView,
  TeamSettingsView,
  TeamSwitchSchema,
} from './team.schema'

const TAG = 'Teams'
const em = (ctx: RequestContext) => ctx.em as EntityManager

/** The API's list parameters as the paged statement takes them (page from 0, sort ids, filters with q). */
const asListQuery = (p: ListParams): ListQuery => ({
  page: p.page - 1,
  pageSize: p.perPage,
  sort: p.sort.map((s) => ({ id: s.field, desc: s.dir === 'desc' })),
  filters: { ...p.filter, ...(p.q ? { q: p.q } : {}) },
})

const member = checkedValue<MemberRow>()
const memberAccess = {
  tenant: true,
  can: 'members.manage' as const,
  check: async (ctx: RequestContext, params: Record<string, string | undefined>) =>
    member.keep(ctx, await findMember(em(ctx), (await ctx.tenant()).id, params.id ?? '')),
}
const memberParams = t.Object({ id: t.String() })

export const teamRoutes = new Elysia({ name: 'teams' })
  .use(platform)
  .get(
    '/t/teams',
    async ({ ctx }) => {
      const user = ctx.requireUser()
      const teams = await teamsOf(em(ctx), user.id)
      return { data: { current: teams.find((x) => x.slug === user.defaultTenantSlug) ?? null, teams } }
    },
    {
      auth: true,
      detail: {
        responses: ok(dataOf(MyTeamsView), 'My teams and the current one'),
        tags: [TAG],
        summary: 'The teams I am an active member of, and the current one (my defaultTenantSlug)',
      },
    },
  )
  .post(
    '/t/switch',
    async ({ ctx, body }) => {
      const user = ctx.requireUser()
      const { slug } = parseOrThrow(TeamSwitchSchema, body)
      const tenant = await switchTeam(em(ctx), user, slug, ctx.isSuperAdmin)
      const mine = (await teamsOf(em(ctx), user.id)).find((x) => x.slug === tenant.slug)
      return { data: { slug: tenant.slug, name: tenant.name, roles: mine?.roles ?? [] } }
    },
    {
      auth: true,
      body: TeamSwitchSchema,
      detail: {
        responses: ok(dataOf(TeamBriefView), 'The team now current'),
        tags: [TAG],
        summary: 'Switch the current team',
        description:
          'Sets the `defaultTenantSlug` of the signed-in user: the team the coach area shows and the API acts in when no `X-Team` header is sent. Only a team the user is an ACTIVE member of (super-admins: any team); another is 404.',
      },
    },
  )
  .get('/t/settings', async ({ ctx }) => ({ data: await teamSettings(em(ctx), await ctx.tenant()) }), {
    tenant: true,
    detail: {
      responses: ok(dataOf(TeamSettingsView), 'The team, its plan and the limits in use'),
      tags: [TAG],
      summary: "The team's name, slug, currency, plan, limits in use and what each plan allows (members)",
    },
  })
  .patch(
    '/t',
    async ({ ctx, body }) => {
      const tenant = await ctx.tenant()
      const input = parseOrThrow(TeamChangeSchema, body)
      const change: { name?: string; refundPolicy?: RefundPolicy | null } = {}
      if (input.name !== undefined) change.name = input.name
      if (input.refundPolicy !== undefined) change.refundPolicy = input.refundPolicy
      // The currency first: refused (422) once bookings are paid or held, before anything else changes.
      if (input.currency !== undefined) await changeCurrency(em(ctx), tenant, input.currency)
      if (input.taxProfile !== undefined) await changeTaxProfile(em(ctx), tenant, input.taxProfile)
      if (Object.keys(change).length) {
        // Through the unit of work (one UPDATE of the changed columns): the audit log records it in the same transaction.
        Object.assign(tenant, change)
        await em(ctx).flush()
      }
      return { data: await teamSettings(em(ctx), tenant) }
    },
    {
      access: { tenant: true, can: 'members.manage' },
      body: TeamChangeSchema,
      detail: {
        responses: ok(dataOf(TeamSettingsView), 'The changed team'),
        tags: [TAG],
        summary: 'Rename the team, set its default refund policy, its currency or its tax profile (members.manage); slug and plan are the operators’',
        description:
          '`name` renames the team. `refundPolicy` (`{ fullRefundHours, partialRefundHours, partialRefundPercent }`, or null for a full refund at any time) is the policy of the team’s workshops that have none of their own: a client who cancels gets everything back until `fullRefundHours` before the start, `partialRefundPercent` until `partialRefundHours`, nothing after. It applies to bookings made from then on; a booking already made keeps the policy it was made under. `currency` (a lower-case ISO 4217 code the team may sell in: usd, eur, gbp, jpy…) changes what the team sells in, with its workshops’ and session types’ prices and its vouchers’ amounts (the amounts typed stay, rescaled to the currency’s minor unit); 422 once a booking is paid or held. `taxProfile` (`{ legalName, address, country, region, taxId, registered, pricesIncludeTax, rates }`) is who the team is on its invoices and how it charges tax: not registered, no tax; registered, with a tax ID valid for its country (EU VAT numbers by format and check digit), the rates of the table (or the team’s own `rates: [{ country, region, rate }]`) apply, and every price shows “incl. VAT” or “+ VAT”. Super-admins change any team with X-Team. Fields left out stay as they are.',
      },
    },
  )
  .get(
    '/t/roles',
    async ({ ctx, request }) => {
      // Nothing to include: an include asked for is a 422, never silently ignored.
      parseIncludes(new URL(request.url).searchParams.get('include'), [])
      return { data: await assignableRoles(em(ctx)) }
    },
    {
      access: { tenant: true, can: 'members.view' },
      detail: {
        responses: ok(v.object({ data: v.array(TeamRoleView) }), 'Roles a team may give'),
        tags: [TAG],
        summary: 'Roles a team may give its members (every permission of the role acts inside a team)',
      },
    },
  )
  .get(
    '/t/members',
    async ({ ctx, request }) => {
      const tenant = await ctx.tenant()
      const p = parseListQuery(new URL(request.url), {
        sortable: ['name', 'email', 'status', 'joined'],
        filterable: ['role', 'status'],
        includes: [],
        defaultSort: 'joined',
      })
      const page = await teamMembersPage(em(ctx), tenant.id, asListQuery(p))
      return listResponse(page.rows, page.total, p)
    },
    {
      access: { tenant: true, can: 'members.view' },
      query: ListQuerySchema,
      detail: {
        responses: ok(pageOf(TeamMemberView), 'A page of members'),
        tags: [TAG],
        summary: 'Members of the team with their roles and status (members.view)',
        description: '`q` searches names and addresses; `filter[role]`, `filter[status]`; sort by name, email, status, joined.',
      },
    },
  )
  .patch(
    '/t/members/:id',
    async ({ ctx, body }) => {
      const m = member.take(ctx)
      const input = parseOrThrow(TeamMemberChangeSchema, body)
      return { data: await changeMember(em(ctx), (await ctx.tenant()).id, m.id, input, { managerChange: () => ctx.requireRecentVerification() }) }
    },
    {
      access: memberAccess,
      params: memberParams,
      body: TeamMemberChangeSchema,
      detail: {
        responses: ok(dataOf(TeamMemberView), 'The changed member'),
        tags: [TAG],
        summary: "Change a member's team roles or status (members.manage)",
        description:
          'Roles replace the member’s team roles as a whole; only roles of `GET /v1/t/roles`. Status ACTIVE or SUSPENDED. 409 when the change would leave the team without an ACTIVE manager. Giving or taking a manager’s rights (a role with members.manage, or suspending a manager) is a sensitive action: without a second check in the last 10 minutes (`POST /v1/auth/reauthenticate`) it is a 403 `{ code: "reauthentication_required" }` and nothing changes.',
      },
    },
  )
  .delete(
    '/t/members/:id',
    async ({ ctx, set }) => {
      await removeMember(em(ctx), (await ctx.tenant()).id, member.take(ctx).id)
      set.status = 204
      return null
    },
    {
      access: { ...memberAccess, fresh: true },
      params: memberParams,
      detail: {
        responses: noContent('Removed'),
        tags: [TAG],
        summary: 'Remove a member from the team (members.manage)',
        description:
          '409 for the team’s last ACTIVE manager. A removed member whose current team this was moves to another team of theirs. A sensitive action: without a second check in the last 10 minutes (`POST /v1/auth/reauthenticate`) it is a 403 `{ code: "reauthentication_required" }`.',
      },
    },
  )
  .get(
    '/t/invitations',
    async ({ ctx, request }) => {
      const tenant = await ctx.tenant()
      const p = parseListQuery(new URL(request.url), {
        sortable: ['email', 'status', 'sent', 'expires'],
        filterable: ['status'],
        includes: [],
        defaultSort: '-sent',
      })
      const page = await teamInvitationsPage(em(ctx), tenant.id, asListQuery(p))
      return listResponse(page.rows, page.total, p)
    },
    {
      access: { tenant: true, can: 'members.manage' },
      query: ListQuerySchema,
      detail: {
        responses: ok(pageOf(TeamInvitationView), 'A page of invitations'),
        tags: [TAG],
        summary: 'Invitations of the team (members.manage): waiting and expired ones unless filter[status] asks for others',
      },
    },
  )
  .post(
    '/t/invitations',
    async ({ ctx, body, set }) => {
      const input = parseOrThrow(TeamInviteSchema, body)
      // Inviting someone as a manager gives a manager's rights: the second check.
      if (await holdsManage(em(ctx), input.roles)) ctx.requireRecentVerification()
      const data = await inviteToTeam(em(ctx), await ctx.tenant(), ctx.requireUser(), input)
      set.status = 201
      return { data }
    },
    {
      access: { tenant: true, can: 'members.manage' },
      body: TeamInviteSchema,
      detail: {
        responses: created(dataOf(TeamInvitationView), 'The invitation, with its link (shown once)'),
        tags: [TAG],
        summary: 'Invite someone by email (members.manage)',
        description:
          'Mails a single-use link to `/invitations/team/{token}` that works for 7 days. `roles` (default `["coach"]`) are the team roles the membership starts with. 422 when the address is already a member or has a waiting invitation. Inviting with a manager’s role (one with members.manage) is a sensitive action: without a second check in the last 10 minutes (`POST /v1/auth/reauthenticate`) it is a 403 `{ code: "reauthentication_required" }`.',
      },
    },
  )
  .post('/t/invitations/:id/resend', async ({ ctx, params }) => ({ data: await resendInvitation(em(ctx), await ctx.tenant(), params.id, ctx.requireUser()) }), {
    access: { tenant: true, can: 'members.manage' },
    params: memberParams,
    detail: {
      responses: ok(dataOf(TeamInvitationView), 'The invitation with a new link (shown once)'),
      tags: [TAG],
      summary: 'Send an invitation again with a new link and expiry (members.manage); the old link stops working',
    },
  })
  .post('/t/invitations/:id/revoke', async ({ ctx, params }) => ({ data: await revokeInvitation(em(ctx), (await ctx.tenant()).id, params.id) }), {
    access: { tenant: true, can: 'members.manage' },
    params: memberParams,
    detail: {
      responses: ok(dataOf(TeamInvitationView), 'The withdrawn invitation'),
      tags: [TAG],
      summary: 'Withdraw a waiting invitation (members.manage): its link stops working',
    },
  })
  .get('/team-invitations/:token', async ({ ctx, params }) => ({ data: await showTeamInvitation(em(ctx), params.token) }), {
    params: t.Object({ token: t.String() }),
    detail: {
      responses: ok(dataOf(PublicTeamInvitationView), 'The invitation'),
      tags: [TAG],
      summary: 'What a team invitation offers: the team, who invited, the roles, its status (no sign-in: the token is the credential)',
    },
  })
  .post(
    '/team-invitations/accept',
    async ({ ctx, body }) => {
      const user = ctx.requireUser()
      const { token } = parseOrThrow(TeamInvitationTokenSchema, body)
      return { data: await acceptTeamInvitation(em(ctx), token, user) }
    },
    {
      auth: true,
      body: TeamInvitationTokenSchema,
      detail: {
        responses: ok(dataOf(v.object({ team: v.object({ slug: v.string(), name: v.string() }), roles: v.array(v.string()) })), 'The team joined'),
        tags: [TAG],
        summary: 'Accept a team invitation (signed in with the invited address; a link works once)',
        description:
          'The account becomes an ACTIVE member with the invited roles, gets the coach role (the coach area is where teams work) and the team becomes its current one. 403 for another address; 409 when the link was used, declined, withdrawn or expired.',
      },
    },
  )
  .post(
    '/team-invitations/decline',
    async ({ ctx, body }) => {
      const { token } = parseOrThrow(TeamInvitationTokenSchema, body)
      await declineTeamInvitation(em(ctx), token)
      return { data: await showTeamInvitation(em(ctx), token) }
    },
    {
      body: TeamInvitationTokenSchema,
      detail: {
        responses: ok(dataOf(PublicTeamInvitationView), 'The declined invitation'),
        tags: [TAG],
        summary: 'Decline a team invitation (no sign-in: the token is the credential)',
      },
    },
  )
