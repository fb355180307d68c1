/** Keys that would reach the prototype chain when a parsed object is assigned or merged. */
const UNSAFE_KEYS = ['__proto__', 'constructor', 'prototype']

/**
 * Removes `__proto__`, `constructor` and `prototype` own keys from a parsed body, at any depth
 * (JSON.parse makes them ordinary own properties; an Object.assign or a merge would then set a
 * prototype). Files and other non-plain objects are left alone.
 */
export function stripUnsafeKeys(value: unknown, depth = 0): void {
  if (depth > 32 || !value || typeof value !== 'object') return
  if (Array.isArray(value)) {
    for (const item of value) stripUnsafeKeys(item, depth + 1)
    return
  }
  const proto = Object.getPrototypeOf(value)
  if (proto !== Object.prototype && proto !== null) return
  for (const key of UNSAFE_KEYS) if (Object.hasOwn(value, key)) delete (value as Record<string, unknown>)[key]
  for (const key of Object.keys(value)) stripUnsafeKeys((value as Record<string, unknown>)[key], depth + 1)
}
