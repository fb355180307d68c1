import { Elysia, t } from 'elysia'
import { readOutbox } from './mailer'

/**
 * Development only (registered when NODE_ENV=development): the local outbox, newest first.
 * `GET /v1/dev/outbox?to=someone@example.com&limit=5`. Hidden from the OpenAPI document.
 */
export const outboxRoutes = new Elysia({ name: 'dev-outbox' }).get(
  '/dev/outbox',
  async ({ query }) => ({ data: await readOutbox({ to: query.to, limit: Math.min(100, Number(query.limit) || 20) }) }),
  { query: t.Object({ to: t.Optional(t.String()), limit: t.Optional(t.String()) }), detail: { hide: true } },
)
