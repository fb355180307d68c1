/**
 * What the two invitation pages share (a seat: /invitations/{token}, a team:
 * /invitations/team/{token}): loading by the token in the address (an unknown token is a page
 * that says so, not a 404), the centred card, the "not found" card, the closed state (used,
 * declined, withdrawn, expired...) with its way out, and no indexing (the token is the credential).
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { HttpError } from '../../platform/http/errors'
import { buttonLink } from '../layouts/parts'
import type { PageContext } from '../routes'

/** A page's `load`: the invitation of `ctx.params.token`, or `null` when there is none. */
export function loadInvitation<T>(show: (em: EntityManager, token: string) => Promise<T>) {
  return async (ctx: PageContext): Promise<{ invitation: T | null; token: string }> => {
    try {
      return { invitation: await show(ctx.em, ctx.params.token), token: ctx.params.token }
    } catch (err) {
      if (err instanceof HttpError && err.status === 404) return { invitation: null, token: ctx.params.token }
      throw err
    }
  }
}

/** The token in the address is the credential: never indexed. */
export const invitationMeta = () => ({ noindex: true })

const box = css({ maxW: '2xl', mx: 'auto', px: { base: '4', md: '6' }, py: { base: '10', md: '16' }, display: 'flex', flexDir: 'column', gap: '5' })
const card = css({
  bg: 'bg.default',
  borderWidth: '1px',
  borderColor: 'border.subtle',
  borderRadius: 'l3',
  p: { base: '5', md: '8' },
  display: 'flex',
  flexDir: 'column',
  gap: '4',
})

export function InvitationCard({ children }: { children: ReactNode }) {
  return (
    <div className={box}>
      <div className={card}>{children}</div>
    </div>
  )
}

/** Where to go from a page with nothing to answer. */
export interface WayOut {
  href: string
  label: string
}

/** An unknown (or replaced) token: `ask` says whom to ask for a new link. */
export function InvitationNotFound({ ask, way }: { ask: string; way: WayOut }) {
  return (
    <InvitationCard>
      <h1 className={css({ fontSize: '2xl', fontWeight: 'bold' })}>Invitation not found</h1>
      <p className={css({ color: 'fg.muted' })}>This link is not valid: it may have been replaced by a newer invitation or mistyped. {ask}</p>
      <a className={buttonLink()} href={way.href}>
        {way.label}
      </a>
    </InvitationCard>
  )
}

/** An invitation that can no longer be answered: what happened, what to do, and a way out. */
export function InvitationClosed({ title, text, way }: { title: string; text: string; way: WayOut }) {
  return (
    <div role="status" className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
      <h2 className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>{title}</h2>
      <p className={css({ color: 'fg.muted' })}>{text}</p>
      <a className={buttonLink('outline')} href={way.href}>
        {way.label}
      </a>
    </div>
  )
}

/** The line above an invitation's title: who invited, to what. */
export const invitedBy = (inviter: { name: string } | null | undefined, what: string) => (
  <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{inviter ? `${inviter.name} invited you to ${what}` : `You are invited to ${what}`}</p>
)

export const invitationTitle = css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold' })
