/**
 * What search engines and social networks fetch beside the pages: `/robots.txt`, the sitemap
 * (`/sitemap.xml` and its parts under `/sitemaps/`) and each workshop page's preview image
 * (`/workshops/{id}/og-image.jpg`). Fixed paths in the pages plugin, before its catch-all, so
 * none of them is ever taken for a username or a page.
 */
import { Elysia, t } from 'elysia'
import { isPublicPage, loadSchedulePage } from '../../modules/workshops'
import { platform } from '../../platform/http/context'
import { pageCache } from '../screens/marketplace/cache'
import { robotsTxt, sitemapResponse } from './sitemap'

const hidden = { detail: { hide: true } }

export const seoRoutes = () =>
  new Elysia({ name: 'seo' })
    .use(platform)
    .get(
      '/robots.txt',
      () => new Response(robotsTxt(), { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' } }),
      hidden,
    )
    .get('/sitemap.xml', ({ ctx, request }) => sitemapResponse(request, ctx.em, null), hidden)
    .get('/sitemaps/:file', ({ ctx, request, params }) => sitemapResponse(request, ctx.em, params.file), { ...hidden, params: t.Object({ file: t.String() }) })
    .get(
      '/workshops/:id/og-image.jpg',
      async ({ ctx, request, params }) => {
        const page = await pageCache(`schedule:${params.id}`, () => loadSchedulePage(ctx.em.fork(), params.id))
        if (!page || !isPublicPage(page)) return new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } })
        // Loaded on first use: it draws with the marketplace's formatters (the React side's code).
        const { ogImage, ogInput, ogVersion } = await import('./og-image')
        const input = ogInput(page)
        const version = ogVersion(input)
        const asked = new URL(request.url).searchParams.get('v')
        const headers: Record<string, string> = {
          'content-type': 'image/jpeg',
          etag: `"og-${version}"`,
          // A versioned address never changes; the bare one is checked again after a while.
          'cache-control': asked === version ? 'public, max-age=31536000, immutable' : 'public, max-age=600',
        }
        if (request.headers.get('if-none-match') === headers.etag) return new Response(null, { status: 304, headers })
        const image = await ogImage(ctx.em.fork(), page.id, input)
        return new Response(image.body as BodyInit, { headers })
      },
      { ...hidden, params: t.Object({ id: t.String() }) },
    )
