/** The coach's one-to-one sessions on their public profile: each type with its length, price and booking page (no JavaScript). */
import { css, cx } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { PriceNote } from '../../../../islands/lib/price-note'
import { type PublicSessionType, SESSION_MODE_LABEL } from '../../../modules/sessions'
import { cardBox, money, muted } from './parts'

export function SessionsSection({ types }: { types: PublicSessionType[] }) {
  if (!types.length) return null
  return (
    <section id="sessions" aria-labelledby="sessions-title" className={cx(cardBox, css({ p: { base: '5', md: '6' } }))}>
      <h2 id="sessions-title" className={css({ fontSize: 'xl', fontWeight: 'semibold', mb: '4' })}>
        One-to-one sessions
      </h2>
      <ul className={css({ display: 'flex', flexDir: 'column', gap: '3' })} data-testid="profile-sessions">
        {types.map((t) => (
          <li
            key={t.id}
            className={css({
              display: 'flex',
              gap: '3',
              alignItems: 'center',
              flexWrap: 'wrap',
              borderWidth: '1px',
              borderColor: 'border.subtle',
              borderRadius: 'l2',
              p: '4',
            })}
          >
            <div className={css({ flex: '1 1 14rem', minW: '0', display: 'flex', flexDir: 'column', gap: '0.5' })}>
              <h3 className={css({ fontWeight: 'semibold', overflowWrap: 'anywhere' })}>
                <a href={t.url} className={css({ color: 'fg.default', textDecoration: 'none', _hover: { textDecoration: 'underline' } })}>
                  {t.title}
                </a>
              </h3>
              <p className={muted}>
                {t.durationMinutes} min · {SESSION_MODE_LABEL[t.mode]} ·{' '}
                {t.price > 0 ? (
                  <>
                    {money(t.price, t.currency)}
                    <PriceNote note={t.priceNote} />
                  </>
                ) : (
                  'Free'
                )}
              </p>
              {t.description && <p className={cx(muted, css({ lineClamp: '2' }))}>{t.description}</p>}
            </div>
            <a href={t.url} className={button({ size: 'sm', variant: t.price > 0 ? 'outline' : 'solid' })} aria-label={`Book ${t.title}`}>
              Book a time
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}
