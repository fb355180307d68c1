import { fieldError } from './errors'

/** A list filter on an id (`filter[bookingId]=...`): a malformed one is a 422, not a database error. */
export function idFilter(name: string, value: string) {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value))
    throw fieldError(`filter.${name}`, `The ${name} filter must be a valid id.`)
  return value
}
