import { table } from 'styled-system/recipes/table'
import { createStyleContext } from '../../utils/create-style-context'

const { withProvider, withContext } = createStyleContext(table)

/** Plain table parts (plain elements: list pages ship no component factory) (`<Table.Root><Table.Head><Table.Row><Table.Header>...`). */
export const Table = {
  Root: withProvider('table', 'root'),
  Body: withContext('tbody', 'body'),
  Caption: withContext('caption', 'caption'),
  Cell: withContext('td', 'cell'),
  Foot: withContext('tfoot', 'footer'),
  Head: withContext('thead', 'head'),
  Header: withContext('th', 'header'),
  Row: withContext('tr', 'row'),
}
