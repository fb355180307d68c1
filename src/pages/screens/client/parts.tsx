/** Server-rendered pieces of the client area pages: headers, cards, badges, tabs, time zone. */
import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { TabLinks as DsTabLinks } from '../../../../design-system/components/tabs/tab-links'
import { useRequest } from '../../request'

/** The viewer's time zone (the `tz` cookie the shell sets), else UTC. */
export function useTz(): string {
  const tz = useRequest().cookies.tz
  return tz && /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(tz) ? tz : 'UTC'
}

export const pageStack = css({ display: 'flex', flexDir: 'column', gap: '6' })
export const cardClass = css({
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
export const mutedText = css({ color: 'fg.muted', fontSize: 'sm' })
export const linkClass = css({
  color: 'fg.default',
  fontWeight: 'medium',
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
  textDecorationColor: 'colorPalette.default',
  _hover: { textDecorationThickness: '2px' },
})
const GRIDS: Record<number, string> = {
  2: css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, gap: '4', alignItems: 'start' }),
  3: css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(3, minmax(0, 1fr))' }, gap: '4', alignItems: 'start' }),
}
export const grid = (cols: 2 | 3) => GRIDS[cols]

export function PageHeader({
  title,
  description,
  actions,
  crumbs,
}: {
  title: string
  description?: ReactNode
  actions?: ReactNode
  crumbs?: [string, string][]
}) {
  return (
    <header className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
      {crumbs?.length ? (
        <nav aria-label="Breadcrumb" className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          {crumbs.map(([label, href], i) => (
            <span key={href}>
              {i ? ' / ' : ''}
              <a href={href} className={css({ color: 'fg.muted', _hover: { color: 'fg.default' } })}>
                {label}
              </a>
            </span>
          ))}
        </nav>
      ) : null}
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center', justifyContent: 'space-between' })}>
        <h1 className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold', wordBreak: 'break-word' })}>{title}</h1>
        {actions ? <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>{actions}</div> : null}
      </div>
      {description ? <p className={css({ color: 'fg.muted' })}>{description}</p> : null}
    </header>
  )
}

export function Card({
  title,
  action,
  children,
  className,
  id,
}: {
  title?: ReactNode
  action?: ReactNode
  children: ReactNode
  className?: string
  id?: string
}) {
  return (
    <section className={cx(cardClass, className)} aria-labelledby={id && title ? `${id}-title` : undefined}>
      {title || action ? (
        <div className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '2', flexWrap: 'wrap' })}>
          {title ? (
            <h2 id={id ? `${id}-title` : undefined} className={css({ fontWeight: 'semibold', fontSize: 'md' })}>
              {title}
            </h2>
          ) : (
            <span />
          )}
          {action}
        </div>
      ) : null}
      {children}
    </section>
  )
}

export { StatusBadge } from '../../../../islands/lib/status-badge'

/** Tabs as links: the design system's ([name, href] pairs). */
export function TabLinks({ tabs, current, label }: { tabs: [string, string][]; current: string; label: string }) {
  return <DsTabLinks label={label} current={current} tabs={tabs.map(([name, href]) => ({ href, label: name }))} />
}

export function Empty({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '2', alignItems: 'flex-start', color: 'fg.muted', fontSize: 'sm' })}>
      <p>{children}</p>
      {action}
    </div>
  )
}

export function Dl({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl
      className={css({
        display: 'grid',
        gridTemplateColumns: { base: '1fr', sm: 'max-content 1fr' },
        columnGap: '6',
        rowGap: { base: '1', sm: '2' },
        fontSize: 'sm',
      })}
    >
      {items.map(([k, v]) => (
        <div key={k} className={css({ display: 'contents' })}>
          <dt className={css({ color: 'fg.muted', mt: { base: '2', sm: '0' } })}>{k}</dt>
          <dd className={css({ wordBreak: 'break-word' })}>{v}</dd>
        </div>
      ))}
    </dl>
  )
}
