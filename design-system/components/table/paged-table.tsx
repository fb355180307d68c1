/**
 * The data table of the area lists (section 9): the server pages, sorts and filters; this
 * component shows one page. Every header, pager and filter is a plain link or GET form, so
 * the table works before (and without) JavaScript; with `onStateChange` the island takes
 * over the clicks (a shift-click on a header adds a sort) and fetches the next page itself.
 * No table library: a page of ten rows needs none, and list pages stay light.
 */
import type { MouseEvent, ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { button } from 'styled-system/recipes/button'
import { Table } from './table'
import { pageCount, type TableState, toggleSort } from './table-state'
import { cardCellAttrs, columnRoles } from './table-utils'

export interface PagedColumn<T> {
  id: string
  header: string
  /** The server knows how to order by this column. */
  sortable?: boolean
  width?: number
  align?: 'end'
  /**
   * What the column is on a phone, where each row is a card: `primary` leads it without a label
   * (the first column by default), `actions` wraps on its own line; others show as "Header  value".
   */
  role?: 'primary' | 'actions'
  cell: (row: T) => ReactNode
}

export interface PagedTableProps<T> {
  'aria-label': string
  columns: PagedColumn<T>[]
  /** The current page's rows. */
  rows: T[]
  /** Rows over all pages (after the filters). */
  total: number
  state: TableState
  /** The address of a state: headers and pager are links to it. */
  href: (state: TableState) => string
  /** With JavaScript: called instead of following a link. */
  onStateChange?: (state: TableState) => void
  rowId: (row: T) => string
  /** A checkbox column for actions on many rows (ids of the selected rows of this page). */
  selected?: string[]
  onSelectedChange?: (ids: string[]) => void
  /** Shown in place of the rows when there are none: say what to do next. */
  empty: ReactNode
  busy?: boolean
  rowAttrs?: (row: T) => Record<string, string | undefined>
  size?: 'sm' | 'md'
}

const SR_ONLY = css({ srOnly: true })
const SCROLL = css({ width: 'full', overflowX: 'auto', borderWidth: '1px', borderColor: 'border.subtle', borderRadius: 'l2', bg: 'bg.default' })
const TABLE = css({ width: 'full', '&[aria-busy=true] tbody': { opacity: 0.6 } })
const SORT_LINK = css({
  display: 'flex',
  alignItems: 'center',
  gap: '1',
  width: 'full',
  color: 'inherit',
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  _hover: { color: 'fg.default' },
  _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default', outlineOffset: '2px' },
})
const END = css({ textAlign: 'end', '& > a': { justifyContent: 'flex-end' } })
const EMPTY_CELL = css({ textAlign: 'center', color: 'fg.muted', py: '8', whiteSpace: 'normal' })
const PAGER = css({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  alignItems: 'center',
  gap: '2',
  pt: '3',
  textStyle: 'sm',
  color: 'fg.muted',
})
const PAGE_LINK = button({ variant: 'outline', size: 'xs' })
const DISABLED = css({ opacity: 0.5, pointerEvents: 'none' })
const ORDER = css({ fontSize: 'xs', color: 'fg.muted' })
const PICK = css({ overflow: 'visible', textOverflow: 'clip', px: '3' })
const PICK_WIDTH = 48
// On a phone the head is hidden (rows are cards): the sortable columns are offered as links here.
const SORT_BAR = css({
  display: { base: 'flex', md: 'none' },
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '1',
  columnGap: '3',
  px: '4',
  py: '2',
  borderBottomWidth: '1px',
  borderColor: 'border.subtle',
  textStyle: 'sm',
  color: 'fg.muted',
  '& a': { display: 'inline-flex', alignItems: 'center', gap: '1', minH: '8', color: 'fg.muted', textDecoration: 'none' },
  '& a[aria-current]': { color: 'fg.default', fontWeight: 'medium' },
})

/** A plain left click without modifiers (others keep the browser's own meaning: new tab...). */
const own = (e: MouseEvent, shiftAllowed = false) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.altKey && (shiftAllowed || !e.shiftKey)

function Arrow({ desc }: { desc: boolean }) {
  return (
    <svg
      width="12"
      height="12"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {desc ? <path d="M12 5v14M19 12l-7 7-7-7" /> : <path d="M12 19V5M5 12l7-7 7 7" />}
    </svg>
  )
}

export function PagedTable<T>(props: PagedTableProps<T>) {
  const { columns, rows, total, state, href, onStateChange, rowId, selected, onSelectedChange, empty, busy } = props
  const selectable = !!onSelectedChange
  const pages = pageCount(total)
  const go = (e: MouseEvent, next: TableState) => {
    if (!onStateChange || !own(e)) return
    e.preventDefault()
    onStateChange(next)
  }
  const ids = rows.map(rowId)
  const chosen = new Set(selected ?? [])
  const allChosen = ids.length > 0 && ids.every((id) => chosen.has(id))
  const span = columns.length + (selectable ? 1 : 0)
  // Columns keep their widths from `md` up (the table scrolls sideways in its frame if it must);
  // below it every row is a card (the table recipe).
  const roleOf = columnRoles(columns)
  const sortable = columns.filter((c) => c.sortable)
  const minWidth = columns.reduce((n, c) => n + (c.width ?? 150), selectable ? PICK_WIDTH : 0)

  return (
    <div>
      <div className={SCROLL}>
        {sortable.length && rows.length > 1 ? (
          <nav aria-label={`Sort ${props['aria-label'].toLowerCase()}`} className={SORT_BAR}>
            <span>Sort by</span>
            {sortable.map((col) => {
              const sorted = state.sort.find((s) => s.id === col.id)
              const next = { ...state, page: 0, sort: toggleSort(state.sort, col.id, false) }
              return (
                <a key={col.id} href={href(next)} aria-current={sorted ? 'true' : undefined} onClick={(e) => go(e, next)}>
                  {col.header}
                  {sorted ? <Arrow desc={sorted.desc} /> : null}
                  {sorted ? <span className={SR_ONLY}>{sorted.desc ? ' (descending)' : ' (ascending)'}</span> : null}
                </a>
              )
            })}
          </nav>
        ) : null}
        <Table.Root
          size={props.size ?? 'md'}
          className={TABLE}
          aria-label={props['aria-label']}
          aria-busy={busy ? 'true' : undefined}
          data-total={total}
          style={{ minWidth }}
        >
          <Table.Head>
            <Table.Row>
              {selectable ? (
                <Table.Header style={{ width: PICK_WIDTH }} className={PICK}>
                  <input
                    type="checkbox"
                    aria-label="Select all rows"
                    checked={allChosen}
                    disabled={!ids.length}
                    onChange={() => onSelectedChange?.(allChosen ? [] : ids)}
                  />
                </Table.Header>
              ) : null}
              {columns.map((col) => {
                const at = state.sort.findIndex((s) => s.id === col.id)
                const sorted = at >= 0 ? state.sort[at] : undefined
                const single = { ...state, page: 0, sort: toggleSort(state.sort, col.id, false) }
                return (
                  <Table.Header
                    key={col.id}
                    style={col.width ? { width: col.width } : undefined}
                    className={col.align === 'end' ? END : undefined}
                    aria-sort={sorted ? (sorted.desc ? 'descending' : 'ascending') : col.sortable ? 'none' : undefined}
                  >
                    {col.sortable ? (
                      <a
                        className={SORT_LINK}
                        href={href(single)}
                        title="Sort (shift-click to add to the sort)"
                        onClick={(e) => {
                          if (!onStateChange || !own(e, true)) return
                          e.preventDefault()
                          onStateChange({ ...state, page: 0, sort: toggleSort(state.sort, col.id, e.shiftKey) })
                        }}
                      >
                        {col.header}
                        {sorted ? <Arrow desc={sorted.desc} /> : null}
                        {sorted && state.sort.length > 1 ? <span className={ORDER}>{at + 1}</span> : null}
                        {sorted ? <span className={SR_ONLY}>{sorted.desc ? ' (descending)' : ' (ascending)'}</span> : null}
                      </a>
                    ) : (
                      col.header
                    )}
                  </Table.Header>
                )
              })}
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {rows.length === 0 ? (
              <Table.Row>
                <Table.Cell colSpan={span} className={EMPTY_CELL}>
                  {empty}
                </Table.Cell>
              </Table.Row>
            ) : (
              rows.map((row, i) => {
                const id = ids[i]!
                const on = chosen.has(id)
                return (
                  <Table.Row key={id} data-selected={on ? '' : undefined} aria-selected={selectable ? on : undefined} {...props.rowAttrs?.(row)}>
                    {selectable ? (
                      <Table.Cell className={PICK} data-select="">
                        <input
                          type="checkbox"
                          aria-label="Select row"
                          checked={on}
                          onChange={() => onSelectedChange?.(on ? [...chosen].filter((x) => x !== id) : [...chosen, id])}
                        />
                      </Table.Cell>
                    ) : null}
                    {columns.map((col) => (
                      <Table.Cell key={col.id} className={col.align === 'end' ? END : undefined} {...cardCellAttrs(roleOf(col), col.header)}>
                        {col.cell(row)}
                      </Table.Cell>
                    ))}
                  </Table.Row>
                )
              })
            )}
          </Table.Body>
        </Table.Root>
      </div>
      <nav aria-label={`Pages of ${props['aria-label'].toLowerCase()}`} className={PAGER}>
        <span aria-live="polite">
          {pages > 1 ? `Page ${state.page + 1} of ${pages} · ` : ''}
          {total} {total === 1 ? 'result' : 'results'}
        </span>
        {pages > 1 ? (
          <>
            <a
              className={cx(PAGE_LINK, state.page <= 0 && DISABLED)}
              aria-disabled={state.page <= 0 ? 'true' : undefined}
              href={href({ ...state, page: Math.max(0, state.page - 1) })}
              rel="prev"
              onClick={(e) => go(e, { ...state, page: Math.max(0, state.page - 1) })}
            >
              Previous
            </a>
            <a
              className={cx(PAGE_LINK, state.page >= pages - 1 && DISABLED)}
              aria-disabled={state.page >= pages - 1 ? 'true' : undefined}
              href={href({ ...state, page: Math.min(pages - 1, state.page + 1) })}
              rel="next"
              onClick={(e) => go(e, { ...state, page: Math.min(pages - 1, state.page + 1) })}
            >
              Next
            </a>
          </>
        ) : null}
      </nav>
    </div>
  )
}
