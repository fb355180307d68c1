/** /b/apps/multiplai: link or unlink the Multiplai account; a note when the provider is not configured. */

import { config } from '../../../config'
import { Island } from '../../island'
import type { PageContext, PageModule } from '../../routes'
import { Card, mutedText, PageHeader, pageStack } from './parts'

function Page({ ctx }: { data: unknown; ctx: PageContext }) {
  const area = ctx.path.startsWith('/c') ? '/c' : '/b'
  return (
    <div className={pageStack}>
      <PageHeader title="Multiplai" crumbs={[['Apps', `${area}/apps`]]} description="Your Multiplai account lets you sign in with one click." />
      <Card title="Connection" id="connection">
        <p className={mutedText}>Linking opens Multiplai to confirm it is you, then brings you back here.</p>
        <Island name="client-apps" props={{ linked: !!ctx.user?.oidcSubject, configured: config.oidcEnabled, returnTo: `${area}/apps/multiplai` }} />
      </Card>
    </div>
  )
}

export default { title: 'Multiplai', stream: true, Page } satisfies PageModule
