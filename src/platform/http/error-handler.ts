import * as v from 'valibot'
import { NotFoundError, UniqueConstraintViolationException, ValidationError as OrmValidationError } from '@mikro-orm/core'
import { HttpError, issuesToBag, validationError } from './errors'
import type { Logger } from '../log'

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } })

function toHttpError(code: string | number, error: any): HttpError | null {
  if (error instanceof HttpError) return error
  switch (code) {
    case 'VALIDATION': {
      // Elysia's own issue paths lose the keys: validate again with the route's schema.
      const schema = error?.validator?.schema
      if (schema && typeof schema === 'object' && 'kind' in schema) {
        const r = v.safeParse(schema as v.GenericSchema, error.value, { abortPipeEarly: true })
        if (!r.success) return validationError(issuesToBag(r.issues))
      }
      const where = error?.type === 'query' ? 'query' : error?.type === 'params' ? 'path' : 'body'
      return validationError({ [where]: [`The ${where} is not valid.`] })
    }
    case 'PARSE':
      return new HttpError(400, 'The request body is not valid JSON.')
    case 'NOT_FOUND':
      return new HttpError(404, 'Not found.')
    case 'INVALID_COOKIE_SIGNATURE':
      return new HttpError(400, 'Invalid cookie.')
  }
  if (error instanceof NotFoundError) return new HttpError(404, 'Not found.')
  if (error instanceof UniqueConstraintViolationException) return new HttpError(409, 'This record already exists.')
  if (error instanceof OrmValidationError) return new HttpError(400, 'The request is not valid.')
  if (typeof error?.status === 'number' && error.status >= 400 && error.status < 500 && code !== 'UNKNOWN')
    return new HttpError(error.status, error.message || 'Bad request.')
  return null
}

/** Every failure leaves through here: the documented shape, never a stack trace. */
export function handleError(code: string | number, error: unknown, log: Logger) {
  try {
    return answer(code, error, log)
  } catch (err) {
    // The error path itself must never fail open (a thrown error here would drop the connection).
    log.error({ err, cause: error }, 'error handler failed')
    return json(500, { message: 'Server Error' })
  }
}

function answer(code: string | number, error: unknown, log: Logger) {
  const http = toHttpError(code, error)
  if (!http) {
    log.error({ err: error }, 'unhandled error')
    return json(500, { message: 'Server Error' })
  }
  if (http.status >= 500) log.error({ err: error }, http.message)
  const body: Record<string, unknown> = { message: http.message }
  if (http.errors) body.errors = http.errors
  return json(http.status, body, http.headers)
}
