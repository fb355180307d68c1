import * as v from 'valibot'

/**
 * Every row id in a path or query is a UUID. One schema says so; a value that is not one
 * answers like an unknown row (404), without a query that Postgres would reject.
 */
export const Id = v.pipe(v.string(), v.uuid(), v.description('Row id (UUID)'))

export const isId = (s: string | null | undefined): s is string => typeof s === 'string' && v.is(Id, s)
