/** /onboarding/1: name and username. */
import { css } from 'styled-system/css'
import { Island } from '../island'
import type { PageContext, PageModule } from '../routes'

export function Steps({ step }: { step: 1 | 2 }) {
  return (
    <p className={css({ fontSize: 'sm', fontWeight: 'semibold', color: 'fg.muted' })} aria-label={`Step ${step} of 2`}>
      Step {step} of 2
    </p>
  )
}

function Step1({ ctx }: { data: unknown; ctx: PageContext }) {
  const u = ctx.user!
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '6' })}>
      <div className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
        <Steps step={1} />
        <h1 className={css({ fontSize: '3xl', fontWeight: 'bold' })}>Welcome! Tell us who you are</h1>
        <p className={css({ color: 'fg.muted' })}>Your name appears on your bookings and, if you coach, on your public profile.</p>
      </div>
      <Island
        name="onboarding-name"
        props={{
          userId: u.id,
          firstName: u.profile?.firstName ?? '',
          middleName: u.profile?.middleName ?? '',
          lastName: u.profile?.lastName ?? '',
          username: u.username ?? '',
        }}
      />
    </div>
  )
}

export default { title: 'Welcome', Page: Step1 } satisfies PageModule
