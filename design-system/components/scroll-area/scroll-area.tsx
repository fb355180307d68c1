import { ScrollArea as ArkScrollArea } from '@ark-ui/react/scroll-area'
import { scrollArea } from 'styled-system/recipes/scroll-area'
import { createStyleContext } from '../../utils/create-style-context'

const { withProvider, withContext } = createStyleContext(scrollArea)

const Root = withProvider(ArkScrollArea.Root, 'root')
const Viewport = withContext(ArkScrollArea.Viewport, 'viewport')
const Content = withContext(ArkScrollArea.Content, 'content')
const Scrollbar = withContext(ArkScrollArea.Scrollbar, 'scrollbar')
const Thumb = withContext(ArkScrollArea.Thumb, 'thumb')
const Corner = withContext(ArkScrollArea.Corner, 'corner')

export type ScrollAreaProps = React.ComponentProps<typeof Root> & {
  orientation?: 'vertical' | 'horizontal' | 'both'
}

/** A scrolling region with overlay scrollbars (hide delay 600 ms, section 9). */
export function ScrollArea({ children, orientation = 'vertical', ...rest }: ScrollAreaProps) {
  return (
    <Root {...rest}>
      <Viewport>
        <Content>{children}</Content>
      </Viewport>
      {orientation !== 'horizontal' ? (
        <Scrollbar orientation="vertical">
          <Thumb />
        </Scrollbar>
      ) : null}
      {orientation !== 'vertical' ? (
        <Scrollbar orientation="horizontal">
          <Thumb />
        </Scrollbar>
      ) : null}
      {orientation === 'both' ? <Corner /> : null}
    </Root>
  )
}

export const ScrollAreaParts = { Root, Viewport, Content, Scrollbar, Thumb, Corner }
