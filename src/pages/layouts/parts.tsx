/** Pieces the layouts share: logo, marketing header and footer. Server-only, no JavaScript. */
import { css } from 'styled-system/css'
import { config } from '../../config'
import { landingFor } from '../../modules/auth'
import type { User } from '../../modules/users'
import { TAGLINE } from '../document'

export function Logo({ href = '/' }: { href?: string }) {
  return (
    <a
      href={href}
      className={css({
        display: 'inline-flex',
        alignItems: 'center',
        gap: '2',
        fontWeight: 'bold',
        fontSize: 'lg',
        color: 'fg.default',
        textDecoration: 'none',
      })}
    >
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" className={css({ fill: 'colorPalette.default' })} />
        <path d="M6 24 L13 11 L17 17 L20 13 L26 24 Z" className={css({ fill: 'colorPalette.fg' })} />
      </svg>
      {config.SITE_NAME}
    </a>
  )
}

const link = css({ color: 'fg.muted', textDecoration: 'none', fontSize: 'sm', fontWeight: 'medium', _hover: { color: 'fg.default' } })
export const buttonLink = (variant: 'solid' | 'outline' = 'solid') =>
  css({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    h: '9',
    px: '3.5',
    borderRadius: 'l2',
    fontSize: 'sm',
    fontWeight: 'semibold',
    textDecoration: 'none',
    ...(variant === 'solid'
      ? { bg: 'colorPalette.default', color: 'colorPalette.fg', _hover: { bg: 'colorPalette.emphasized' } }
      : { borderWidth: '1px', borderColor: 'border.default', color: 'fg.default', _hover: { bg: 'bg.subtle' } }),
  })

/** The public pages of the main navigation (header, phone menu and footer). */
const PUBLIC_NAV: [string, string][] = [
  ['/workshops', 'Workshops'],
  ['/consultants', 'Coaches'],
  ['/jobs', 'Jobs'],
  ['/announcement', 'Announcement'],
]

const menuPanel = css({
  position: 'absolute',
  right: '0',
  top: 'calc(100% + 8px)',
  minW: '56',
  bg: 'bg.default',
  borderWidth: '1px',
  borderColor: 'border.subtle',
  borderRadius: 'l3',
  boxShadow: 'lg',
  p: '2',
  display: 'flex',
  flexDir: 'column',
  zIndex: '10',
})
const menuLink = css({
  display: 'block',
  px: '3',
  py: '2.5',
  borderRadius: 'l2',
  color: 'fg.default',
  textDecoration: 'none',
  fontWeight: 'medium',
  _hover: { bg: 'bg.subtle' },
})

export function MarketingHeader({ user }: { user: User | null }) {
  return (
    <header className={css({ borderBottomWidth: '1px', borderColor: 'border.subtle', bg: 'bg.default' })}>
      <div
        className={css({ maxW: '6xl', mx: 'auto', px: { base: '4', md: '6' }, h: '16', display: 'flex', alignItems: 'center', gap: { base: '3', sm: '6' } })}
      >
        <Logo />
        <nav aria-label="Main" className={css({ display: { base: 'none', md: 'flex' }, gap: '5', flex: '1' })}>
          {PUBLIC_NAV.map(([href, label]) => (
            <a key={href} className={link} href={href}>
              {label}
            </a>
          ))}
        </nav>
        <div className={css({ display: 'flex', gap: '2', ml: 'auto', alignItems: 'center' })}>
          {user ? (
            <a className={buttonLink()} href={landingFor(user).startsWith('/') ? landingFor(user) : '/b'}>
              Dashboard
            </a>
          ) : (
            <>
              <a className={css({ display: { base: 'none', sm: 'inline-flex' } })} href="/login">
                <span className={buttonLink('outline')}>Log in</span>
              </a>
              <a className={buttonLink()} href="/register">
                Get started
              </a>
            </>
          )}
          {/* Phones: the same links in a menu that opens without JavaScript. */}
          <details className={css({ position: 'relative', display: { base: 'block', md: 'none' } })}>
            <summary
              className={css({
                listStyle: 'none',
                cursor: 'pointer',
                display: 'inline-flex',
                alignItems: 'center',
                gap: '1.5',
                h: '9',
                px: '3',
                borderRadius: 'l2',
                borderWidth: '1px',
                borderColor: 'border.default',
                fontSize: 'sm',
                fontWeight: 'semibold',
                '&::-webkit-details-marker': { display: 'none' },
              })}
            >
              <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
                <path d="M4 6h16M4 12h16M4 18h16" />
              </svg>
              Menu
            </summary>
            <nav aria-label="Main menu" className={menuPanel}>
              {PUBLIC_NAV.map(([href, label]) => (
                <a key={href} className={menuLink} href={href}>
                  {label}
                </a>
              ))}
              {!user && (
                <a className={menuLink} href="/login">
                  Log in
                </a>
              )}
            </nav>
          </details>
        </div>
      </div>
    </header>
  )
}

export function Footer() {
  return (
    <footer className={css({ borderTopWidth: '1px', borderColor: 'border.subtle', mt: 'auto', bg: 'bg.subtle' })}>
      <div
        className={css({
          maxW: '6xl',
          mx: 'auto',
          px: { base: '4', md: '6' },
          py: '8',
          display: 'flex',
          flexWrap: 'wrap',
          gap: '6',
          justifyContent: 'space-between',
          alignItems: 'center',
        })}
      >
        <div className={css({ display: 'flex', flexDir: 'column', gap: '1' })}>
          <Logo />
          <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{TAGLINE}</p>
        </div>
        <nav aria-label="Explore" className={css({ display: 'flex', flexWrap: 'wrap', gap: '4' })}>
          {PUBLIC_NAV.map(([href, label]) => (
            <a key={href} className={link} href={href}>
              {label}
            </a>
          ))}
        </nav>
        <nav aria-label="Legal" className={css({ display: 'flex', flexWrap: 'wrap', gap: '4' })}>
          <a className={link} href="/b/privacy-policy">
            Privacy Policy
          </a>
          <a className={link} href="/b/terms-and-conditions">
            Terms & Conditions
          </a>
          <a className={link} href="/c/privacy-policy">
            Privacy Policy for Coaches
          </a>
          <a className={link} href="/c/terms-and-conditions">
            Terms & Conditions for Coaches
          </a>
        </nav>
        <p className={css({ color: 'fg.muted', fontSize: 'xs', w: 'full' })}>
          © {new Date().getFullYear()} {config.SITE_NAME}
        </p>
      </div>
    </footer>
  )
}
