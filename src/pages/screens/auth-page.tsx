/** /login and /register: the auth-form island, with providers and the redirect/token query. */
import { config } from '../../config'
import { PROVIDER } from '../../modules/auth'
import { safeRedirect } from '../../shared/urls'
import { Island } from '../island'
import type { PageContext, PageModule } from '../routes'

export function authPage(mode: 'login' | 'register', title: string): PageModule {
  return {
    title,
    Page: ({ ctx }: { data: unknown; ctx: PageContext }) => (
      <Island
        name="auth-form"
        props={{
          mode,
          redirect: safeRedirect(ctx.url.searchParams.get('redirect')),
          token: mode === 'login' ? (ctx.url.searchParams.get('token')?.slice(0, 200) ?? null) : null,
          providers: config.oidcEnabled ? [{ id: PROVIDER.id, name: PROVIDER.name, redirectUrl: `/v1/auth/connect/${PROVIDER.id}/redirect` }] : [],
        }}
      />
    ),
  }
}
