/**
 * JSON request bodies are checked in the fetch handler, before routing and before anything
 * parses them, by one pass over the raw text (no recursion, no parsing):
 *
 * - **depth** at most `JSON_MAX_DEPTH` (64) nested arrays and objects, else 422: deep nesting
 *   costs the parser, the validator and any error report time and stack in proportion to it
 *   (a 20 KB body of 10,000 nested arrays took 15 s to answer);
 * - **size in items** at most `JSON_MAX_ITEMS` (10,000) keys and list elements, else 413;
 * - **text PostgreSQL cannot store**: a NUL character (`\u0000`) or an unpaired surrogate
 *   (`\ud800`) in any string or key, nested or not, is a 422 naming the field (PostgreSQL
 *   refuses NUL in text and lone surrogates in jsonb);
 * - **prototype keys** `__proto__`, `constructor` and `prototype` are dropped (JSON.parse makes
 *   them own properties; an Object.assign, a merge or a loose schema copying them would then set
 *   a prototype);
 * - **an object at the top**: every route that takes a JSON body takes an object, so a body that
 *   is a list, a number, a string, `true`/`false` or `null` is a 422 naming `body` (a route's
 *   schema could read `[]` as an empty object: a waitlist join with `[]` joined).
 *
 * Only bodies whose text mentions an escape of such a character or a prototype key are parsed
 * here (to name the field, or to drop the keys). Anything else (other types, malformed JSON,
 * which the router answers with a 400) passes as is.
 */

export const JSON_MAX_DEPTH = 64
export const JSON_MAX_ITEMS = 10_000

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype'])
const MENTIONS_UNSAFE = /"(?:__proto__|constructor|prototype)"\s*:/
const JSON_TYPE = /^application\/([\w.+-]*\+)?json\b/i
/** `\u0000` or a `\ud800`-`\udfff` escape (paired surrogates are checked after parsing). */
const BAD_ESCAPE = /\\u(?:0000|[dD][89a-fA-F][0-9a-fA-F]{2})/

const what = (field: string) => (field === 'body' ? 'request body' : field)
export const tooDeepMessage = (field = 'body') => `The ${what(field)} is nested too deeply (at most ${JSON_MAX_DEPTH} levels).`
export const tooManyItemsMessage = (field = 'body') =>
  `The ${what(field)} has too many items (at most ${JSON_MAX_ITEMS.toLocaleString('en')} keys and list elements).`
export const badTextMessage = (field: string) => `The ${field} must not contain a NUL character or an unpaired surrogate.`
export const NOT_AN_OBJECT_MESSAGE = 'The request body must be a JSON object.'

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } })
const fieldResponse = (status: number, field: string, message: string) => json(status, { message, errors: { [field]: [message] } })

export interface JsonShape {
  /** Deepest nesting seen (stops counting past the limit). */
  depth: number
  /** Keys and list elements seen (stops counting past the limit). */
  items: number
  tooDeep: boolean
  tooMany: boolean
}

/**
 * One pass over raw JSON text: nesting depth and item count, outside strings. Stops as soon as a
 * limit is passed, so a hostile body costs no more than the limit to look at.
 */
export function scanJson(text: string, maxDepth = JSON_MAX_DEPTH, maxItems = JSON_MAX_ITEMS): JsonShape {
  let depth = 0
  let deepest = 0
  let items = 0
  let inString = false
  // After `[` or `{`: the next value or key (anything but whitespace and the closing bracket) is an item.
  let opened = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 92 /* \ */) i++
      else if (c === 34 /* " */) inString = false
      continue
    }
    if (c === 32 || c === 10 || c === 13 || c === 9) continue
    if (opened) {
      opened = false
      if (c !== 93 /* ] */ && c !== 125 /* } */ && ++items > maxItems) return { depth: deepest, items, tooDeep: false, tooMany: true }
    }
    if (c === 34) inString = true
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > deepest) {
        deepest = depth
        if (depth > maxDepth) return { depth, items, tooDeep: true, tooMany: false }
      }
      opened = true
    } else if (c === 93 || c === 125) depth--
    else if (c === 44 /* , */ && ++items > maxItems) return { depth: deepest, items, tooDeep: false, tooMany: true }
  }
  return { depth: deepest, items, tooDeep: false, tooMany: false }
}

/** True for text PostgreSQL cannot store: a NUL character or an unpaired surrogate. */
export const isBadText = (s: string) => s.includes('\u0000') || !s.isWellFormed()

/** A key as it may be shown in a message: no control characters or lone surrogates, not too long. */
export function printableKey(key: string) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const clean = key.toWellFormed().replace(/[\u0000-\u001f\u007f]/g, '\uFFFD')
  return clean.length > 100 ? `${clean.slice(0, 100)}…` : clean
}

/**
 * The dotted path (`profile.socialAccounts.0.url`) of the first string or key holding text
 * PostgreSQL cannot store, or null. Iterative: the depth was bounded before.
 */
export function badTextPath(value: unknown): string | null {
  const stack: Array<[unknown, string]> = [[value, '']]
  while (stack.length) {
    const [v, path] = stack.pop()!
    if (typeof v === 'string') {
      if (isBadText(v)) return path || 'body'
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], path ? `${path}.${i}` : String(i)])
    } else if (v && typeof v === 'object') {
      const entries = Object.entries(v)
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, child] = entries[i]
        const at = path ? `${path}.${printableKey(k)}` : printableKey(k)
        if (isBadText(k)) return at
        stack.push([child, at])
      }
    }
  }
  return null
}

/**
 * Checks a JSON request body (see above): answers the 413/422 response for a body that breaks a
 * limit, or the request to go on with (a new one when prototype keys were dropped).
 */
export async function checkJsonBody(request: Request): Promise<Request | Response> {
  if (!request.body || !JSON_TYPE.test(request.headers.get('content-type') ?? '')) return request
  const text = await request.clone().text()
  // The first character that is not white space opens the top value: anything but `{` is no object.
  // (An empty body passes: a route that needs one says so.)
  const first = /\S/.exec(text)?.[0]
  if (first !== undefined && first !== '{') return fieldResponse(422, 'body', NOT_AN_OBJECT_MESSAGE)
  const shape = scanJson(text)
  if (shape.tooDeep) return fieldResponse(422, 'body', tooDeepMessage())
  if (shape.tooMany) return fieldResponse(413, 'body', tooManyItemsMessage())
  const badEscape = BAD_ESCAPE.test(text)
  const unsafe = MENTIONS_UNSAFE.test(text)
  if (!badEscape && !unsafe) return request
  let parsed: unknown
  try {
    parsed = JSON.parse(text, unsafe ? (key, value) => (UNSAFE_KEYS.has(key) ? undefined : value) : undefined)
  } catch {
    return request
  }
  if (badEscape) {
    const field = badTextPath(parsed)
    if (field) return fieldResponse(422, field, badTextMessage(field))
  }
  if (!unsafe) return request
  const headers = new Headers(request.headers)
  headers.delete('content-length')
  return new Request(request.url, { method: request.method, headers, body: JSON.stringify(parsed) })
}

/**
 * One text value of a form or query (Elysia parses a field that starts with `{` or `[` as
 * JSON, and builds nested objects from keys like `a.b[3]`): the same limits as a JSON body.
 * Answers the 413/422 response, or null when the value is fine.
 */
export function checkTextValue(key: string, value: string): Response | null {
  const field = printableKey(key) || 'body'
  if (isBadText(key) || isBadText(value)) return badFieldResponse(field)
  const first = value.charCodeAt(0)
  if (first !== 123 && first !== 91) return null
  const shape = scanJson(value)
  if (shape.tooDeep) return fieldResponse(422, field, tooDeepMessage(field))
  if (shape.tooMany) return fieldResponse(413, field, tooManyItemsMessage(field))
  if (!BAD_ESCAPE.test(value)) return null
  try {
    const bad = badTextPath(JSON.parse(value))
    if (bad) return badFieldResponse(`${field}.${bad}`)
  } catch {}
  return null
}

/** A form key's nesting (`a.b.c`) and list index (`a[3]`), which Elysia turns into objects and arrays. */
function checkFormKey(key: string): Response | null {
  if (key.split('.').length > JSON_MAX_DEPTH) return fieldResponse(422, 'body', tooDeepMessage())
  for (const m of key.matchAll(/\[(\d+)\]/g)) if (Number(m[1]) >= JSON_MAX_ITEMS) return fieldResponse(413, 'body', tooManyItemsMessage())
  return null
}

/** Checks every field of a form (multipart or url-encoded) or query: answers the 413/422 response, or null. */
export function checkForm(form: FormData | URLSearchParams, opts: { keys?: boolean } = {}): Response | null {
  let n = 0
  for (const [key, value] of form as unknown as Iterable<[string, unknown]>) {
    if (++n > JSON_MAX_ITEMS) return fieldResponse(413, 'body', tooManyItemsMessage())
    const bad =
      (opts.keys !== false && checkFormKey(key)) ||
      (typeof value === 'string' ? checkTextValue(key, value) : isBadText(key) ? badFieldResponse(printableKey(key)) : null)
    if (bad) return bad
  }
  return null
}

export const badFieldResponse = (field: string) => fieldResponse(422, field, badTextMessage(field))
