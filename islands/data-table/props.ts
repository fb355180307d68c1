import * as v from 'valibot'
import { TABLE_KINDS } from './spec'

/** One list table: which one, its first page (rendered on the server), its state, and what the page fixes. */
export const DataTableProps = v.object({
  kind: v.picklist(TABLE_KINDS),
  rows: v.array(v.looseObject({})),
  total: v.number(),
  state: v.object({
    page: v.number(),
    sort: v.array(v.object({ id: v.string(), desc: v.boolean() })),
    filters: v.record(v.string(), v.string()),
  }),
  /** The page's path and query string when it was rendered (links keep the other parameters). */
  path: v.string(),
  search: v.string(),
  /** Namespaces the URL parameters when a page has two tables. */
  prefix: v.optional(v.string()),
  scope: v.optional(v.record(v.string(), v.string())),
  /** Options of the select filters the server knows (schedules, workshops). */
  options: v.optional(v.record(v.string(), v.array(v.tuple([v.string(), v.string()])))),
  tz: v.string(),
  label: v.string(),
  /** Links inside a workshop (/b/workshops/{id}/bookings/{bookingId}) instead of /b/bookings/{id}. */
  bookingHref: v.optional(v.string()),
  /** Hide the filter bar (short lists inside a detail page). */
  bare: v.optional(v.boolean()),
  /** Filters load the whole page (other parts of it follow them: totals, exports). */
  reload: v.optional(v.boolean()),
})
export type DataTableProps = v.InferOutput<typeof DataTableProps>
