import { Elysia } from 'elysia'
import * as v from 'valibot'
import { platform } from '../../platform/http/context'
import { parseIncludes } from '../../platform/http/list-query'
import { noContent, ok } from '../../platform/openapi/responses'
import { unlinkCurrentUser } from './connect.service'

/** Connected apps of the signed-in user (linking goes through the provider: GET auth/connect/multiplai/redirect while signed in). */
export const connectRoutes = new Elysia({ name: 'auth-connect' })
  .use(platform)
  .get(
    '/auth/connections',
    ({ ctx, request }) => {
      const me = ctx.requireUser()
      parseIncludes(new URL(request.url).searchParams.get('include'), []) // unknown includes are a 422 on every list
      return { data: [{ id: 'multiplai', name: 'Multiplai', linked: !!me.oidcSubject }] }
    },
    {
      auth: true,
      detail: {
        responses: ok(v.object({ data: v.array(v.object({ id: v.string(), name: v.string(), linked: v.boolean() })) }), 'Connected apps'),
        tags: ['Auth'],
        summary: 'Connected apps of the signed-in user: `{ data: [{ id, name, linked }] }`',
      },
    },
  )
  .delete(
    '/auth/connect/multiplai',
    async ({ ctx, set }) => {
      await unlinkCurrentUser(ctx)
      set.status = 204
      return null
    },
    {
      auth: true,
      detail: {
        responses: noContent('Unlinked'),
        tags: ['Auth'],
        summary: 'Unlink the Multiplai account from the signed-in user (sign in by email code keeps working)',
      },
    },
  )
