/** OpenAPI response documentation of the sign-in routes (the request bodies come from auth.schema.ts). */

import { toJsonSchema } from '@valibot/to-json-schema'
import * as v from 'valibot'
import { UserView } from '../users'

const nullableString = v.nullable(v.string())
const SignedIn = v.object({
  data: v.object({
    user: UserView,
    redirect: v.pipe(v.string(), v.description('Where the browser goes next')),
    token: v.optional(v.pipe(v.string(), v.description('Only when device_name was sent: a personal access token, shown once'))),
  }),
})
const CodeSent = v.object({
  message: v.string(),
  data: v.object({ email: v.string(), expiresIn: v.pipe(v.number(), v.description('Seconds the code stays valid')) }),
})
const ErrorBody = v.object({ message: v.string(), errors: v.optional(v.record(v.string(), v.array(v.string()))) })
const Verified = v.object({ message: v.string(), data: v.object({ email: v.string(), verified: v.boolean(), user: v.nullable(UserView) }) })
const Token = v.object({ id: v.string(), name: v.string(), lastUsedAt: nullableString, expiresAt: nullableString, createdAt: v.string() })

// Typed loosely: Elysia's OpenAPI types want their own schema type; this is plain JSON Schema.
const json = (schema: v.GenericSchema, description: string): any => ({
  description,
  content: { 'application/json': { schema: toJsonSchema(schema, { errorMode: 'ignore' }) } },
})
const errors = {
  401: json(ErrorBody, 'Not signed in'),
  419: json(ErrorBody, 'CSRF token mismatch (cookie session without X-XSRF-TOKEN)'),
  422: json(ErrorBody, 'Validation failed: `errors` holds the messages per field'),
  429: json(ErrorBody, 'Too many attempts; see the Retry-After header'),
}

export const responses: Record<string, Record<number, any>> = {
  codeOrSignIn: {
    200: json(v.union([CodeSent, SignedIn]), 'Step 1: code sent (same answer for unknown addresses). Step 2: signed in.'),
    403: json(ErrorBody, 'The account is suspended'),
    419: errors[419],
    422: errors[422],
    429: errors[429],
  },
  signedIn: { 200: json(SignedIn, 'Signed in'), 403: json(ErrorBody, 'The account is suspended'), 419: errors[419], 422: errors[422], 429: errors[429] },
  verified: { 200: json(v.union([CodeSent, Verified]), 'Step 1: code sent. Step 2: verified.'), 419: errors[419], 422: errors[422], 429: errors[429] },
  me: { 200: json(v.object({ data: UserView }), 'The signed-in user'), 401: errors[401] },
  noContent: { 204: { description: 'Done' } },
  tokenCreated: {
    201: json(v.object({ data: v.object({ ...Token.entries, token: v.string() }) }), 'Created; `token` is shown this once'),
    401: errors[401],
    422: errors[422],
  },
  tokenList: {
    200: json(
      v.object({ data: v.array(Token), meta: v.object({ page: v.number(), perPage: v.number(), total: v.number(), lastPage: v.number() }) }),
      'My tokens',
    ),
    401: errors[401],
  },
  providers: { 200: json(v.object({ data: v.array(v.object({ id: v.string(), name: v.string(), redirectUrl: v.string() })) }), 'Configured providers') },
  redirect: { 302: { description: 'Redirect (Location header)' }, 404: json(ErrorBody, 'No provider configured') },
}
