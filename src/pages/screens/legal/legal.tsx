/** Shared shape of the four legal pages: a title, an effective date, numbered sections. */
import { css } from 'styled-system/css'
import { config } from '../../../config'

export const EFFECTIVE = 'November 1, 2026'
export const CONTACT = 'privacy@summit.localhost'

export interface LegalSection {
  heading: string
  body: string[]
}

export function LegalPage({
  title,
  intro,
  sections,
  other,
}: {
  title: string
  intro: string
  sections: LegalSection[]
  other: { href: string; label: string }
}) {
  return (
    <article
      className={css({ maxW: '3xl', mx: 'auto', px: { base: '4', md: '6' }, py: { base: '12', md: '16' }, display: 'flex', flexDir: 'column', gap: '4' })}
    >
      <h1 className={css({ fontSize: { base: '3xl', md: '4xl' }, fontWeight: 'bold' })}>{title}</h1>
      <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>Effective {EFFECTIVE}</p>
      <p>{intro}</p>
      {sections.map((s, i) => (
        <section key={s.heading} className={css({ display: 'flex', flexDir: 'column', gap: '2', mt: '4' })}>
          <h2 className={css({ fontSize: 'xl', fontWeight: 'semibold' })}>
            {i + 1}. {s.heading}
          </h2>
          {s.body.map((p, j) => (
            <p key={j} className={css({ color: 'fg.default', lineHeight: '1.7' })}>
              {p}
            </p>
          ))}
        </section>
      ))}
      <p className={css({ mt: '6', color: 'fg.muted', fontSize: 'sm' })}>
        See also:{' '}
        <a href={other.href} className={css({ color: 'fg.default', textDecoration: 'underline' })}>
          {other.label}
        </a>
        . Questions: {CONTACT}. {config.SITE_NAME}.
      </p>
    </article>
  )
}
