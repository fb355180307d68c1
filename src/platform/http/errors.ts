import * as v from 'valibot'
import { count } from '../../shared/words'
import { printableKey } from './json'

export type ErrorBag = Record<string, string[]>

/** An error that answers with its status and message; never carries internals. */
export class HttpError extends Error {
  constructor(
    public status: number,
    message: string,
    public errors?: ErrorBag,
    public headers?: Record<string, string>,
    /** A machine-readable reason the client acts on (`reauthentication_required`). */
    public code?: string,
  ) {
    super(message)
  }
}

export const unauthenticated = () => new HttpError(401, 'Unauthenticated.')
export const forbidden = (message = 'This action is unauthorized.') => new HttpError(403, message)
export const notFound = (what = 'Resource') => new HttpError(404, `${what} not found.`)
export const conflict = (message: string) => new HttpError(409, message)
export const csrfMismatch = () => new HttpError(419, 'CSRF token mismatch.')
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, 'Too many attempts. Please try again later.', undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) })

/** 422 with Laravel's shape: the first message, and a per-field bag. */
export function validationError(errors: ErrorBag) {
  const messages = Object.values(errors).flat()
  const more = messages.length - 1
  const message = more > 0 ? `${messages[0]} (and ${count(more, 'more error')})` : (messages[0] ?? 'The given data was invalid.')
  return new HttpError(422, message, errors)
}

/**
 * valibot's default messages end with what was received (`... but received "<the input>"`):
 * an answer never echoes the rejected value, so that part goes. The spec's own messages never have it.
 */
const withoutReceived = (message: string) => message.replace(/ but received [\s\S]*$/, '')

/** Turns valibot issues into the errors bag, keyed by dotted path (`profile.firstName`). */
export function issuesToBag(issues: readonly v.BaseIssue<unknown>[]): ErrorBag {
  const bag: ErrorBag = {}
  for (const issue of issues) {
    // Keys come from the input: shown without control characters and cut to a readable length.
    const key = printableKey(issue.path?.map((p) => String(p.key)).join('.') || '_')
    const message =
      issue.kind === 'schema' && issue.type === 'strict_object' && issue.expected === 'never'
        ? `The field ${key} is not allowed.`
        : withoutReceived(issue.message)
    // Own keys only: a body key named `__proto__` or `constructor` must not reach Object.prototype.
    const list = Object.hasOwn(bag, key)
      ? bag[key]
      : (Object.defineProperty(bag, key, { value: [] as string[], enumerable: true, writable: true, configurable: true }), bag[key])
    if (!list.includes(message)) list.push(message)
  }
  return bag
}

/** Parses with the one schema that also drives the forms and the OpenAPI document. */
export function parseOrThrow<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input, { abortPipeEarly: true })
  if (!result.success) throw validationError(issuesToBag(result.issues))
  return result.output
}

export const fieldError = (field: string, message: string) => validationError({ [field]: [message] })
