/**
 * /b/account/profile: the settings dialog's Account cards as a page. The cards (forms, country
 * list, file upload, social accounts table) are a split part (lib/split): the page paints from
 * the server's HTML and the island hydrates when that code has arrived.
 */
import { split } from '../lib/split'
import type { ClientProfileProps } from './props'

const Page = split(() => import('./page'))

export default function ClientProfile(props: ClientProfileProps) {
  return <Page {...props} />
}
ClientProfile.prepare = () => Page.preload()
