/** The status pill's look (a rounded label in a tone), shared by the status badge and the data table's cells. */
import { css } from 'styled-system/css'

export const pillClass = css({
  display: 'inline-flex',
  alignItems: 'center',
  px: '2',
  h: '6',
  borderRadius: 'full',
  fontSize: 'xs',
  fontWeight: 'semibold',
  whiteSpace: 'nowrap',
  bg: 'colorPalette.a3',
  color: 'colorPalette.12',
})

export const PILL_TONE: Record<string, string> = {
  amber: css({ colorPalette: 'yellow' }),
  green: css({ colorPalette: 'green' }),
  red: css({ colorPalette: 'red' }),
  blue: css({ colorPalette: 'gray' }),
  gray: css({ colorPalette: 'gray' }),
}
