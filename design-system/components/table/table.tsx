import { ark } from '@ark-ui/react/factory'
import { table } from 'styled-system/recipes'
import { createStyleContext } from '../../utils/create-style-context'

const { withProvider, withContext } = createStyleContext(table)

/** Plain table parts (`<Table.Root><Table.Head><Table.Row><Table.Header>...`). */
export const Table = {
  Root: withProvider(ark.table, 'root'),
  Body: withContext(ark.tbody, 'body'),
  Caption: withContext(ark.caption, 'caption'),
  Cell: withContext(ark.td, 'cell'),
  Foot: withContext(ark.tfoot, 'footer'),
  Head: withContext(ark.thead, 'head'),
  Header: withContext(ark.th, 'header'),
  Row: withContext(ark.tr, 'row'),
}
