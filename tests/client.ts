import type { EntityManager } from '@mikro-orm/postgresql'
import type { Running } from '../src/boot'
import { AccessToken } from '../src/modules/auth/auth.entity'
import { Membership, Tenant } from '../src/modules/tenants/tenant.entity'
import { User } from '../src/modules/users/user.entity'
import { randomToken, sha256 } from '../src/platform/crypto'

export const app = (): Running => (globalThis as any).__summit
export const em = () => app().orm.em.fork() as EntityManager
export const uid = () => Math.random().toString(36).slice(2, 10)

export interface Res<T = any> {
  status: number
  body: T
  headers: Headers
}

/** A small HTTP client for tests: JSON, cookies, CSRF, bearer tokens, X-Team. */
export class Client {
  cookies = new Map<string, string>()
  bearer?: string
  team?: string
  csrf = true

  withTeam(slug: string) {
    this.team = slug
    return this
  }

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Res<T>> {
    const h: Record<string, string> = { accept: 'application/json', ...headers }
    if (this.bearer) h.authorization = `Bearer ${this.bearer}`
    if (this.team) h['x-team'] = this.team
    if (this.cookies.size) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    const xsrf = this.cookies.get('XSRF-TOKEN')
    if (this.csrf && xsrf && method !== 'GET') h['x-xsrf-token'] = decodeURIComponent(xsrf)
    let payload: BodyInit | undefined
    if (body instanceof FormData) payload = body
    else if (typeof body === 'string') {
      payload = body
      h['content-type'] ??= 'application/json'
    } else if (body !== undefined) {
      payload = JSON.stringify(body)
      h['content-type'] = 'application/json'
    }
    const res = await fetch(app().url + path, { method, headers: h, body: payload, redirect: 'manual' })
    for (const c of res.headers.getSetCookie()) {
      const [pair, ...attrs] = c.split(';')
      const i = pair.indexOf('=')
      const name = pair.slice(0, i).trim()
      const value = pair.slice(i + 1).trim()
      const expired = attrs.some((a) => /max-age=0/i.test(a.trim())) || value === ''
      if (expired) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    const text = await res.text()
    let parsed: any = text
    if (res.headers.get('content-type')?.includes('json') && text) parsed = JSON.parse(text)
    return { status: res.status, body: parsed, headers: res.headers }
  }
  get<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, undefined, headers)
  }
  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, body, headers)
  }
  patch<T = any>(path: string, body?: unknown) {
    return this.request<T>('PATCH', path, body)
  }
  put<T = any>(path: string, body?: unknown) {
    return this.request<T>('PUT', path, body)
  }
  delete<T = any>(path: string) {
    return this.request<T>('DELETE', path)
  }
  async csrfCookie() {
    await this.get('/api/sanctum/csrf-cookie')
    return this
  }
}

export interface Actor {
  user: User
  client: Client
}

/** A user with a personal access token (skips CSRF, like an API script). */
export async function actor(
  opts: { roles?: string[]; tenant?: Tenant | null; status?: string; email?: string; profile?: any; username?: string } = {},
): Promise<Actor> {
  const m = em()
  const id = uid()
  const user = m.create(User, {
    email: opts.email ?? `u-${id}@test.example`,
    username: opts.username ?? `u${id}`,
    roles: opts.roles ?? [],
    status: (opts.status as any) ?? 'active',
    emailVerifiedAt: new Date(),
    profile: opts.profile ?? { firstName: 'Test', lastName: id },
    defaultTenantSlug: opts.tenant?.slug ?? null,
  } as any)
  if (opts.tenant) m.create(Membership, { tenant: opts.tenant.id, user, status: 'ACTIVE', roles: [] } as any)
  const secret = randomToken()
  m.create(AccessToken, { user, name: 'test', tokenHash: sha256(secret) } as any)
  await m.flush()
  const client = new Client()
  client.bearer = secret
  return { user, client }
}

export async function tenant(opts: { plan?: 'free' | 'pro' | 'enterprise'; slug?: string } = {}) {
  const m = em()
  const t = m.create(Tenant, { name: `Tenant ${uid()}`, slug: opts.slug ?? `t-${uid()}`, plan: opts.plan ?? 'pro' } as any)
  await m.flush()
  return t
}

export const superAdmin = () => actor({ roles: ['super-admin'] })
