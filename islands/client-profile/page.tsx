/** /b/account/profile, the page itself (islands/client-profile/index.tsx loads it after first paint). */

import { IslandRoot } from '../runtime/root'
import { AccountTab } from '../settings-dialog/account'
import { useMe, useSaveUser } from '../settings-dialog/use-me'
import type { ClientProfileProps } from './props'

export default function ClientProfile(props: ClientProfileProps) {
  return (
    <IslandRoot>
      <Profile {...props} />
    </IslandRoot>
  )
}

function Profile({ user }: ClientProfileProps) {
  const me = useMe(user)
  const save = useSaveUser(user.id)
  return <AccountTab me={me} save={save} />
}
