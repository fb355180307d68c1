import { Tooltip as ArkTooltip } from '@ark-ui/react/tooltip'
import { tooltip } from 'styled-system/recipes/tooltip'
import { TOOLTIP_DELAY } from '../../constants'
import { createStyleContext } from '../../utils/create-style-context'
import { LayerPortal } from '../../utils/layer-portal'

const { withRootProvider, withContext } = createStyleContext(tooltip)

const Root = withRootProvider(ArkTooltip.Root)
const Trigger = withContext(ArkTooltip.Trigger, 'trigger')
const Positioner = withContext(ArkTooltip.Positioner, 'positioner')
const Content = withContext(ArkTooltip.Content, 'content')

export type TooltipProps = {
  content: React.ReactNode
  /** The element the tooltip describes (rendered asChild). */
  children: React.ReactElement
  openDelay?: number
  closeDelay?: number
  disabled?: boolean
  positioning?: React.ComponentProps<typeof ArkTooltip.Root>['positioning']
}

/** A hover/focus label, shown after 600 ms (section 9). */
export function Tooltip({ content, children, openDelay = TOOLTIP_DELAY, closeDelay = 0, disabled, positioning }: TooltipProps) {
  return (
    <Root openDelay={openDelay} closeDelay={closeDelay} disabled={disabled} positioning={positioning} lazyMount unmountOnExit>
      <Trigger asChild>{children}</Trigger>
      <LayerPortal>
        <Positioner>
          <Content>{content}</Content>
        </Positioner>
      </LayerPortal>
    </Root>
  )
}
