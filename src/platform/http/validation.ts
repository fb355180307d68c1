/**
 * Route schemas never fail inside Elysia. Elysia builds its `ValidationError` with the rejected
 * value and every issue in its message: `JSON.stringify` of the whole input and of each issue
 * (whose `input` and path entries hold the parent objects), pretty-printed outside production.
 * That costs time in proportion to depth times size (a 20 KB body of nested arrays took 15 s)
 * and would echo the input. So each valibot schema a route declares (body, query, params,
 * headers) gets a Standard Schema `validate` that, on failure, throws the 422 with the errors
 * bag at once (the same one `parseOrThrow` builds, messages from the schema): Elysia's error is
 * never built. The schemas stay what they are for the OpenAPI document and the forms.
 */
import * as v from 'valibot'
import { issuesToBag, validationError } from './errors'

const GUARDED = Symbol.for('summit.guardedSchema')
const PARTS = ['body', 'query', 'params', 'headers'] as const

const isValibot = (s: unknown): s is v.GenericSchema =>
  !!s && typeof s === 'object' && (s as { kind?: unknown }).kind === 'schema' && typeof (s as { '~run'?: unknown })['~run'] === 'function'

/** Gives `schema` a Standard Schema validator that throws the app's 422 instead of answering issues. */
export function guardSchema(schema: v.GenericSchema) {
  if ((schema as any)[GUARDED]) return
  Object.defineProperty(schema, GUARDED, { value: true })
  Object.defineProperty(schema, '~standard', {
    configurable: true,
    enumerable: true,
    writable: true,
    value: {
      version: 1,
      vendor: 'valibot',
      validate(value: unknown) {
        const r = v.safeParse(schema, value, { abortPipeEarly: true })
        if (r.success) return { value: r.output }
        throw validationError(issuesToBag(r.issues))
      },
    },
  })
}

/** Guards the valibot schemas of every route of `app` (call once all routes are added, before the first request). */
export function guardRouteSchemas(app: { routes: Array<{ hooks?: Record<string, unknown> }> }) {
  for (const route of app.routes) for (const part of PARTS) if (isValibot(route.hooks?.[part])) guardSchema(route.hooks[part] as v.GenericSchema)
}
