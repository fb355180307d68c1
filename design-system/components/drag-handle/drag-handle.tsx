/**
 * `DragHandle`: the grip a sortable row is dragged by (dnd-kit's activator): a small ghost icon
 * button with a grab cursor that leaves touch scrolling to the drag. Spread dnd-kit's
 * `attributes` and `listeners` on it and pass `setActivatorNodeRef` as its ref; the accessible
 * name says what it moves ("Reorder question 2").
 */
import { GripVerticalIcon } from 'lucide-react'
import { forwardRef } from 'react'
import { css, cx } from 'styled-system/css'
import { IconButton, type IconButtonProps } from '../icon-button/icon-button'

export type DragHandleProps = Omit<IconButtonProps, 'children'> & { dragging?: boolean }

const grab = css({ cursor: 'grab', touchAction: 'none', color: 'fg.muted', '&[data-dragging]': { cursor: 'grabbing' } })

export const DragHandle = forwardRef<HTMLButtonElement, DragHandleProps>(function DragHandle({ dragging, className, ...props }, ref) {
  return (
    <IconButton ref={ref} variant="ghost" size="xs" data-dragging={dragging ? '' : undefined} className={cx(grab, className)} {...props}>
      <GripVerticalIcon aria-hidden />
    </IconButton>
  )
})
