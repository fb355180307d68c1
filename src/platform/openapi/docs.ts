import { dirname, join } from 'node:path'
import { openapi } from '@elysiajs/openapi'
import { toJsonSchema } from '@valibot/to-json-schema'
import { Elysia } from 'elysia'
import { config } from '../../config'

const swaggerDir = dirname(Bun.resolveSync('swagger-ui-dist/package.json', import.meta.dir))
const ASSETS = new Set(['swagger-ui.css', 'swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js', 'favicon-32x32.png', 'favicon-16x16.png'])

const page = () => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${config.SITE_NAME} API</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/docs/assets/swagger-ui.css"><link rel="icon" href="/docs/assets/favicon-32x32.png"></head>
<body><div id="swagger-ui"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/assets/swagger-ui-standalone-preset.js"></script>
<script src="/docs/init.js"></script></body></html>`

const init = `window.ui = SwaggerUIBundle({ url: '/openapi/json', dom_id: '#swagger-ui', deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset], layout: 'StandaloneLayout',
  persistAuthorization: true, withCredentials: true,
  requestInterceptor: (req) => { const m = document.cookie.match(/(?:^|; )XSRF-TOKEN=([^;]*)/); if (m) req.headers['X-XSRF-TOKEN'] = decodeURIComponent(m[1]); return req } })`

const description = `The JSON API of ${config.SITE_NAME}. Every path is under \`/v1\`.

**Signing in.** Browser clients call \`GET /api/sanctum/csrf-cookie\` first, then send the \`XSRF-TOKEN\` cookie's value in an \`X-XSRF-TOKEN\` header on every POST, PUT, PATCH and DELETE (else 419). Scripts use a personal access token (\`POST /v1/auth/tokens\`) as \`Authorization: Bearer …\` and skip CSRF.

**Teams.** Tenant-owned resources act in the team named by the \`X-Team\` header (a tenant slug), else the user's \`defaultTenantSlug\`. Another team's rows answer 404. \`POST /v1/t/switch\` changes the current team (the coach area shows it); a team's members, invitations and settings are under \`/v1/t\` (tag Teams).

**Lists** answer \`{ data, meta: { page, perPage, total, lastPage } }\` and take \`page\` (a whole number from 1 to 10,000), \`perPage\` (default 10, at most 100; anything else is a 422 naming the field), \`sort\` (\`-createdAt,name\`), \`filter[field]=value\`, \`q\`, \`include\` and, for super-admins, \`withTrashed=1\`. **Shows** answer \`{ data }\`.

**Errors** answer \`{ message }\`: 400 malformed request, 401 unauthenticated, 403 forbidden, 404 not found, 409 conflict (e.g. not enough seats), 419 CSRF token mismatch, 413 body too large (bytes, or more than 10,000 JSON keys and list elements), 422 \`{ message, errors: { field: [messages] } }\` (also for JSON nested deeper than 64 levels and for a NUL character or an unpaired surrogate in any text), 429 too many attempts (with Retry-After), 503 the database is busy or does not answer (with Retry-After).`

export const docs = new Elysia({ name: 'docs' })
  .use(
    openapi({
      path: '/openapi',
      specPath: '/openapi/json',
      provider: null,
      documentation: {
        openapi: '3.1.0',
        info: { title: `${config.SITE_NAME} API`, version: '1.0.0-beta.2', description },
        servers: [{ url: config.APP_URL, description: config.SITE_NAME }],
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', description: 'Personal access token' },
            session: { type: 'apiKey', in: 'cookie', name: 'summit_session' },
          },
        },
        security: [{ bearer: [] }, { session: [] }],
      },
      exclude: { paths: [/^\/docs/, /^\/assets/, /^\/(?!v1|api)/] },
      mapJsonSchema: { valibot: (s: any) => toJsonSchema(s, { errorMode: 'ignore', typeMode: 'input' }) },
    }),
  )
  .get('/docs', () => new Response(page(), { headers: { 'content-type': 'text/html; charset=utf-8' } }), { detail: { hide: true } })
  .get('/docs/init.js', () => new Response(init, { headers: { 'content-type': 'text/javascript' } }), { detail: { hide: true } })
  .get(
    '/docs/assets/:file',
    ({ params, set }) => {
      if (!ASSETS.has(params.file)) {
        set.status = 404
        return { message: 'Not found.' }
      }
      return new Response(Bun.file(join(swaggerDir, params.file)), { headers: { 'cache-control': 'public, max-age=86400' } })
    },
    { detail: { hide: true } },
  )
