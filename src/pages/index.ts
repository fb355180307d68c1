/**
 * Mounts the server-rendered pages (after /v1 and the docs, so those win): every GET that no
 * other route took goes through the route table. API-looking paths keep their JSON 404.
 * The React side is loaded on the first page request, once the design system's generated
 * code exists, so API-only processes never load it.
 */
import { Elysia } from 'elysia'
import { config } from '../config'
import { buildAssets } from '../platform/assets/assets'
import { isDatabaseUnavailable, unavailableCause } from '../platform/db/health'
import { platform } from '../platform/http/context'
import { unavailablePage } from '../platform/http/error-handler'
import { notFound } from '../platform/http/errors'
import { countDatabaseUnavailable } from '../platform/metrics'
import { seoRoutes } from './seo/routes'
import { tableDataRoute } from './tables/route'

const API_PREFIX = /^\/(v1|api|openapi|docs|assets)(\/|$)/

let renderer: Promise<typeof import('./render')> | null = null
const loadRenderer = () => (renderer ??= buildAssets().then(() => import('./render')))

export function pages() {
  // Bundles are built once at start (tests build on their first page request instead, so
  // API test runs never pay for it); the first page render waits for it.
  if (config.NODE_ENV !== 'test') void loadRenderer().catch(() => {})
  return new Elysia({ name: 'pages' })
    .use(platform)
    .use(tableDataRoute())
    .use(seoRoutes())
    .get(
      '/*',
      async (c) => {
        const { ctx } = c
        const path = new URL(c.request.url).pathname
        if (API_PREFIX.test(path)) throw notFound('Route')
        const { renderPage, renderError } = await loadRenderer()
        const req = { request: c.request, em: ctx.em, user: ctx.user, log: ctx.log }
        try {
          return await renderPage(req)
        } catch (err) {
          if (isDatabaseUnavailable(err)) {
            countDatabaseUnavailable(unavailableCause(err))
            return unavailablePage()
          }
          ctx.log.error({ err }, 'page failed')
          return renderError(req, 500)
        }
      },
      { detail: { hide: true } },
    )
}
