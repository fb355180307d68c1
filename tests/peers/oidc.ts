/**
 * A real OpenID Connect provider (oidc-provider 9) on loopback, with one confidential client
 * for Summit and the provider's development login/consent screens. Any login name is
 * accepted: `alice@example.com` signs in as subject `alice@example.com` with that verified
 * email; a login starting with `unverified-` has email_verified=false.
 *
 * `signInAtProvider(authorizeUrl, login)` walks the real screens with plain fetch (forms
 * submitted, redirects followed by hand) and returns the callback address the browser
 * would be sent to.
 */
import { createServer, type Server } from 'node:http'

export const OIDC_CLIENT = { id: 'summit-test', secret: 'summit-test-secret-0123456789abcdef' }

let server: Server | null = null
let issuer = ''

function account(id: string) {
  const local = id.split('@')[0] ?? id
  return {
    accountId: id,
    async claims() {
      return {
        sub: id,
        email: id.includes('@') ? id.replace(/^unverified-/, '') : undefined,
        email_verified: !id.startsWith('unverified-'),
        given_name: 'Olivia',
        family_name: local.slice(0, 20),
        name: `Olivia ${local}`,
      }
    },
  }
}

// The provider announces its development defaults on the console; the tests know them.
for (const method of ['warn', 'info'] as const) {
  const original = console[method].bind(console)
  console[method] = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith('oidc-provider ')) return
    original(...args)
  }
}

export async function startOidc(appUrl: string): Promise<{ issuer: string; clientId: string; clientSecret: string }> {
  server = createServer()
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', () => resolve()))
  const port = (server.address() as { port: number }).port
  issuer = `http://127.0.0.1:${port}`
  // Imported here, after the console filter: the module announces itself on load.
  // @ts-expect-error oidc-provider ships no type declarations
  const { default: Provider } = await import('oidc-provider')
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT.id,
        client_secret: OIDC_CLIENT.secret,
        redirect_uris: [`${appUrl}/v1/auth/connect/multiplai/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    findAccount: (_ctx: unknown, id: string) => account(id),
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['summit-test-oidc-cookie-key'] },
    ttl: { AccessToken: 3600, AuthorizationCode: 60, IdToken: 3600, Interaction: 3600, Session: 3600, Grant: 3600 },
  } as any)
  // Keep the test output clean: the provider reports expected failures as events.
  provider.on('server_error', (_ctx: unknown, err: Error) => console.error('[oidc-provider]', err))
  server.on('request', provider.callback())
  return { issuer, clientId: OIDC_CLIENT.id, clientSecret: OIDC_CLIENT.secret }
}

export async function stopOidc() {
  if (!server) return
  server.closeAllConnections?.()
  await new Promise<void>((resolve) => server!.close(() => resolve()))
  server = null
}

/** Cookies of the provider's own site, kept across the screens like a browser would. */
class Jar {
  private c = new Map<string, string>()
  header() {
    return [...this.c].map(([k, v]) => `${k}=${v}`).join('; ')
  }
  take(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const i = pair.indexOf('=')
      const name = pair.slice(0, i).trim()
      const value = pair.slice(i + 1).trim()
      if (!value || /expires=Thu, 01 Jan 1970/i.test(line)) this.c.delete(name)
      else this.c.set(name, value)
    }
  }
}

/**
 * Follows the provider's screens from the authorization address: login form (prompt=login),
 * then consent (prompt=consent), until the provider redirects outside itself. Returns that
 * address (Summit's callback with code and state, or with an error).
 * `abort: true` presses the provider's "cancel" link on the login screen instead.
 */
export async function signInAtProvider(authorizeUrl: string, login: string, opts: { abort?: boolean } = {}): Promise<string> {
  const jar = new Jar()
  let url = authorizeUrl
  let method = 'GET'
  let body: URLSearchParams | undefined
  for (let step = 0; step < 20; step++) {
    const res = await fetch(url, {
      method,
      body,
      redirect: 'manual',
      headers: { cookie: jar.header(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    })
    jar.take(res)
    body = undefined
    method = 'GET'
    if (res.status >= 300 && res.status < 400) {
      const next = new URL(res.headers.get('location')!, url).toString()
      await res.body?.cancel()
      if (!next.startsWith(issuer)) return next
      url = next
      continue
    }
    const html = await res.text()
    if (res.status !== 200) throw new Error(`provider answered ${res.status}: ${html.slice(0, 300)}`)
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&')
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1]
    if (!action || !prompt) throw new Error(`unexpected provider page: ${html.slice(0, 300)}`)
    if (opts.abort && prompt === 'login') {
      url = new URL(`${action.replace(/\/$/, '')}/abort`, url).toString()
      continue
    }
    url = new URL(action, url).toString()
    method = 'POST'
    body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt })
  }
  throw new Error('the provider kept redirecting')
}
