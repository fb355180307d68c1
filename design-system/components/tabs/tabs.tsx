import { Tabs as ArkTabs } from '@ark-ui/react/tabs'
import { css } from 'styled-system/css'
import { tabs } from 'styled-system/recipes/tabs'
import { createStyleContext } from '../../utils/create-style-context'
import { Badge } from '../badge/badge'

const { withProvider, withContext } = createStyleContext(tabs)

const Trigger = withContext(ArkTabs.Trigger, 'trigger')
const badgeGap = css({ ms: '1.5' })

export type TabsTriggerProps = React.ComponentProps<typeof Trigger> & {
  /** A small badge after the label, e.g. 'New'. */
  badge?: React.ReactNode
}

function TabsTrigger({ badge, children, ...rest }: TabsTriggerProps) {
  return (
    <Trigger {...rest}>
      {children}
      {badge ? (
        <Badge size="sm" variant="solid" className={badgeGap}>
          {badge}
        </Badge>
      ) : null}
    </Trigger>
  )
}

/** Tabs; a trigger can carry a badge (`<Tabs.Trigger value="preferences" badge="New">`). */
export const Tabs = {
  Root: withProvider(ArkTabs.Root, 'root'),
  List: withContext(ArkTabs.List, 'list'),
  Trigger: TabsTrigger,
  Content: withContext(ArkTabs.Content, 'content'),
  Indicator: withContext(ArkTabs.Indicator, 'indicator'),
}
