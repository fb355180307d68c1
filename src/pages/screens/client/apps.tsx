/** /b/apps: connected apps (Multiplai, the external sign-in). */
import { css } from 'styled-system/css'
import { config } from '../../../config'
import type { PageContext, PageModule } from '../../routes'
import { Card, linkClass, mutedText, PageHeader, pageStack } from './parts'

function Page({ ctx }: { data: unknown; ctx: PageContext }) {
  const linked = !!ctx.user?.oidcSubject
  return (
    <div className={pageStack}>
      <PageHeader title="Apps" description="Apps connected to your account." />
      <Card
        title="Multiplai"
        id="multiplai"
        action={
          <a className={linkClass} href="/b/apps/multiplai">
            Manage
          </a>
        }
      >
        <p className={mutedText}>Sign in with your Multiplai account instead of an email code.</p>
        <p className={css({ fontSize: 'sm', fontWeight: 'semibold' })}>
          {linked ? 'Linked' : config.oidcEnabled ? 'Not linked' : 'Not available on this site yet'}
        </p>
      </Card>
    </div>
  )
}

export default { title: 'Apps', Page } satisfies PageModule
