/**
 * The team switcher of the coach area's sidebar: the current team's name, and for a user of two
 * or more teams a menu of them. Choosing one makes it the current team on the server
 * (`POST /v1/t/switch`: the user's defaultTenantSlug, the team pages and the API act in) and
 * reloads the area on the section's list page (a workshop or booking of the old team would be
 * a 404 in the new one).
 */
import { CheckIcon, ChevronsUpDownIcon } from 'lucide-react'
import { useState } from 'react'
import { css, cx } from 'styled-system/css'
import { post } from '../lib/api'
import type { AppShellProps } from './props'
import { UserMenu } from './user-menu'

type Team = NonNullable<AppShellProps['team']>

/** Where the area reloads after a switch: the same section (its list page), or the same page for account pages. */
export function afterSwitch(path: string) {
  const parts = path.split('/').filter(Boolean)
  if (parts[1] === 'account') return path
  return `/${parts.slice(0, 2).join('/')}`
}

const HIDE_CLOSED = css({ 'aside[data-state=closed] &': { display: 'none' } })
const LABEL = css({ fontSize: 'xs', color: 'fg.muted', fontWeight: 'medium' })
// Whole team names: a long one wraps (never cut to "Acme Coaching Intern…", which two teams may share).
const NAME = css({
  fontSize: 'sm',
  fontWeight: 'semibold',
  minW: '0',
  flex: '1',
  textAlign: 'start',
  whiteSpace: 'normal',
  overflowWrap: 'anywhere',
  lineHeight: 'snug',
})
const TRIGGER = css({ w: 'full', h: 'auto', minH: '9', py: '1.5', justifyContent: 'space-between', gap: '2', '& svg': { flexShrink: '0' } })
const ITEM_NAME = css({ flex: '1', whiteSpace: 'normal', overflowWrap: 'anywhere' })

export default function TeamSwitcher({ team, path }: { team: Team | undefined; path: string }) {
  const [busy, setBusy] = useState<string | null>(null)
  const current = team?.current ?? null
  if (!team || (!current && !team.teams.length)) return null
  const choose = async (slug: string) => {
    if (slug === current?.slug) return
    setBusy(slug)
    try {
      await post('/v1/t/switch', { slug })
      location.assign(afterSwitch(path))
    } catch {
      // The API client showed the error.
      setBusy(null)
    }
  }
  if (team.teams.length < 2)
    return (
      <div className={cx(HIDE_CLOSED, css({ display: 'flex', flexDir: 'column', gap: '0.5', minW: '0' }))} data-testid="team-name">
        <span className={LABEL}>Team</span>
        <span className={NAME}>{current?.name ?? 'No team selected'}</span>
      </div>
    )
  const busyName = busy ? team.teams.find((t) => t.slug === busy)?.name : null
  return (
    <div className={cx(HIDE_CLOSED, css({ display: 'flex', flexDir: 'column', gap: '1', w: 'full', minW: '0' }))} data-testid="team-switcher">
      <span className={LABEL} aria-hidden>
        Team
      </span>
      <UserMenu
        placement="down"
        triggerClass={TRIGGER}
        triggerVariant="outline"
        trigger={
          <>
            <span className={NAME} aria-live="polite">
              {busyName ? `Switching to ${busyName}…` : (current?.name ?? 'Choose a team')}
            </span>
            <span className={css({ srOnly: true })}>: switch team</span>
            <ChevronsUpDownIcon aria-hidden />
          </>
        }
        items={team.teams.map((t) => ({
          checked: t.slug === current?.slug,
          label: (
            <>
              <span className={ITEM_NAME}>{t.name}</span>
              {t.slug === current?.slug ? <CheckIcon aria-hidden /> : null}
            </>
          ),
          onSelect: () => void choose(t.slug),
        }))}
      />
    </div>
  )
}
