/** /b/account/profile: the settings dialog's Account cards as a page, saved the same way (and the shell follows). */
import { AccountTab } from '../settings-dialog/account'
import { useMe, useSaveUser } from '../settings-dialog/use-me'
import type { ClientProfileProps } from './props'

export default function ClientProfile({ user }: ClientProfileProps) {
  const me = useMe(user)
  const save = useSaveUser(user.id)
  return <AccountTab me={me} save={save} />
}
