import { expect, test } from 'bun:test'
import { clientIp, rememberSocketIp } from '../../src/platform/http/client-ip'

test('the client address is the socket address the server saw, not a header the client sends', () => {
  const request = new Request('http://x/', { headers: { 'x-forwarded-for': '6.6.6.6' } })
  rememberSocketIp(request, { requestIP: () => ({ address: '203.0.113.7' }) })
  // TRUST_PROXY is 0 in tests: X-Forwarded-For is ignored.
  expect(clientIp(request)).toBe('203.0.113.7')
})

test('a request the server never saw falls back to loopback rather than trusting headers', () => {
  const request = new Request('http://x/', { headers: { 'x-forwarded-for': '6.6.6.6' } })
  expect(clientIp(request)).toBe('127.0.0.1')
})
