/**
 * Views: the valibot description of what a route answers. crud() and the routes document
 * responses with them (platform/openapi/responses.ts), and a serializer's return type is
 * checked against its view (`ViewOf<typeof View>`), so the two cannot drift apart. Only
 * valibot here: schema files that islands import may use these too.
 */
import * as v from 'valibot'

/** A timestamp: a `Date` in the serializer, an ISO 8601 string on the wire. */
export const DateTime = v.pipe(
  v.custom<Date | string>((x) => x instanceof Date || typeof x === 'string'),
  v.metadata({ type: 'string', format: 'date-time' }),
)
export const NullableDateTime = v.nullable(DateTime)
export const str = v.string()
export const nstr = v.nullable(v.string())
export const num = v.number()
export const nnum = v.nullable(v.number())
/** A JSON object whose keys the view does not spell out (settings, free-form meta). */
export const Obj = v.pipe(
  v.custom<object>((x) => typeof x === 'object' && x !== null),
  v.metadata({ type: 'object' }),
)

/** What a serializer built from `View` returns (dates still `Date`). */
export type ViewOf<S extends v.GenericSchema> = v.InferInput<S>

export const Meta = v.object({ page: v.number(), perPage: v.number(), total: v.number(), lastPage: v.number() })
export const ErrorBody = v.object({ message: v.string(), errors: v.optional(v.record(v.string(), v.array(v.string()))) })

/** `{ data: View }`, as shows, creates and updates answer. */
export const dataOf = <S extends v.GenericSchema>(view: S) => v.object({ data: view })
/** `{ data: View[], meta }`, as lists answer. */
export const pageOf = <S extends v.GenericSchema>(view: S) => v.object({ data: v.array(view), meta: Meta })
