/**
 * The proxy's cache configuration (deploy/nginx/summit-cache.conf, summit-proxy.conf) in a real
 * nginx in front of the app: anonymous public answers are kept and served from the cache (the
 * same bytes), a visitor with a session cookie or a token always reaches the app and nothing of
 * theirs is kept, private and redirecting answers are never kept, and a current copy gets 304.
 * nginx is Debian's package on this machine; where it is missing the test says so and skips.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { type CachingProxy, nginxBinary, startCachingProxy } from '../../scripts/proxy-cache'
import { actor, app } from '../client'
import { sessionCookies } from '../e2e/browser'

const nginx = nginxBinary()
if (!nginx) console.warn('nginx is not installed: the proxy cache tests are skipped')

let proxy: CachingProxy
beforeAll(async () => {
  if (!nginx) return
  const { buildAssets } = await import('../../src/platform/assets/assets')
  await buildAssets()
  await import('../../src/pages/render')
  proxy = await startCachingProxy([new URL(app().url).host.replace('localhost', '127.0.0.1')], { workers: 1 })
}, 180_000)
afterAll(async () => {
  await proxy?.stop()
})

async function via(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(proxy.url + path, { headers, redirect: 'manual' })
  return { status: res.status, cache: res.headers.get('x-cache-status'), headers: res.headers, body: await res.text() }
}

describe.skipIf(!nginx)('nginx with the deploy cache configuration', () => {
  test('anonymous public pages and API answers are served from the cache, the same bytes', async () => {
    for (const path of ['/', '/workshops?q=cache-test', '/consultants', '/jobs', '/v1/public/workshop-schedules?perPage=3', '/v1/tags']) {
      const first = await via(path)
      expect({ path, status: first.status }).toEqual({ path, status: 200 })
      const second = await via(path, { cookie: 'color-mode=dark; lang=fr' })
      expect({ path, cache: second.cache, same: second.body === first.body }).toEqual({ path, cache: 'HIT', same: true })
      expect(second.headers.get('etag')).toBe(first.headers.get('etag'))
      // Each answer has its own request id, also when it comes from the cache.
      expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'))
      const current = await via(path, { 'if-none-match': first.headers.get('etag')! })
      expect({ path, status: current.status }).toEqual({ path, status: 304 })
    }
  })

  test('a visitor with a session always reaches the app, and nothing of theirs is kept', async () => {
    const me = await actor({ roles: ['coach'] })
    const cookie = await sessionCookies(me.user)
    await via('/')
    expect((await via('/')).cache).toBe('HIT')
    const sessions: Record<string, string>[] = [{ cookie }, { authorization: `Bearer ${me.client.bearer}` }]
    for (const headers of sessions) {
      const r = await via('/', headers)
      expect(r.cache).toBe('BYPASS')
      expect(r.headers.get('cache-control')).toBe('private, no-cache')
      expect(r.body).toContain('Dashboard')
    }
    // A visitor's time zone (their own hours on the pages): to the app too, and not kept.
    const zoned = await via('/workshops?q=cache-test', { cookie: 'tz=Europe%2FLondon' })
    expect({ cache: zoned.cache, cc: zoned.headers.get('cache-control') }).toEqual({ cache: 'BYPASS', cc: 'private, no-cache' })
    // The anonymous copy is still the anonymous page.
    const anon = await via('/')
    expect(anon.cache).toBe('HIT')
    expect(anon.body).not.toContain('Dashboard')
    expect(anon.body).toContain('Log in')
  })

  test('private answers, redirects and errors are never kept', async () => {
    for (const path of ['/b', '/login?token=abc', '/no-such-page/x', '/v1/auth/me']) {
      await via(path)
      const again = await via(path)
      expect({ path, cache: again.cache }).toEqual({ path, cache: 'MISS' })
    }
  })
})
