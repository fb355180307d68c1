import { type ComponentProps, forwardRef } from 'react'
import { cx } from 'styled-system/css'
import { table } from 'styled-system/recipes/table'
import { tableCards } from 'styled-system/recipes/table-cards'
import { createStyleContext } from '../../utils/create-style-context'

const { withProvider, withContext } = createStyleContext(table)

/** Every table's root carries the phone's cards layout (table.recipe.ts, tableCards). */
const Root = withProvider('table', 'root')
const CardsRoot = forwardRef<HTMLTableElement, ComponentProps<typeof Root>>(function TableRoot({ className, ...props }, ref) {
  return <Root ref={ref} className={cx(tableCards(), className as string | undefined)} {...(props as any)} />
})

/** Plain table parts (plain elements: list pages ship no component factory) (`<Table.Root><Table.Head><Table.Row><Table.Header>...`). */
export const Table = {
  Root: CardsRoot,
  Body: withContext('tbody', 'body'),
  Caption: withContext('caption', 'caption'),
  Cell: withContext('td', 'cell'),
  Foot: withContext('tfoot', 'footer'),
  Head: withContext('thead', 'head'),
  Header: withContext('th', 'header'),
  Row: withContext('tr', 'row'),
}
