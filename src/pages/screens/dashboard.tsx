/** The minimal /b and /c dashboards: a greeting and where to go next. Full content comes later. */
import { css } from 'styled-system/css'
import type { PageContext } from '../routes'

const card = css({
  bg: 'bg.default',
  borderWidth: '1px',
  borderColor: 'border.subtle',
  borderRadius: 'l3',
  p: '5',
  display: 'flex',
  flexDir: 'column',
  gap: '1',
})

export function Dashboard({ ctx, title, items }: { ctx: PageContext; title: string; items: [string, string][] }) {
  const name = ctx.user?.profile?.firstName
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '6' })}>
      <div>
        <h1 className={css({ fontSize: '3xl', fontWeight: 'bold' })}>{title}</h1>
        <p className={css({ color: 'fg.muted' })}>{name ? `Welcome back, ${name}.` : 'Welcome back.'}</p>
      </div>
      <ul className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(3, 1fr)' }, gap: '4' })}>
        {items.map(([t, d]) => (
          <li key={t} className={card}>
            <h2 className={css({ fontWeight: 'semibold' })}>{t}</h2>
            <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{d}</p>
          </li>
        ))}
      </ul>
      <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
        Open Settings from the sidebar to complete your profile, or press ⌘/ to search the navigation.
      </p>
    </div>
  )
}
