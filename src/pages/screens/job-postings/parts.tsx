import type { ReactNode } from 'react'
import { css } from 'styled-system/css'

export const panel = css({ bg: 'bg.default', borderWidth: '1px', borderColor: 'border.subtle', borderRadius: 'l3' })
export const muted = css({ color: 'fg.muted', fontSize: 'sm' })

export function PageHeader({ title, back, children }: { title: string; back?: { href: string; label: string }; children?: ReactNode }) {
  return (
    <header className={css({ display: 'flex', flexDir: 'column', gap: '2', mb: '6' })}>
      {back && (
        <a href={back.href} className={css({ color: 'fg.muted', fontSize: 'sm', textDecoration: 'none', _hover: { textDecoration: 'underline' } })}>
          ← {back.label}
        </a>
      )}
      <div className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '3', flexWrap: 'wrap' })}>
        <h1 className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold', minW: '0', wordBreak: 'break-word' })}>{title}</h1>
        {children}
      </div>
    </header>
  )
}

export function Problem({ message }: { message: string }) {
  return (
    <div className={css({ bg: 'bg.default', borderWidth: '1px', borderColor: 'border.subtle', borderRadius: 'l3', p: '8', textAlign: 'center' })}>
      <p>{message}</p>
    </div>
  )
}
