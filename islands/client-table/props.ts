import * as v from 'valibot'

/** A list of the client area: which one, its rows (already the signed-in client's), the time zone the server used. */
export const ClientTableProps = v.object({
  kind: v.picklist(['bookings', 'payments', 'invoices', 'groups', 'workshops']),
  rows: v.array(v.looseObject({ id: v.optional(v.string()) })),
  tz: v.string(),
  /** Links inside a workshop (/b/workshops/{id}/bookings/{bookingId}) instead of /b/bookings/{id}. */
  bookingHref: v.optional(v.string()),
  label: v.optional(v.string()),
})
export type ClientTableProps = v.InferOutput<typeof ClientTableProps>
