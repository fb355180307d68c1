import { HttpError } from './errors'

/** Keys that would reach the prototype chain when a parsed object is assigned or merged. */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype'])

/**
 * JSON.parse without `__proto__`, `constructor` or `prototype` keys (at any depth): no body
 * can pollute a prototype through a merge, nor make a lookup like `bag[key]` hit
 * Object.prototype. Malformed JSON is a 400.
 */
export function parseJsonSafely(text: string): unknown {
  if (text.trim() === '') return undefined
  try {
    return JSON.parse(text, (key, value) => (UNSAFE_KEYS.has(key) ? undefined : value))
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON.')
  }
}
