/** Pieces the team's pages share: the section's tabs and what a page says when there is no team or the role does not open it. */
import { css } from 'styled-system/css'
import type { PageTeam } from '../../team'
import { card, muted, TabLinks } from './ui'

/** The team's two tabs (the sidebar's one "Team" entry leads here): its people, and its settings. */
export function TeamTabs({ current, team }: { current: string; team: PageTeam }) {
  const tabs = [...(team.may['members.view'] ? [{ href: '/c/team', label: 'Members' }] : []), { href: '/c/settings', label: 'Settings' }]
  return tabs.length > 1 ? <TabLinks label="Team sections" current={current} tabs={tabs} /> : null
}

/** No team chosen (or one the user left), or a role that does not open this page: say so and where to go. */
export function TeamNotice({ title, text }: { title: string; text: string }) {
  return (
    <section className={card} aria-label={title} data-testid="team-notice">
      <h2 className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>{title}</h2>
      <p className={muted}>{text}</p>
    </section>
  )
}

export const NO_TEAM = {
  title: 'No team selected',
  text: 'Choose one of your teams in the sidebar, or ask a team’s manager to invite you.',
}
