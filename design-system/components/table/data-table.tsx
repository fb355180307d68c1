/**
 * A data table on TanStack Table v9 + dnd-kit (section 9): page index from 0, page size 10,
 * sorting (shift-click adds a column to the sort), filtering, row selection, column sizes
 * default 150 / min 20, optional drag-to-reorder by a handle (300 ms animation; no row hover
 * highlight for 6000 ms after a drag), and optional manual (server) pagination.
 */
import {
  type ColumnDef,
  columnFilteringFeature,
  columnSizingFeature,
  createColumnHelper,
  createFilteredRowModel,
  createPaginatedRowModel,
  createSortedRowModel,
  filterFns,
  globalFilteringFeature,
  type PaginationState,
  type Row,
  type RowData,
  type RowSelectionState,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  type SortingState,
  sortFns,
  tableFeatures,
  type Updater,
  useTable,
} from '@tanstack/react-table'
import { ArrowDownIcon, ArrowUpIcon, ChevronLeftIcon, ChevronRightIcon } from 'lucide-react'
import { type ReactNode, useEffect, useMemo, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { button } from 'styled-system/recipes/button'
import { TABLE } from '../../constants'
import { Table } from './table'
import { cardCellAttrs, columnRoles, moveItem, pageCount, useHoverSuppression } from './table-utils'

export const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns,
  columnFilteringFeature,
  globalFilteringFeature,
  filteredRowModel: createFilteredRowModel(),
  filterFns,
  rowPaginationFeature,
  paginatedRowModel: createPaginatedRowModel(),
  rowSelectionFeature,
  columnSizingFeature,
})
type Features = typeof dataTableFeatures

export type DataTableColumn<T extends RowData> = ColumnDef<Features, T, any>
/**
 * What a column is on a phone, where rows are cards: `label` names its value (when the header
 * is not plain text), `role` `primary` leads the card (the first column by default) and
 * `actions` wraps on a line of its own.
 */
export interface ColumnMeta {
  label?: string
  role?: 'primary' | 'actions'
}
const columnId = (c: DataTableColumn<any>) => String(c.id ?? (c as { accessorKey?: string }).accessorKey ?? '')
/** Typed column helper for DataTable columns. */
export const dataTableColumns = <T extends RowData>() => createColumnHelper<Features, T>()

export const DEFAULT_PAGINATION: PaginationState = { pageIndex: TABLE.pageIndex, pageSize: TABLE.pageSize }

export type DataTableProps<T extends RowData> = {
  data: T[]
  columns: DataTableColumn<T>[]
  getRowId?: (row: T, index: number) => string
  /** Text filter over all columns. */
  globalFilter?: string
  /** Checkbox column + `onRowSelectionChange` with the selected row ids. */
  enableRowSelection?: boolean
  onRowSelectionChange?: (ids: string[]) => void
  enableSorting?: boolean
  pageSize?: number
  /** The server pages: `data` is the current page, `rowCount` the total. */
  manualPagination?: boolean
  rowCount?: number
  pagination?: PaginationState
  onPaginationChange?: (pagination: PaginationState) => void
  /** Shows a drag handle on each row; called with the moved indexes and the reordered data. */
  onReorder?: (from: number, to: number, reordered: T[]) => void
  emptyText?: ReactNode
  caption?: ReactNode
  size?: 'sm' | 'md'
  variant?: 'plain' | 'outline'
  'aria-label'?: string
}

/**
 * Drag and drop (dnd-kit) is only needed by tables that reorder rows: it comes from
 * data-table-sortable.tsx, loaded on first use, so list pages do not ship it. Until it is
 * there, the same table shows without the handles.
 */
export interface DataTableDnd {
  /** Wraps the whole table (DndContext); gets the reorder handler and the hover suppression. */
  Wrap: (p: { ids: string[]; onMove: (from: string, to: string) => void; onSettle: () => void; children: ReactNode }) => ReactNode
  /** Wraps the body (SortableContext). */
  Body: (p: { ids: string[]; children: ReactNode }) => ReactNode
  /** A row with its drag handle passed to the cells renderer. */
  Row: (p: { id: string; selected: boolean; children: (handle: ReactNode) => ReactNode }) => ReactNode
}

// Static classes (no styled() runtime): list pages load this table.
const SR_ONLY = css({ srOnly: true })
const EMPTY_CELL = css({ textAlign: 'center', color: 'fg.muted', py: '8', px: '0', whiteSpace: 'normal' })
// An empty table keeps its columns' width (wider than a phone), so its text stays in the part
// that shows: as wide as the scroll box (a size container while empty) and stuck to its left.
const EMPTY_TEXT = css({ position: 'sticky', left: '0', width: '100cqi', px: '4' })
const SCROLL = css({ width: 'full', overflowX: 'auto' })
const SCROLL_EMPTY = css({ containerType: 'inline-size' })
const HEAD = css({ display: 'flex', alignItems: 'center', gap: '1' })
const PAGER = css({ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: '2', pt: '3', textStyle: 'sm', color: 'fg.muted' })
const PAGE_BUTTON = cx(button({ variant: 'outline', size: 'xs' }), css({ px: '0', aspectRatio: 'square' }))

type SortableModule = typeof import('./data-table-sortable')
let sortable: SortableModule | null = null

export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  // The server and the first browser render show the table without handles (so hydration
  // matches); the drag and drop module then loads and the handles appear.
  const [mod, setMod] = useState<SortableModule | null>(null)
  const reorder = !!props.onReorder
  useEffect(() => {
    if (!reorder || mod) return
    if (sortable) return setMod(sortable)
    let live = true
    void import('./data-table-sortable').then((m) => {
      sortable = m
      if (live) setMod(m)
    })
    return () => {
      live = false
    }
  }, [reorder, mod])
  if (reorder && mod) {
    const Sortable = mod.default as unknown as (p: DataTableProps<T>) => ReactNode
    return <Sortable {...props} />
  }
  return <DataTableView {...props} />
}

export function DataTableView<T extends RowData>(props: DataTableProps<T> & { dnd?: DataTableDnd }) {
  const dnd = props.dnd
  const {
    data,
    columns,
    getRowId,
    globalFilter,
    enableRowSelection = false,
    onRowSelectionChange,
    enableSorting = true,
    pageSize = TABLE.pageSize,
    manualPagination = false,
    rowCount,
    onReorder,
    emptyText = 'No results.',
    caption,
    size = 'md',
    variant = 'plain',
  } = props
  const [sorting, setSorting] = useState<SortingState>([])
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({})
  const [ownPagination, setOwnPagination] = useState<PaginationState>({ pageIndex: TABLE.pageIndex, pageSize })
  const pagination = props.pagination ?? ownPagination
  const { suppressed, suppress } = useHoverSuppression()

  const allColumns = useMemo<DataTableColumn<T>[]>(() => {
    const extra: DataTableColumn<T>[] = []
    if (onReorder) extra.push({ id: '__drag', header: () => <span className={SR_ONLY}>Order</span>, size: 44, enableSorting: false })
    if (enableRowSelection)
      extra.push({
        id: '__select',
        size: 44,
        enableSorting: false,
        header: ({ table }) => (
          <input
            type="checkbox"
            aria-label="Select all rows"
            checked={table.getIsAllPageRowsSelected()}
            ref={(el) => {
              if (el) el.indeterminate = table.getIsSomePageRowsSelected()
            }}
            onChange={table.getToggleAllPageRowsSelectedHandler()}
          />
        ),
        cell: ({ row }) => (
          <input
            type="checkbox"
            aria-label="Select row"
            checked={row.getIsSelected()}
            disabled={!row.getCanSelect()}
            onChange={row.getToggleSelectedHandler()}
          />
        ),
      })
    return [...extra, ...columns]
  }, [columns, enableRowSelection, onReorder])

  const table = useTable({
    features: dataTableFeatures,
    data,
    columns: allColumns,
    getRowId: getRowId as ((row: T, index: number) => string) | undefined,
    defaultColumn: { size: TABLE.columnSize, minSize: TABLE.columnMinSize },
    enableSorting,
    enableMultiSort: true,
    isMultiSortEvent: (e: unknown) => !!(e as { shiftKey?: boolean })?.shiftKey,
    enableRowSelection,
    manualPagination,
    rowCount: manualPagination ? (rowCount ?? data.length) : undefined,
    maxLeafRowFilterDepth: TABLE.filterDepthLimit,
    state: { sorting, rowSelection, pagination, globalFilter: globalFilter ?? '' },
    onSortingChange: setSorting,
    onRowSelectionChange: (updater: Updater<RowSelectionState>) => {
      setRowSelection((old) => {
        const next = typeof updater === 'function' ? updater(old) : updater
        onRowSelectionChange?.(Object.keys(next).filter((id) => next[id]))
        return next
      })
    },
    onPaginationChange: (updater: Updater<PaginationState>) => {
      const next = typeof updater === 'function' ? updater(pagination) : updater
      if (!props.pagination) setOwnPagination(next)
      props.onPaginationChange?.(next)
    },
  } as any)

  const rows = table.getRowModel().rows as unknown as Row<Features, T>[]
  const ids = rows.map((r) => r.id)
  const onMove = (activeId: string, overId: string) => {
    if (!onReorder || activeId === overId) return
    const from = data.findIndex((row, i) => (getRowId ? getRowId(row, i) : String(i)) === activeId)
    const to = data.findIndex((row, i) => (getRowId ? getRowId(row, i) : String(i)) === overId)
    if (from < 0 || to < 0) return
    onReorder(from, to, moveItem(data, from, to))
  }

  const total = manualPagination ? (rowCount ?? data.length) : table.getFilteredRowModel().rows.length
  const pages = pageCount(total, pagination.pageSize)

  // On a phone each row is a card (the table recipe): a cell says its column's name, the title
  // column (`meta.role: 'primary'`, else the first one) leads, `meta.role: 'actions'` wraps below.
  const dataColumns = allColumns.filter((c) => c.id !== '__drag' && c.id !== '__select')
  const roleOf = columnRoles(dataColumns.map((c) => ({ id: columnId(c), role: (c.meta as ColumnMeta | undefined)?.role })))
  function cardAttrs(column: { id: string; columnDef: DataTableColumn<T> }) {
    if (column.id === '__drag' || column.id === '__select') return { 'data-select': '' }
    const meta = column.columnDef.meta as ColumnMeta | undefined
    const header = meta?.label ?? (typeof column.columnDef.header === 'string' ? column.columnDef.header : '')
    return cardCellAttrs(roleOf({ id: column.id, role: meta?.role }), header)
  }

  const body = (
    <Table.Body>
      {rows.length === 0 ? (
        <Table.Row>
          <Table.Cell colSpan={allColumns.length} className={EMPTY_CELL}>
            <div className={EMPTY_TEXT}>{emptyText}</div>
          </Table.Cell>
        </Table.Row>
      ) : (
        rows.map((row) =>
          onReorder && dnd ? (
            <dnd.Row key={row.id} id={row.id} selected={row.getIsSelected()}>
              {(handle) => renderCells(row, true, handle)}
            </dnd.Row>
          ) : (
            <Table.Row key={row.id} data-selected={row.getIsSelected() ? '' : undefined} aria-selected={enableRowSelection ? row.getIsSelected() : undefined}>
              {renderCells(row, false)}
            </Table.Row>
          ),
        )
      )}
    </Table.Body>
  )

  function renderCells(row: Row<Features, T>, sortable: boolean, handle?: ReactNode) {
    return row.getAllCells().map((cell: any) =>
      cell.column.id === '__drag' ? (
        <Table.Cell key={cell.id} style={{ width: cell.column.getSize() }} {...cardAttrs(cell.column)}>
          {sortable ? (handle ?? null) : null}
        </Table.Cell>
      ) : (
        <Table.Cell key={cell.id} style={{ width: cell.column.getSize() }} {...cardAttrs(cell.column)}>
          <table.FlexRender cell={cell as any} />
        </Table.Cell>
      ),
    )
  }

  const content = (
    <div className={rows.length === 0 ? cx(SCROLL, SCROLL_EMPTY) : SCROLL}>
      <Table.Root
        size={size}
        variant={variant}
        aria-label={props['aria-label']}
        data-hover-suppressed={suppressed ? '' : undefined}
        style={{ minWidth: table.getTotalSize() }}
      >
        {caption ? <Table.Caption>{caption}</Table.Caption> : null}
        <Table.Head>
          {table.getHeaderGroups().map((group) => (
            <Table.Row key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted()
                const canSort = header.column.getCanSort()
                return (
                  <Table.Header
                    key={header.id}
                    style={{ width: header.getSize() }}
                    data-sortable={canSort ? '' : undefined}
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : canSort ? 'none' : undefined}
                    onClick={canSort ? header.column.getToggleSortingHandler() : undefined}
                  >
                    {header.isPlaceholder ? null : (
                      <span className={HEAD}>
                        <table.FlexRender header={header as any} />
                        {sorted === 'asc' ? <ArrowUpIcon size={14} aria-hidden /> : null}
                        {sorted === 'desc' ? <ArrowDownIcon size={14} aria-hidden /> : null}
                      </span>
                    )}
                  </Table.Header>
                )
              })}
            </Table.Row>
          ))}
        </Table.Head>
        {onReorder && dnd ? <dnd.Body ids={ids}>{body}</dnd.Body> : body}
      </Table.Root>
      {pages > 1 ? (
        <div className={PAGER}>
          <span>
            Page {pagination.pageIndex + 1} of {pages}
          </span>
          <button type="button" className={PAGE_BUTTON} aria-label="Previous page" disabled={!table.getCanPreviousPage()} onClick={() => table.previousPage()}>
            <ChevronLeftIcon />
          </button>
          <button type="button" className={PAGE_BUTTON} aria-label="Next page" disabled={!table.getCanNextPage()} onClick={() => table.nextPage()}>
            <ChevronRightIcon />
          </button>
        </div>
      ) : null}
    </div>
  )
  // DndContext renders its screen-reader instructions as a <div>: keep it outside the <table>.
  return onReorder && dnd ? (
    <dnd.Wrap ids={ids} onMove={onMove} onSettle={suppress}>
      {content}
    </dnd.Wrap>
  ) : (
    content
  )
}
