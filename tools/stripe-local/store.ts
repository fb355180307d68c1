/**
 * In-memory state of the local Stripe-compatible server: objects by id, events, and the
 * helpers every resource uses (ids, errors, lists, expansion, param readers).
 * The state lives as long as the process: this is a stand-in for Stripe, not a database.
 */
import type { Link } from './connect'
import type { FormValue } from './form'

export type Obj = Record<string, any>
export type Params = Record<string, FormValue>

/** An error answered in Stripe's shape: `{ error: { type, code, decline_code, message, param } }`. */
export class StripeError extends Error {
  constructor(
    public status: number,
    public type: 'invalid_request_error' | 'card_error' | 'api_error' | 'idempotency_error' | 'authentication_error',
    message: string,
    public extra: { code?: string; decline_code?: string; param?: string; [k: string]: unknown } = {},
  ) {
    super(message)
  }
  toJSON() {
    const error: Obj = { type: this.type, message: this.message }
    for (const [k, v] of Object.entries(this.extra)) if (v !== undefined) error[k] = v
    if (error.code) error.doc_url = `https://docs.stripe.com/error-codes/${String(error.code).replace(/_/g, '-')}`
    return { error }
  }
}

export const missing = (kind: string, id: string, param = 'id') =>
  new StripeError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, { code: 'resource_missing', param })
export const invalid = (message: string, param?: string, code?: string) =>
  new StripeError(400, 'invalid_request_error', message, { code: code ?? (param ? 'parameter_invalid' : undefined), param })
export const required = (param: string) =>
  new StripeError(400, 'invalid_request_error', `Missing required param: ${param}.`, { code: 'parameter_missing', param })

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
export function randomId(prefix: string, length = 24) {
  const bytes = crypto.getRandomValues(new Uint8Array(length))
  let s = ''
  for (const b of bytes) s += ALPHABET[b % ALPHABET.length]
  return `${prefix}_${s}`
}

export const now = () => Math.floor(Date.now() / 1000)

export type EventListener = (event: Obj) => void

export class Store {
  objects = new Map<string, Obj>()
  /** Card numbers stay out of the API objects, as at Stripe. */
  cardNumbers = new Map<string, string>()
  /** Payment methods that were detached or used without a customer cannot be attached again. */
  consumed = new Set<string>()
  events: Obj[] = []
  /** Connect: available balances by owner (a connected account's id) and currency. */
  balances = new Map<string, Map<string, number>>()
  /** Account links (hosted onboarding) and login links (Express dashboard), by token. */
  links = new Map<string, Link>()
  logins = new Map<string, { account: string; expiresAt: number }>()
  /** Bank account numbers stay out of the API objects (they decide a payout's outcome). */
  bankNumbers = new Map<string, string>()
  private listeners: EventListener[] = []

  constructor(public apiVersion: string) {}

  put<T extends Obj>(o: T): T {
    this.objects.set(o.id, o)
    return o
  }

  get(kind: string, id: unknown, param = 'id'): Obj {
    const o = typeof id === 'string' ? this.objects.get(id) : undefined
    if (!o || o.object !== kind || o.deleted) throw missing(kind, String(id ?? ''), param)
    return o
  }

  all(kind: string) {
    return [...this.objects.values()].filter((o) => o.object === kind && !o.deleted)
  }

  onEvent(fn: EventListener) {
    this.listeners.push(fn)
  }

  /**
   * Records an event with a snapshot of the object, as Stripe does, and hands it to the webhook
   * sender. An event of a connected account carries `account` (Connect endpoints get it).
   */
  emit(type: string, object: Obj, request?: { id: string; idempotency_key: string | null }, opts: { account?: string; previous?: Obj } = {}) {
    const event = {
      id: randomId('evt'),
      object: 'event',
      ...(opts.account ? { account: opts.account } : {}),
      api_version: this.apiVersion,
      created: now(),
      data: { object: structuredClone(object), ...(opts.previous ? { previous_attributes: structuredClone(opts.previous) } : {}) },
      livemode: false,
      pending_webhooks: 1,
      request: request ?? { id: null, idempotency_key: null },
      type,
    }
    this.events.push(event)
    this.put(event)
    for (const l of this.listeners) l(event)
    return event
  }

  /** A Stripe list: newest first, `limit` (1-100, default 10), `starting_after`, `ending_before`. */
  list(url: string, rows: Obj[], params: Params) {
    // Newest first; within one second, the later created first (rows arrive in creation order).
    const sorted = rows
      .map((r, i) => ({ r, i }))
      .sort((a, b) => b.r.created - a.r.created || b.i - a.i)
      .map((x) => x.r)
    const limit = params.limit === undefined ? 10 : int(params.limit, 'limit')
    if (limit < 1 || limit > 100) throw invalid(`This value must be between 1 and 100 (it currently is ${limit}).`, 'limit')
    let start = 0
    if (typeof params.starting_after === 'string') start = sorted.findIndex((r) => r.id === params.starting_after) + 1
    let end = sorted.length
    if (typeof params.ending_before === 'string') {
      end = Math.max(
        0,
        sorted.findIndex((r) => r.id === params.ending_before),
      )
      start = Math.max(0, end - limit)
    }
    const data = sorted.slice(start, Math.min(end, start + limit))
    return { object: 'list', data, has_more: start + data.length < end, url }
  }

  /** Replaces ids by objects along `expand` paths (`latest_charge`, `data.payment_method`, ...). */
  expand(o: Obj, paths: string[]): Obj {
    const out = structuredClone(o)
    for (const path of paths) this.expandPath(out, path.split('.'))
    return out
  }

  private expandPath(node: any, parts: string[]) {
    if (!node || typeof node !== 'object' || !parts.length) return
    const [head, ...rest] = parts
    if (Array.isArray(node)) {
      for (const item of node) this.expandPath(item, parts)
      return
    }
    let value = node[head]
    if (typeof value === 'string' && this.objects.has(value)) {
      value = node[head] = structuredClone(this.objects.get(value))
    }
    this.expandPath(value, rest)
  }
}

/** Param readers: Stripe answers 400 with the param's name when a value has the wrong type. */
export function int(v: FormValue | undefined, param: string): number {
  if (typeof v !== 'string' || !/^-?\d+$/.test(v)) throw invalid(`Invalid integer: ${typeof v === 'string' ? v : JSON.stringify(v)}`, param)
  return Number(v)
}
export function str(v: FormValue | undefined, param: string): string {
  if (typeof v !== 'string') throw invalid(`Invalid string: ${JSON.stringify(v)}`, param)
  return v
}
export function optStr(v: FormValue | undefined, param: string): string | null | undefined {
  if (v === undefined) return undefined
  const s = str(v, param)
  return s === '' ? null : s
}
export function bool(v: FormValue | undefined, param: string): boolean {
  if (v === undefined) return false
  if (v === 'true') return true
  if (v === 'false' || v === '') return false
  throw invalid(`Invalid boolean: ${String(v)}`, param)
}
export function obj(v: FormValue | undefined, param: string): Record<string, FormValue> {
  if (v === undefined || v === '') return {}
  if (typeof v !== 'object' || Array.isArray(v)) throw invalid(`Invalid object`, param)
  return v
}

/** Metadata update semantics: keys merge; an empty value removes the key; `metadata=` clears all. */
export function mergeMetadata(current: Record<string, string>, v: FormValue | undefined): Record<string, string> {
  if (v === undefined) return current
  if (v === '') return {}
  const next = { ...current }
  for (const [k, val] of Object.entries(obj(v, 'metadata'))) {
    if (typeof val !== 'string') throw invalid('Metadata values must be strings.', `metadata[${k}]`)
    if (val === '') delete next[k]
    else next[k] = val.slice(0, 500)
  }
  if (Object.keys(next).length > 50) throw invalid('You can specify up to 50 keys in metadata.', 'metadata')
  return next
}
