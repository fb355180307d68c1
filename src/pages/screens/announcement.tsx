/** `/announcement`: the public announcement page. */
import { css } from 'styled-system/css'
import { config } from '../../config'
import { buttonLink } from '../layouts/parts'
import type { PageModule } from '../routes'

function Announcement() {
  return (
    <article
      className={css({ maxW: '3xl', mx: 'auto', px: { base: '4', md: '6' }, py: { base: '12', md: '16' }, display: 'flex', flexDir: 'column', gap: '5' })}
    >
      <p className={css({ fontSize: 'sm', fontWeight: 'semibold', color: 'fg.muted' })}>Announcement</p>
      <h1 className={css({ fontSize: { base: '3xl', md: '4xl' }, fontWeight: 'bold', lineHeight: '1.2' })}>
        {config.SITE_NAME} is open for coaches and consultants
      </h1>
      <p className={css({ fontSize: 'lg', color: 'fg.muted' })}>
        Coaches can now publish workshops, take bookings and get paid in one place. Clients can book seats, pay by card and invite their colleagues.
      </p>
      <h2 className={css({ fontSize: 'xl', fontWeight: 'semibold', mt: '4' })}>What is new</h2>
      <ul className={css({ listStyle: 'disc', pl: '6', display: 'flex', flexDir: 'column', gap: '2' })}>
        <li>Sign in with a one-time code sent to your email: no password to remember.</li>
        <li>Public coach profiles with experience, certifications and specializations.</li>
        <li>Workshop schedules in person, online or hybrid, with seat limits and invitations.</li>
        <li>Light and dark appearance, following your system by default.</li>
      </ul>
      <div className={css({ display: 'flex', gap: '3', mt: '4' })}>
        <a href="/register" className={buttonLink()}>
          Create your account
        </a>
        <a href="/" className={buttonLink('outline')}>
          Back to home
        </a>
      </div>
    </article>
  )
}

export default { title: 'Announcement', Page: Announcement } satisfies PageModule
