/**
 * A data table on TanStack Table v9 + dnd-kit (section 9): page index from 0, page size 10,
 * sorting (shift-click adds a column to the sort), filtering, row selection, column sizes
 * default 150 / min 20, optional drag-to-reorder by a handle (300 ms animation; no row hover
 * highlight for 6000 ms after a drag), and optional manual (server) pagination.
 */
import { DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors } from '@dnd-kit/core'
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import {
  type ColumnDef,
  type PaginationState,
  type Row,
  type RowData,
  type Updater,
  type RowSelectionState,
  type SortingState,
  columnFilteringFeature,
  columnSizingFeature,
  createColumnHelper,
  createFilteredRowModel,
  createPaginatedRowModel,
  createSortedRowModel,
  filterFns,
  globalFilteringFeature,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  sortFns,
  tableFeatures,
  useTable,
} from '@tanstack/react-table'
import { ArrowDownIcon, ArrowUpIcon, ChevronLeftIcon, ChevronRightIcon, GripVerticalIcon } from 'lucide-react'
import { type CSSProperties, type ReactNode, useId, useMemo, useState } from 'react'
import { HStack, styled } from 'styled-system/jsx'
import { TABLE } from '../../constants'
import { IconButton } from '../icon-button/icon-button'
import { Table } from './table'
import { moveItem, pageCount, useHoverSuppression } from './table-utils'

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

const verticalOnly = ({ transform }: { transform: { x: number; y: number; scaleX: number; scaleY: number } }) => ({
  ...transform,
  x: 0,
})

export function DataTable<T extends RowData>(props: DataTableProps<T>) {
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
  const dndId = useId()

  const allColumns = useMemo<DataTableColumn<T>[]>(() => {
    const extra: DataTableColumn<T>[] = []
    if (onReorder)
      extra.push({ id: '__drag', header: () => <styled.span srOnly>Order</styled.span>, size: 44, enableSorting: false })
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
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )

  const onDragEnd = (event: DragEndEvent) => {
    suppress()
    const { active, over } = event
    if (!over || active.id === over.id || !onReorder) return
    const from = data.findIndex((row, i) => (getRowId ? getRowId(row, i) : String(i)) === active.id)
    const to = data.findIndex((row, i) => (getRowId ? getRowId(row, i) : String(i)) === over.id)
    if (from < 0 || to < 0) return
    onReorder(from, to, moveItem(data, from, to))
  }

  const total = manualPagination ? (rowCount ?? data.length) : table.getFilteredRowModel().rows.length
  const pages = pageCount(total, pagination.pageSize)

  const body = (
    <Table.Body>
      {rows.length === 0 ? (
        <Table.Row>
          <Table.Cell colSpan={allColumns.length} textAlign="center" color="fg.muted" py="8" whiteSpace="normal">
            {emptyText}
          </Table.Cell>
        </Table.Row>
      ) : (
        rows.map((row) =>
          onReorder ? (
            <SortableRow key={row.id} id={row.id} selected={row.getIsSelected()}>
              {(handle) => renderCells(row, true, handle)}
            </SortableRow>
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
        <Table.Cell key={cell.id} style={{ width: cell.column.getSize() }}>
          {sortable ? handle ?? null : null}
        </Table.Cell>
      ) : (
        <Table.Cell key={cell.id} style={{ width: cell.column.getSize() }}>
          <table.FlexRender cell={cell as any} />
        </Table.Cell>
      ),
    )
  }

  const content = (
    <styled.div width="full" overflowX="auto">
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
                      <HStack gap="1">
                        <table.FlexRender header={header as any} />
                        {sorted === 'asc' ? <ArrowUpIcon size={14} aria-hidden /> : null}
                        {sorted === 'desc' ? <ArrowDownIcon size={14} aria-hidden /> : null}
                      </HStack>
                    )}
                  </Table.Header>
                )
              })}
            </Table.Row>
          ))}
        </Table.Head>
        {onReorder ? (
          <SortableContext items={ids} strategy={verticalListSortingStrategy}>
            {body}
          </SortableContext>
        ) : (
          body
        )}
      </Table.Root>
      {pages > 1 ? (
        <HStack justifyContent="flex-end" gap="2" pt="3" textStyle="sm" color="fg.muted">
          <span>
            Page {pagination.pageIndex + 1} of {pages}
          </span>
          <IconButton aria-label="Previous page" variant="outline" size="xs" disabled={!table.getCanPreviousPage()} onClick={() => table.previousPage()}>
            <ChevronLeftIcon />
          </IconButton>
          <IconButton aria-label="Next page" variant="outline" size="xs" disabled={!table.getCanNextPage()} onClick={() => table.nextPage()}>
            <ChevronRightIcon />
          </IconButton>
        </HStack>
      ) : null}
    </styled.div>
  )
  // DndContext renders its screen-reader instructions as a <div>: keep it outside the <table>.
  return onReorder ? (
    <DndContext id={dndId} sensors={sensors} collisionDetection={closestCenter} modifiers={[verticalOnly]} onDragEnd={onDragEnd} onDragCancel={suppress}>
      {content}
    </DndContext>
  ) : (
    content
  )
}

/** A row that can be dragged by its handle (the handle is passed to the cells renderer). */
function SortableRow({ id, selected, children }: { id: string; selected: boolean; children: (handle: ReactNode) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    transition: { duration: TABLE.dragAnimationMs, easing: 'cubic-bezier(0.25, 1, 0.5, 1)' },
  })
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition }
  const handle = (
    <IconButton
      ref={setActivatorNodeRef}
      aria-label="Drag to reorder"
      variant="ghost"
      size="xs"
      cursor={isDragging ? 'grabbing' : 'grab'}
      touchAction="none"
      {...attributes}
      {...listeners}
    >
      <GripVerticalIcon />
    </IconButton>
  )
  return (
    <Table.Row ref={setNodeRef} style={style} data-dragging={isDragging ? '' : undefined} data-selected={selected ? '' : undefined}>
      {children(handle)}
    </Table.Row>
  )
}
