/** A value no row has: an unknown enumeration value in a list filter matches nothing (not a 422). */
export const NO_MATCH = '__none__'

/**
 * A list filter value narrowed to an enumeration: the value itself when it is one of `list`,
 * else a value that matches no row. Typed as the enumeration so the filter needs no cast.
 */
export const oneOfOrNone = <T extends string>(list: readonly T[], value: string): T =>
  (list as readonly string[]).includes(value) ? (value as T) : (NO_MATCH as T)
