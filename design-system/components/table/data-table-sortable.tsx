/**
 * The drag-to-reorder part of the data table (dnd-kit), loaded on first use by tables with
 * `onReorder`: 300 ms drop animation, vertical moves only, keyboard sorting, a handle per row.
 */
import { closestCenter, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core'
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import type { RowData } from '@tanstack/react-table'
import { type CSSProperties, type ReactNode, useId } from 'react'
import { TABLE } from '../../constants'
import { DragHandle } from '../drag-handle/drag-handle'
import { type DataTableDnd, type DataTableProps, DataTableView } from './data-table'
import { Table } from './table'

const verticalOnly = ({ transform }: { transform: { x: number; y: number; scaleX: number; scaleY: number } }) => ({ ...transform, x: 0 })

function Wrap({ onMove, onSettle, children }: { ids: string[]; onMove: (from: string, to: string) => void; onSettle: () => void; children: ReactNode }) {
  const id = useId()
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const onDragEnd = (event: DragEndEvent) => {
    onSettle()
    const { active, over } = event
    if (over) onMove(String(active.id), String(over.id))
  }
  return (
    <DndContext id={id} sensors={sensors} collisionDetection={closestCenter} modifiers={[verticalOnly]} onDragEnd={onDragEnd} onDragCancel={onSettle}>
      {children}
    </DndContext>
  )
}

function Body({ ids, children }: { ids: string[]; children: ReactNode }) {
  return (
    <SortableContext items={ids} strategy={verticalListSortingStrategy}>
      {children}
    </SortableContext>
  )
}

/** A row that can be dragged by its handle (the handle is passed to the cells renderer). */
function Row({ id, selected, children }: { id: string; selected: boolean; children: (handle: ReactNode) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    transition: { duration: TABLE.dragAnimationMs, easing: 'cubic-bezier(0.25, 1, 0.5, 1)' },
  })
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition }
  const handle = <DragHandle ref={setActivatorNodeRef} aria-label="Drag to reorder" dragging={isDragging} {...attributes} {...listeners} />
  return (
    <Table.Row ref={setNodeRef} style={style} data-dragging={isDragging ? '' : undefined} data-selected={selected ? '' : undefined}>
      {children(handle)}
    </Table.Row>
  )
}

const dnd: DataTableDnd = { Wrap, Body, Row }

export default function SortableDataTable<T extends RowData>(props: DataTableProps<T>) {
  return <DataTableView {...props} dnd={dnd} />
}
