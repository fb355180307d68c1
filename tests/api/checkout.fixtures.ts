/**
 * A full card checkout over real HTTP, as the checkout island does it: book, payment intent,
 * pay at the (local) Stripe server as Stripe.js would, finalize. Used by the checkout-storm
 * tests; every request is bounded so a stalled server fails the test instead of hanging it.
 */
import type { Actor } from '../client'
import { app } from '../client'
import { payInBrowser } from '../peers/stripe'

export interface CheckoutResult {
  ok: boolean
  step: string
  status?: number
  message?: string
  bookingId?: string
}

/**
 * One call. A 503 with Retry-After is the product shedding load on a busy machine ("try
 * again"): the call is sent again after the pause, at most twice, as a client would.
 */
async function call(a: Actor, method: string, path: string, body: unknown, timeoutMs: number) {
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(app().url + path, {
      method,
      headers: { accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${a.client.bearer}` },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    })
    const text = await res.text()
    const retryAfter = res.headers.get('retry-after')
    if (res.status === 503 && retryAfter && attempt < 2) {
      await Bun.sleep(Math.min(Number(retryAfter), 5) * 1000)
      continue
    }
    return { status: res.status, body: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text }
  }
}

/** One checkout of `seats` seats; never throws, answers where it stopped. */
export async function checkout(a: Actor, scheduleId: string, opts: { seats?: number; timeoutMs?: number } = {}): Promise<CheckoutResult> {
  // Generous: a loaded CI machine is slow, a stalled server never answers (and fails the test either way).
  const t = opts.timeoutMs ?? 45_000
  let step = 'book'
  try {
    const b = await call(a, 'POST', '/v1/bookings', { userId: a.user.id, workshopScheduleId: scheduleId, seats: opts.seats ?? 1 }, t)
    if (b.status !== 201) return { ok: false, step, status: b.status, message: b.body?.message }
    const bookingId = b.body.data.id as string
    step = 'intent'
    const i = await call(a, 'POST', `/v1/payments/bookings/${bookingId}/payment-intent`, {}, t)
    if (i.status !== 200) return { ok: false, step, status: i.status, message: i.body?.message, bookingId }
    step = 'pay'
    const paid = await Promise.race([
      payInBrowser(i.body.data.clientSecret),
      Bun.sleep(t).then(() => {
        throw new Error('payment timed out')
      }),
    ])
    if ((paid as any).status !== 'succeeded') return { ok: false, step, message: String((paid as any).status), bookingId }
    step = 'finalize'
    const f = await call(a, 'POST', `/v1/payments/bookings/${bookingId}/finalize`, { paymentIntentId: i.body.data.paymentIntentId }, t)
    if (f.status !== 200) return { ok: false, step, status: f.status, message: f.body?.message, bookingId }
    return { ok: f.body.data.bookingStatus === 'CONFIRMED', step: 'done', status: 200, bookingId }
  } catch (err) {
    return { ok: false, step, message: err instanceof Error ? err.message : String(err) }
  }
}
