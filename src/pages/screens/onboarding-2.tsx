/** /onboarding/2: book workshops or coach (with the coach basics). */
import { css } from 'styled-system/css'
import { Island } from '../island'
import type { PageContext, PageModule } from '../routes'
import { Steps } from './onboarding-1'

function Step2({ ctx }: { data: unknown; ctx: PageContext }) {
  const u = ctx.user!
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '6' })}>
      <div className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
        <Steps step={2} />
        <h1 className={css({ fontSize: '3xl', fontWeight: 'bold' })}>What brings you here, {u.profile?.firstName}?</h1>
        <p className={css({ color: 'fg.muted' })}>You can book workshops either way; coaches also get their own workspace.</p>
      </div>
      <Island
        name="onboarding-role"
        props={{
          firstName: u.profile?.firstName ?? '',
          businessName: u.coachProfile?.businessName ?? '',
          bio: u.coachProfile?.bio ?? '',
          specializations: u.coachProfile?.specializations ?? [],
        }}
      />
      <a href="/onboarding/1" className={css({ fontSize: 'sm', color: 'fg.muted', textDecoration: 'underline' })}>
        Back to step 1
      </a>
    </div>
  )
}

export default { title: 'Welcome', Page: Step2 } satisfies PageModule
