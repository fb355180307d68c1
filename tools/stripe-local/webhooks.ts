/**
 * Webhook delivery as Stripe does it: POST the event JSON to each endpoint with
 * `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<payload>")>`,
 * so `stripe.webhooks.constructEvent(rawBody, header, secret)` verifies it. Failed
 * deliveries are retried a few times with growing delays. Events of connected accounts go to
 * Connect endpoints, the platform's own to the others (as Stripe does).
 */
import { createHmac } from 'node:crypto'
import { type Obj, randomId } from './store'

export interface WebhookEndpoint {
  id: string
  url: string
  secret: string
  enabledEvents: string[]
  /** A Connect endpoint: gets the events of connected accounts (those with `account`), and only those. */
  connect: boolean
}

export interface Delivery {
  eventId: string
  type: string
  url: string
  status: number | null
  attempts: number
  error?: string
}

export function signPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)) {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex')
  return `t=${timestamp},v1=${v1}`
}

export class WebhookSender {
  endpoints: WebhookEndpoint[] = []
  deliveries: Delivery[] = []
  private pending = new Set<Promise<void>>()

  constructor(private retryDelaysMs = [250, 1000, 3000]) {}

  addEndpoint(url: string, secret = `whsec_${randomId('', 32).slice(1)}`, enabledEvents = ['*'], connect = false) {
    const endpoint = { id: randomId('we'), url, secret, enabledEvents, connect }
    this.endpoints.push(endpoint)
    return endpoint
  }

  removeEndpoint(id: string) {
    this.endpoints = this.endpoints.filter((e) => e.id !== id)
  }

  send(event: Obj) {
    for (const endpoint of this.endpoints) {
      if (endpoint.connect !== Boolean(event.account)) continue
      if (!endpoint.enabledEvents.includes('*') && !endpoint.enabledEvents.includes(event.type)) continue
      const p = this.deliver(endpoint, event).finally(() => this.pending.delete(p))
      this.pending.add(p)
    }
  }

  /** Resolves once every delivery started so far has finished (tests use it). */
  async settle() {
    while (this.pending.size) await Promise.all([...this.pending])
  }

  private async deliver(endpoint: WebhookEndpoint, event: Obj) {
    const payload = JSON.stringify(event, null, 2)
    const record: Delivery = { eventId: event.id, type: event.type, url: endpoint.url, status: null, attempts: 0 }
    this.deliveries.push(record)
    for (let attempt = 0; attempt <= this.retryDelaysMs.length; attempt++) {
      if (attempt > 0) await Bun.sleep(this.retryDelaysMs[attempt - 1])
      record.attempts++
      try {
        const res = await fetch(endpoint.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
            'stripe-signature': signPayload(payload, endpoint.secret),
          },
          body: payload,
          signal: AbortSignal.timeout(10_000),
        })
        record.status = res.status
        await res.arrayBuffer().catch(() => {})
        if (res.ok) return
        record.error = `HTTP ${res.status}`
      } catch (err) {
        record.error = err instanceof Error ? err.message : String(err)
      }
    }
  }
}
