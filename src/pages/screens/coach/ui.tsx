/**
 * Pieces every coach page shares (server-only, no JavaScript): headings, cards, tabs as links,
 * pagers, status badges, and money and dates formatted with cached Intl formatters (a fresh
 * formatter costs ~35x a cached one).
 */
import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { badge } from 'styled-system/recipes'
import { formatDay, formatIn, formatStart, formatTime, zoneLabel } from '../../../shared/datetime'
import { formatMinor } from '../../../shared/money'
import { MODE_LABEL } from '../../../shared/vocabulary'
import { count } from '../../../shared/words'

export const muted = css({ color: 'fg.muted', fontSize: 'sm' })
export const card = css({
  bg: 'bg.default',
  borderWidth: '1px',
  borderColor: 'border.subtle',
  borderRadius: 'l3',
  p: { base: '4', md: '5' },
  display: 'flex',
  flexDir: 'column',
  gap: '3',
  minW: '0',
})
export const stack = css({ display: 'flex', flexDir: 'column', gap: '6' })
export const link = css({ color: 'fg.default', fontWeight: 'medium', textDecoration: 'underline', textUnderlineOffset: '2px', _hover: { color: 'fg.default' } })
export const tableWrap = css({ overflowX: 'auto', borderWidth: '1px', borderColor: 'border.subtle', borderRadius: 'l2', bg: 'bg.default' })
export const buttonLink = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2',
  h: '9',
  px: '3.5',
  borderRadius: 'l2',
  fontWeight: 'semibold',
  fontSize: 'sm',
  bg: 'colorPalette.default',
  color: 'colorPalette.fg',
  _hover: { opacity: 0.9 },
  whiteSpace: 'nowrap',
})
export const outlineLink = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2',
  h: '9',
  px: '3.5',
  borderRadius: 'l2',
  fontWeight: 'semibold',
  fontSize: 'sm',
  borderWidth: '1px',
  borderColor: 'border.default',
  color: 'fg.default',
  _hover: { bg: 'bg.subtle' },
  whiteSpace: 'nowrap',
})
export const input = css({
  h: '9',
  px: '2.5',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'l2',
  bg: 'bg.default',
  fontSize: 'sm',
  minW: '0',
})
export const filterBar = css({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '3',
  alignItems: 'flex-end',
  '& label': { display: 'flex', flexDir: 'column', gap: '1', fontSize: 'sm', fontWeight: 'medium' },
})

export function PageHeader({
  title,
  subtitle,
  actions,
  back,
}: {
  title: string
  subtitle?: ReactNode
  actions?: ReactNode
  back?: { href: string; label: string }
}) {
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
      {back && (
        <a href={back.href} className={cx(muted, css({ _hover: { color: 'fg.default' } }))}>
          ← {back.label}
        </a>
      )}
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center', justifyContent: 'space-between' })}>
        <div className={css({ minW: '0' })}>
          <h1 className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold', overflowWrap: 'anywhere' })}>{title}</h1>
          {subtitle && <p className={muted}>{subtitle}</p>}
        </div>
        {actions && <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>{actions}</div>}
      </div>
    </div>
  )
}

/** Tabs as links (each tab is its own page): the design system's, every tab visible on a phone too. */
export { TabLinks } from '../../../../design-system/components/tabs/tab-links'

export function Pager({ page, pages, total, url }: { page: number; pages: number; total: number; url: URL }) {
  if (pages <= 1) return <p className={muted}>{total} in total</p>
  const to = (p: number) => {
    const u = new URL(url)
    u.searchParams.set('page', String(p))
    return `${u.pathname}?${u.searchParams}`
  }
  return (
    <nav aria-label="Pages" className={css({ display: 'flex', gap: '3', alignItems: 'center', fontSize: 'sm' })}>
      {page > 1 ? (
        <a className={outlineLink} href={to(page - 1)} rel="prev">
          Previous
        </a>
      ) : null}
      <span className={muted}>
        Page {page} of {pages} · {total} in total
      </span>
      {page < pages ? (
        <a className={outlineLink} href={to(page + 1)} rel="next">
          Next
        </a>
      ) : null}
    </nav>
  )
}

const TONES: Record<string, string> = {
  green: css({ color: 'green.11', borderColor: 'green.7' }),
  blue: css({ color: 'fg.default', borderColor: 'gray.9' }),
  amber: css({ color: 'yellow.11', borderColor: 'yellow.9' }),
  red: css({ color: 'red.11', borderColor: 'red.7' }),
  gray: css({ color: 'fg.muted' }),
}
const STATUS_COLOURS: Record<string, string> = {
  CONFIRMED: 'green',
  COMPLETED: 'blue',
  PUBLISHED: 'green',
  paid: 'green',
  ACCEPTED: 'green',
  PENDING: 'amber',
  pending: 'amber',
  DRAFT: 'gray',
  ARCHIVED: 'gray',
  CANCELLED: 'red',
  NO_SHOW: 'red',
  DECLINED: 'red',
  EXPIRED: 'gray',
}
export function Status({ value, label }: { value: string; label?: string }) {
  const c = STATUS_COLOURS[value] ?? 'gray'
  return (
    <span className={cx(badge({ size: 'sm', variant: 'outline' }), css({ whiteSpace: 'nowrap' }), TONES[c])} data-status={value}>
      {label ?? value.replace('_', ' ')}
    </span>
  )
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className={cx(muted, css({ py: '6', textAlign: 'center' }))}>{children}</p>
}

export function Stat({ label, value, hint, testId }: { label: string; value: ReactNode; hint?: ReactNode; testId?: string }) {
  return (
    <div className={card}>
      <span className={muted}>{label}</span>
      <span className={css({ fontSize: '2xl', fontWeight: 'bold', fontVariantNumeric: 'tabular-nums' })} data-testid={testId}>
        {value}
      </span>
      {hint && <span className={muted}>{hint}</span>}
    </div>
  )
}

// ---- formatting (cached formatters) ----
/** Minor units in their currency: 14900 usd -> "$149.00", 1500 jpy -> "¥1,500". */
export const money = (minor: number, currency = 'usd') => formatMinor(minor, currency)

/** "Tue, Dec 1, 2026" in the zone. */
export const fmtDay = (d: Date, tz = 'UTC') => formatDay(d, tz)
/** "Tue, Dec 1, 2026, 2:00 PM London time": a moment in a named zone (the product's one rule). */
export const fmtDateTime = (d: Date, tz = 'UTC') => formatStart(d, tz)
/** "2:00 PM London time". */
export const fmtTime = (d: Date, tz = 'UTC') => `${formatTime(d, tz)} ${zoneLabel(tz)}`
/** "Dec 1". */
export const fmtShort = (d: Date, tz = 'UTC') => formatIn('dayMonth', d, tz)
/** "1 seat", "2 seats", "3 people" (Intl.PluralRules). */
export const plural = (n: number, one: string, many?: string) => count(n, many ? { one, other: many } : one)
export { MODE_LABEL }
export const stars = (r: number) => '★★★★★'.slice(0, r) + '☆☆☆☆☆'.slice(0, 5 - r)
