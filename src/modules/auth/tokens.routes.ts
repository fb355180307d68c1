import { Elysia, t } from 'elysia'
import * as v from 'valibot'
import { platform } from '../../platform/http/context'
import { notFound, parseOrThrow } from '../../platform/http/errors'
import { isId } from '../../platform/http/ids'
import { listResponse, PageParam, PerPageParam, parseIncludes, readPaging } from '../../platform/http/list-query'
import { responses } from './auth.docs'
import { AccessToken } from './auth.entity'
import { TokenCreateSchema } from './auth.schema'
import { createAccessToken, serializeAccessToken } from './auth.service'

const tags = ['Auth']
const PageQuery = v.looseObject({ page: v.optional(PageParam), perPage: v.optional(PerPageParam) })

/** Personal access tokens (Sanctum style): bearer credentials for scripts and API clients. */
export const tokenRoutes = new Elysia({ name: 'auth-tokens' })
  .use(platform)
  .post(
    '/auth/tokens',
    async ({ ctx, body, set }) => {
      const me = ctx.requireUser()
      const input = parseOrThrow(TokenCreateSchema, body)
      const expiresAt = input.expiresInDays ? new Date(Date.now() + input.expiresInDays * 86_400_000) : null
      const { token, plainText } = await createAccessToken(ctx.em, me, input.name, expiresAt, { ip: ctx.ip, userAgent: ctx.userAgent, country: ctx.country })
      set.status = 201
      return { data: { ...serializeAccessToken(token), token: plainText } }
    },
    {
      access: { auth: true, fresh: true },
      body: TokenCreateSchema,
      detail: {
        tags,
        summary: 'Create a personal access token',
        responses: responses.tokenCreated,
        description:
          'Answers `{ data: { id, name, expiresAt, ..., token } }`. The plain-text `token` is shown this once; send it as `Authorization: Bearer <token>` (no CSRF needed). A sensitive action: without a second check of this session or token in the last 10 minutes (`POST /v1/auth/reauthenticate`) it is a 403 `{ code: "reauthentication_required" }`.',
      },
    },
  )
  .get(
    '/auth/tokens',
    async ({ ctx, query, request }) => {
      const me = ctx.requireUser()
      const sp = new URL(request.url).searchParams
      parseIncludes(sp.get('include'), [])
      parseOrThrow(PageQuery, query)
      const { page, perPage, offset } = readPaging(sp)
      const [rows, total] = await ctx.em.findAndCount(AccessToken, { user: me.id }, { orderBy: { createdAt: 'desc' }, limit: perPage, offset })
      return listResponse(rows.map(serializeAccessToken), total, { page, perPage })
    },
    {
      auth: true,
      query: PageQuery,
      detail: { tags, summary: 'My personal access tokens', responses: responses.tokenList, description: 'Names and last use, never the secret.' },
    },
  )
  .delete(
    '/auth/tokens/:id',
    async ({ ctx, params, set }) => {
      const me = ctx.requireUser()
      const deleted = isId(params.id) ? await ctx.em.nativeDelete(AccessToken, { id: params.id, user: me.id }) : 0
      if (!deleted) throw notFound('Token')
      set.status = 204
      return null
    },
    {
      auth: true,
      params: t.Object({ id: t.String() }),
      detail: {
        tags,
        summary: 'Revoke a personal access token',
        responses: { ...responses.noContent, 404: { description: 'Unknown token' } },
        description: "204; 404 for an unknown token or another user's.",
      },
    },
  )
