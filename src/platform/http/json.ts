/** Keys that would reach the prototype chain when a parsed object is assigned or merged. */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype'])
const MENTIONS_UNSAFE = /"(?:__proto__|constructor|prototype)"\s*:/
const JSON_TYPE = /^application\/([\w.+-]*\+)?json\b/i

/**
 * A JSON request whose body names `__proto__`, `constructor` or `prototype` as keys (at any
 * depth) comes back with those keys removed: JSON.parse makes them own properties, and an
 * Object.assign, a merge or a loose schema copying them would then set a prototype. Done in
 * the fetch handler, before routing, so no route needs to parse a body it does not use.
 * Anything else (other types, malformed JSON, which the router answers with a 400) passes as is.
 */
export async function withoutUnsafeJsonKeys(request: Request): Promise<Request> {
  if (!request.body || !JSON_TYPE.test(request.headers.get('content-type') ?? '')) return request
  const text = await request.clone().text()
  if (!MENTIONS_UNSAFE.test(text)) return request
  let clean: string
  try {
    clean = JSON.stringify(JSON.parse(text, (key, value) => (UNSAFE_KEYS.has(key) ? undefined : value)))
  } catch {
    return request
  }
  const headers = new Headers(request.headers)
  headers.delete('content-length')
  return new Request(request.url, { method: request.method, headers, body: clean })
}
