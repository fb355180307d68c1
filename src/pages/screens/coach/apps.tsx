/** /c/apps and /c/apps/multiplai: connected apps, and linking the Multiplai sign-in account. */
import { css } from 'styled-system/css'
import { config } from '../../../config'
import { Island } from '../../island'
import type { PageContext, PageModule } from '../../routes'
import { card, link, muted, PageHeader, stack } from './ui'

const CONNECT = '/v1/auth/connect/multiplai/redirect?redirect=%2Fc%2Fapps%2Fmultiplai'

export const apps: PageModule = {
  title: 'Apps',
  Page: ({ ctx }: { data: unknown; ctx: PageContext }) => (
    <div className={stack}>
      <PageHeader title="Apps" subtitle="Services connected to your account." />
      <ul className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)' }, gap: '4' })}>
        <li className={card}>
          <h2 className={css({ fontWeight: 'semibold' })}>
            <a className={link} href="/c/apps/multiplai">
              Multiplai
            </a>
          </h2>
          <p className={muted}>Sign in with your Multiplai account.</p>
          <p className={css({ fontSize: 'sm' })} data-testid="multiplai-summary">
            {ctx.user?.oidcSubject ? 'Linked' : config.oidcEnabled ? 'Not linked' : 'Not configured on this site'}
          </p>
        </li>
      </ul>
    </div>
  ),
}

export const multiplai: PageModule = {
  title: 'Multiplai',
  Page: ({ ctx }: { data: unknown; ctx: PageContext }) => (
    <div className={stack}>
      <PageHeader
        back={{ href: '/c/apps', label: 'Apps' }}
        title="Multiplai"
        subtitle="Link your Multiplai account to sign in with it. The account's verified email must be the same as yours here."
      />
      <div className={card}>
        <Island name="coach-apps" props={{ linked: !!ctx.user?.oidcSubject, configured: !!config.oidcEnabled, connectUrl: CONNECT }} />
      </div>
    </div>
  ),
}
export default apps
