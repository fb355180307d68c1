import * as v from 'valibot'

/** One cell as the server formatted it: text, or a link, a badge, stars; a muted line under it. */
export const TableCell = v.object({
  text: v.string(),
  href: v.optional(v.string()),
  download: v.optional(v.boolean()),
  sub: v.optional(v.string()),
  /** A badge of this colour palette. */
  tone: v.optional(v.string()),
  /** Accessible name when the text is a picture (stars). */
  label: v.optional(v.string()),
  testId: v.optional(v.string()),
})
export type TableCell = v.InferOutput<typeof TableCell>

export const TableRow = v.object({
  id: v.string(),
  cells: v.record(v.string(), TableCell),
  /** What the many-rows action does with this row (a download address). */
  act: v.optional(v.string()),
  /** What a page's own row actions need (ids, current values), as the server sent them. */
  data: v.optional(v.record(v.string(), v.unknown())),
})
export type TableRow = v.InferOutput<typeof TableRow>

const Filter = v.variant('type', [
  v.object({ key: v.string(), label: v.string(), type: v.literal('search'), placeholder: v.optional(v.string()) }),
  v.object({ key: v.string(), label: v.string(), type: v.literal('date') }),
  v.object({ key: v.string(), label: v.string(), type: v.literal('select'), all: v.string(), options: v.array(v.tuple([v.string(), v.string()])) }),
])
export type TableFilter = v.InferOutput<typeof Filter>

/**
 * One list table, described by the server: its columns, its first page of formatted rows, its
 * state (page, sort, filters as in the URL), its filters and its empty state. The island only
 * shows what the server sends, so it stays small whatever the number of lists.
 */
export const DataTableProps = v.object({
  kind: v.string(),
  label: v.string(),
  columns: v.array(
    v.object({ id: v.string(), header: v.string(), sortable: v.optional(v.boolean()), width: v.optional(v.number()), align: v.optional(v.literal('end')) }),
  ),
  rows: v.array(TableRow),
  total: v.number(),
  state: v.object({
    page: v.number(),
    sort: v.array(v.object({ id: v.string(), desc: v.boolean() })),
    filters: v.record(v.string(), v.string()),
  }),
  filters: v.array(Filter),
  /** The page's path and query string when it was rendered (links keep the other parameters). */
  path: v.string(),
  search: v.string(),
  /** Namespaces the URL parameters when a page has two tables. */
  prefix: v.optional(v.string()),
  /** What the page fixes (one workshop, one booking), sent back with each page request. */
  scope: v.optional(v.record(v.string(), v.string())),
  empty: v.object({ text: v.string(), href: v.optional(v.string()), cta: v.optional(v.string()) }),
  /** The action on selected rows: its button label with {n} for the count. */
  action: v.optional(v.string()),
  /** Hide the filter bar (short lists inside a detail page). */
  bare: v.optional(v.boolean()),
  /** Filters load the whole page (other parts of it follow them: totals, exports). */
  reload: v.optional(v.boolean()),
})
export type DataTableProps = v.InferOutput<typeof DataTableProps>
