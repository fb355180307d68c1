/** /b/account/profile: the profile as a page (the settings dialog's account cards). */

import { serializeUser } from '../../../modules/users'
import { Island } from '../../island'
import { useRequest } from '../../request'
import type { PageContext, PageModule } from '../../routes'
import { PageHeader, pageStack } from './parts'

function Page({ ctx }: { data: unknown; ctx: PageContext }) {
  const req = useRequest()
  return (
    <div className={pageStack}>
      <PageHeader title="Profile" description="How clients and coaches see you. Each card saves on its own." />
      <Island
        name="client-profile"
        props={{ user: JSON.parse(JSON.stringify(serializeUser(ctx.user!))), colorMode: req.colorMode as 'auto' | 'light' | 'dark' }}
      />
    </div>
  )
}

export default { title: 'Profile', stream: true, Page } satisfies PageModule
