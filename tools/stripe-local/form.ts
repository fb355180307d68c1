/**
 * Stripe's request encoding: application/x-www-form-urlencoded with bracket notation
 * (`metadata[bookingId]=b1`, `expand[0]=latest_charge`, `card[exp_month]=12`), as the
 * official SDKs and Stripe.js send it. Numeric keys build arrays; everything else objects.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue }

export function parseForm(body: string): Record<string, FormValue> {
  const root: Record<string, any> = {}
  if (!body) return root
  for (const pair of body.split('&')) {
    if (!pair) continue
    const eq = pair.indexOf('=')
    const rawKey = eq === -1 ? pair : pair.slice(0, eq)
    const rawValue = eq === -1 ? '' : pair.slice(eq + 1)
    const key = decode(rawKey)
    const value = decode(rawValue)
    const path = splitKey(key)
    if (!path) continue
    assign(root, path, value)
  }
  return finalize(root)
}

function decode(s: string) {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '))
  } catch {
    return s
  }
}

/** `a[b][0]` -> ['a', 'b', '0']; `a[]` -> ['a', '']. Null for a malformed key. */
function splitKey(key: string): string[] | null {
  const first = key.indexOf('[')
  if (first === -1) return [key]
  const parts = [key.slice(0, first)]
  const re = /\[([^\]]*)\]/g
  re.lastIndex = first
  let m: RegExpExecArray | null
  let end = first
  while ((m = re.exec(key)) && m.index === end) {
    parts.push(m[1])
    end = re.lastIndex
  }
  if (end !== key.length || !parts[0]) return null
  return parts
}

// Objects whose keys are all numbers (or appended with []) become arrays in finalize().
const APPEND = Symbol('append')

function assign(target: Record<string, any>, path: string[], value: string) {
  let node = target
  for (let i = 0; i < path.length - 1; i++) {
    let k = path[i]
    if (k === '') k = String((node[APPEND as any] = (node[APPEND as any] ?? Object.keys(node).length) + 1) - 1)
    if (typeof node[k] !== 'object' || node[k] === null) node[k] = {}
    node = node[k]
  }
  let last = path[path.length - 1]
  if (last === '') last = String(Object.keys(node).length)
  node[last] = value
}

function finalize(node: any): any {
  if (typeof node !== 'object' || node === null) return node
  const keys = Object.keys(node)
  const out: any = {}
  for (const k of keys) out[k] = finalize(node[k])
  if (keys.length && keys.every((k) => /^\d+$/.test(k))) {
    return keys
      .map(Number)
      .sort((a, b) => a - b)
      .map((i) => out[String(i)])
  }
  return out
}

/** Reads an expand list (`expand[0]=a&expand[1]=b`, or `expand[]=a`). */
export function expandList(params: Record<string, FormValue>): string[] {
  const e = params.expand
  if (Array.isArray(e)) return e.filter((x): x is string => typeof x === 'string')
  if (typeof e === 'string') return [e]
  if (e && typeof e === 'object') return Object.values(e).filter((x): x is string => typeof x === 'string')
  return []
}
