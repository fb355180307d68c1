import { fieldError } from './errors'
import { isId } from './ids'

/** A list filter on an id (`filter[bookingId]=...`): a malformed one is a 422, not a database error. */
export function idFilter(name: string, value: string) {
  if (!isId(value)) throw fieldError(`filter.${name}`, `The ${name} filter must be a valid id.`)
  return value
}
