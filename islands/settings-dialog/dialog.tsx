/**
 * The Settings dialog (section 2): large and scrollable, toggled by the stored settings flag,
 * tabs Account (default) and Preferences (labelled New). Loaded on first open (see index.tsx).
 */
import { Dialog } from '../../design-system/components/dialog/dialog'
import { Tabs } from '../../design-system/components/tabs/tabs'
import { setSettingsOpen, useSettingsOpen } from '../lib/settings-store'
import { IslandRoot } from '../runtime/root'
import { AccountTab } from './account'
import { PreferencesTab } from './preferences'
import { PrivacyTab } from './privacy'
import type { SettingsDialogProps } from './props'
import { SecurityTab } from './security'
import { useMe, useSaveUser } from './use-me'

/** The dialog's content with its own query cache (the island root has none: runtime/client.tsx). */
export default function SettingsDialogWithQueries(props: SettingsDialogProps) {
  return (
    <IslandRoot>
      <SettingsDialogContent {...props} />
    </IslandRoot>
  )
}

const TABS = ['account', 'preferences', 'security', 'data']
/** `?settings=security` (the new-device mail's link) opens on that tab. */
function initialTab() {
  const asked = typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('settings')
  return asked && TABS.includes(asked) ? asked : 'account'
}

function SettingsDialogContent({ user, colorMode }: SettingsDialogProps) {
  const open = useSettingsOpen()
  const me = useMe(user)
  const save = useSaveUser(user.id)
  return (
    <Dialog open={open} onOpenChange={setSettingsOpen} title="Settings" size="lg">
      <Tabs.Root defaultValue={initialTab()} lazyMount>
        <Tabs.List>
          <Tabs.Trigger value="account">Account</Tabs.Trigger>
          <Tabs.Trigger value="preferences" badge="New">
            Preferences
          </Tabs.Trigger>
          <Tabs.Trigger value="security">Security</Tabs.Trigger>
          <Tabs.Trigger value="data">Your data</Tabs.Trigger>
          <Tabs.Indicator />
        </Tabs.List>
        <Tabs.Content value="account">
          <AccountTab me={me} save={save} />
        </Tabs.Content>
        <Tabs.Content value="preferences">
          <PreferencesTab serverColorMode={colorMode} />
        </Tabs.Content>
        <Tabs.Content value="security">
          <SecurityTab />
        </Tabs.Content>
        <Tabs.Content value="data">
          <PrivacyTab />
        </Tabs.Content>
      </Tabs.Root>
    </Dialog>
  )
}
