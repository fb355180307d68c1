/** The bell's label and its unread count badge (shared by the bell and its menu's trigger). */
import { css } from 'styled-system/css'

export const bellLabel = (unread: number | null) => (unread ? `Notifications, ${unread} unread` : 'Notifications')

export function BellBadge({ unread }: { unread: number | null }) {
  if (!unread) return null
  return (
    <span
      data-testid="inbox-count"
      aria-hidden
      className={css({
        position: 'absolute',
        top: '-1',
        right: '-1',
        minW: '4.5',
        h: '4.5',
        px: '1',
        borderRadius: 'full',
        bg: 'red.9',
        color: 'white',
        fontSize: '2xs',
        fontWeight: 'bold',
        lineHeight: '4.5',
        textAlign: 'center',
      })}
    >
      {unread > 99 ? '99+' : unread}
    </span>
  )
}
