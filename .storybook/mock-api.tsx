/**
 * Stories of islands that call the API when they mount (saved cards, the settings cards): a
 * decorator answers the story's `fetch` calls with fixed data, an error, or never (the loading
 * state), so each state renders without a server and the same way every time. Keys are
 * `"METHOD /path"` or `"/path"` (any method), matched on the path without its query; other
 * requests go to the network. The real `fetch` comes back when the story unmounts.
 *
 *   decorators: [mockApi({ 'GET /v1/payments/payment-methods': { body: { data: [] } } })]
 */
import type { Decorator } from '@storybook/react-vite'
import { useEffect, useState } from 'react'

export type MockAnswer = 'pending' | { status?: number; body?: unknown }

let original: typeof fetch | null = null
let current: object | null = null

function install(routes: Record<string, MockAnswer>): object {
  original ??= window.fetch
  const real = original
  const call = (input: RequestInfo | URL, init?: RequestInit) => real.call(window, input, init)
  const token = {}
  current = token
  const mocked = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, location.href)
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase()
    const answer = routes[`${method} ${url.pathname}`] ?? routes[url.pathname]
    if (!answer) return call(input, init)
    if (answer === 'pending') return new Promise<Response>(() => {})
    const status = answer.status ?? 200
    return Promise.resolve(
      new Response(status === 204 ? null : JSON.stringify(answer.body ?? {}), { status, headers: { 'content-type': 'application/json' } }),
    )
  }
  window.fetch = Object.assign(mocked, { preconnect: real.preconnect ?? (() => {}) }) as typeof fetch
  return token
}

export function mockApi(routes: Record<string, MockAnswer>): Decorator {
  return function MockApi(Story) {
    // Installed while rendering, before the island's effects run.
    const [token] = useState(() => install(routes))
    useEffect(
      () => () => {
        if (current === token && original) {
          window.fetch = original
          current = null
        }
      },
      [token],
    )
    return <Story />
  }
}
