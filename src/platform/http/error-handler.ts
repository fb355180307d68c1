import { NotFoundError, ValidationError as OrmValidationError, UniqueConstraintViolationException } from '@mikro-orm/core'
import * as v from 'valibot'
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE, unavailableCause } from '../db/health'
import type { Logger } from '../log'
import { countDatabaseUnavailable } from '../metrics'
import { HttpError, issuesToBag, validationError } from './errors'

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } })

const BAD_TEXT_SQLSTATES = new Set(['08P01', '22P05', '22021'])
const BAD_TEXT_MESSAGE = 'The request contains a character that cannot be stored (a NUL character or an unpaired surrogate).'

function sqlStateIn(error: any, states: Set<string>) {
  for (let e = error, depth = 0; e && depth < 6; depth++, e = e.cause) {
    const code = typeof e.sqlState === 'string' ? e.sqlState : typeof e.code === 'string' ? e.code : undefined
    if (code && states.has(code)) return true
  }
  return false
}

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
  // Text PostgreSQL cannot store (a NUL byte: 08P01; a lone surrogate in jsonb: 22P05; bad
  // encoding: 22021) that got past the input checks: the request's fault, never an outage.
  if (sqlStateIn(error, BAD_TEXT_SQLSTATES)) return validationError({ body: [BAD_TEXT_MESSAGE] })
  if (error instanceof NotFoundError) return new HttpError(404, 'Not found.')
  if (error instanceof UniqueConstraintViolationException) return new HttpError(409, 'This record already exists.')
  if (error instanceof OrmValidationError) return new HttpError(400, 'The request is not valid.')
  if (typeof error?.status === 'number' && error.status >= 400 && error.status < 500 && code !== 'UNKNOWN')
    return new HttpError(error.status, error.message || 'Bad request.')
  return null
}

/** Every failure leaves through here: the documented shape, never a stack trace. */
export function handleError(code: string | number, error: unknown, log: Logger, request?: Request) {
  try {
    return answer(code, error, log, request)
  } catch (err) {
    // The error path itself must never fail open (a thrown error here would drop the connection).
    log.error({ err, cause: error }, 'error handler failed')
    return json(500, { message: 'Server Error' })
  }
}

function answer(code: string | number, error: unknown, log: Logger, request?: Request) {
  // The database is busy or gone: 503 with Retry-After (a page for browsers), never a 500.
  if (!(error instanceof HttpError) && isDatabaseUnavailable(error)) {
    log.warn({ err: error instanceof Error ? error.message : error }, 'database unavailable')
    countDatabaseUnavailable(unavailableCause(error))
    const headers = { 'retry-after': String(RETRY_AFTER_SECONDS) }
    if (request && wantsPage(request)) return unavailablePage(headers)
    return json(503, { message: UNAVAILABLE_MESSAGE }, headers)
  }
  const http = toHttpError(code, error)
  if (!http) {
    log.error({ err: error }, 'unhandled error')
    return json(500, { message: 'Server Error' })
  }
  if (http.status >= 500) log.error({ err: error }, http.message)
  const body: Record<string, unknown> = { message: http.message }
  if (http.errors) body.errors = http.errors
  if (http.code) body.code = http.code
  // Any 503 (payments not reachable, ...) says when to try again.
  if (http.status === 503) return json(http.status, body, { 'retry-after': String(RETRY_AFTER_SECONDS), ...http.headers })
  return json(http.status, body, http.headers)
}

const API_PATH = /^\/(v1|api|openapi|docs|assets|health)(\/|$)/
const wantsPage = (request: Request) =>
  request.method === 'GET' && !API_PATH.test(new URL(request.url).pathname) && (request.headers.get('accept') ?? '').includes('text/html')

/** A self-contained page (no database, no assets): the layout would need both. */
export function unavailablePage(headers: Record<string, string> = { 'retry-after': String(RETRY_AFTER_SECONDS) }) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta http-equiv="refresh" content="${RETRY_AFTER_SECONDS * 2}"><title>Service unavailable</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem"><h1>Service unavailable</h1><p>${UNAVAILABLE_MESSAGE}</p><p>This page reloads by itself.</p></body></html>`
  return new Response(html, { status: 503, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...headers } })
}
