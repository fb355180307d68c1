/**
 * GET /v1/tables/{kind}: one page of a list table for its island (the same loaders and views
 * the pages use). The state comes as the page's own parameters (page from 1, sort, filters);
 * what the page fixes as `_name` parameters. Signed-in only; coach tables for coaches only, in
 * their current team (X-Team, else defaultTenantSlug); a team's tables need their permission.
 */
import { Elysia } from 'elysia'
import { readTableState, SCOPE_PREFIX } from '../../../design-system/components/table/table-state'
import { platform } from '../../platform/http/context'
import { forbidden, notFound, unauthenticated } from '../../platform/http/errors'
import { readPaging } from '../../platform/http/list-query'
import { isCoachArea } from '../guards'
import { parseCookies } from '../request'
import { isTableKind, loadTable, scopeOf, tzOf } from './index'
import { filterKeys, permissionOf, TABLES } from './spec'

export const tableDataRoute = () =>
  new Elysia({ name: 'table-data' }).use(platform).get(
    '/v1/tables/:kind',
    async (c) => {
      const { ctx } = c
      const kind = (c.params as { kind: string }).kind
      if (!isTableKind(kind)) throw notFound('Table')
      const user = ctx.user
      if (!user) throw unauthenticated()
      if (TABLES[kind].area === 'coach' && !isCoachArea(user)) throw forbidden('Only coaches see this list.')
      let team: string | null = null
      if (TABLES[kind].area === 'coach') {
        const can = permissionOf(kind)
        // A team's table: the team (404 when not a member), then the permission (403).
        if (can) {
          team = (await ctx.tenant()).id
          await ctx.authorize(can)
        } else
          team = await ctx.tenant().then(
            (t) => t.id,
            () => null,
          )
      }
      const params = new URL(c.request.url).searchParams
      // The page, like every list's: a whole number up to the bound (a page past the end gives the last).
      readPaging(params, { fixedPerPage: 10 })
      const raw: Record<string, string> = {}
      for (const [k, v] of params) if (k.startsWith(SCOPE_PREFIX)) raw[k.slice(SCOPE_PREFIX.length)] = v
      const tz = tzOf(parseCookies(c.request.headers.get('cookie')).tz)
      const data = await loadTable(ctx.em, user, kind, readTableState(params, filterKeys(kind)), scopeOf(kind, raw), tz, team)
      c.set.headers['cache-control'] = 'private, no-store'
      return data
    },
    { detail: { hide: true } },
  )
