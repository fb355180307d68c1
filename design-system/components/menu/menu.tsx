import { Menu as ArkMenu } from '@ark-ui/react/menu'
import { menu } from 'styled-system/recipes/menu'
import { createStyleContext } from '../../utils/create-style-context'
import { LayerPortal } from '../../utils/layer-portal'

const { withRootProvider, withContext } = createStyleContext(menu)

const Content = withContext(ArkMenu.Content, 'content')
const Positioner = withContext(ArkMenu.Positioner, 'positioner')

/** Positioner + content in a portal (client only, so nothing differs at hydration). */
function MenuContent(props: React.ComponentProps<typeof Content>) {
  return (
    <LayerPortal>
      <Positioner>
        <Content {...props} />
      </Positioner>
    </LayerPortal>
  )
}

/** A dropdown menu: `<Menu.Root><Menu.Trigger asChild>...</Menu.Trigger><Menu.Content>...` */
export const Menu = {
  Root: withRootProvider(ArkMenu.Root),
  Trigger: withContext(ArkMenu.Trigger, 'trigger'),
  Content: MenuContent,
  Item: withContext(ArkMenu.Item, 'item'),
  ItemGroup: withContext(ArkMenu.ItemGroup, 'itemGroup'),
  ItemGroupLabel: withContext(ArkMenu.ItemGroupLabel, 'itemGroupLabel'),
  Separator: withContext(ArkMenu.Separator, 'separator'),
}
