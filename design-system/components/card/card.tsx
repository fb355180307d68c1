import { ark } from '@ark-ui/react/factory'
import { card } from 'styled-system/recipes/card'
import { createStyleContext } from '../../utils/create-style-context'

const { withProvider, withContext } = createStyleContext(card)

/** Card parts; variant `solid-gray` unless told otherwise (section 9). */
export const Card = {
  Root: withProvider(ark.div, 'root'),
  Header: withContext(ark.div, 'header'),
  Body: withContext(ark.div, 'body'),
  Footer: withContext(ark.div, 'footer'),
  Title: withContext(ark.h3, 'title'),
  Description: withContext(ark.p, 'description'),
}
