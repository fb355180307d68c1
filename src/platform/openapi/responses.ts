/**
 * Response documentation from valibot views (see platform/http/view.ts): crud() and the
 * routes pass a view to `ok`/`created`, and OpenAPI shows it as the 2xx schema.
 */
import { toJsonSchema } from '@valibot/to-json-schema'
import type { OpenAPIV3 } from 'openapi-types'
import type * as v from 'valibot'

import { ErrorBody } from '../../shared/view'

export { dataOf, ErrorBody, Meta, pageOf, type ViewOf } from '../../shared/view'

export const json = (schema: v.GenericSchema, description: string): OpenAPIV3.ResponseObject => ({
  description,
  content: { 'application/json': { schema: toJsonSchema(schema, { errorMode: 'ignore' }) as OpenAPIV3.SchemaObject } },
})
/**
 * Every answer may be a client error in the one error shape (401, 403, 404, 409, 419, 422,
 * 429: see the API description); routes add the codes worth spelling out.
 */
const clientError = () => ({
  '4XX': json(ErrorBody, 'A client error: `{ message }`; a 422 adds `errors` with the messages per field'),
})
export const ok = (schema: v.GenericSchema, description = 'OK') => ({ 200: json(schema, description), ...clientError() })
export const created = (schema: v.GenericSchema, description = 'Created') => ({ 201: json(schema, description), ...clientError() })
export const noContent = (description = 'Done, no body') => ({ 204: { description }, ...clientError() })
export const redirect = (description = 'Redirect (Location header)') => ({ 302: { description }, ...clientError() })
/** A file answered as it is (download, image, PDF). */
export const file = (
  description: string,
  types: string[] = ['application/octet-stream'],
): { 200: OpenAPIV3.ResponseObject; '4XX': OpenAPIV3.ResponseObject } => ({
  200: { description, content: Object.fromEntries(types.map((t) => [t, { schema: { type: 'string', format: 'binary' } }])) },
  ...clientError(),
})
