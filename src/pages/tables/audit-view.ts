/** How the team's audit log shows in its table (/c/audit): when, who, what, and the changed fields before and after. */
import { fmtDateTime } from '../../../islands/lib/format'
import type { View } from './views'

const RESOURCE_LABEL: Record<string, string> = {
  team: 'Team',
  member: 'Member',
  invitation: 'Invitation',
  workshop: 'Workshop',
  schedule: 'Schedule',
  workshop_resource: 'Resource',
  voucher: 'Voucher',
  booking: 'Booking',
  payout_account: 'Payout account',
  job_posting: 'Job posting',
}

/** "member.roles_changed" -> "Roles changed". */
const verb = (action: string) => {
  const v = action.split('.').slice(1).join(' ').replace(/_/g, ' ')
  return v ? v.charAt(0).toUpperCase() + v.slice(1) : action
}
const short = (x: unknown) => {
  const s = x === null || x === undefined ? '—' : typeof x === 'object' ? JSON.stringify(x) : String(x)
  return s.length > 60 ? `${s.slice(0, 57)}…` : s
}
/** The changed fields, one "field: before → after" each (the first few). */
function changes(before: Record<string, unknown> | null, after: Record<string, unknown> | null) {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])]
  const parts = keys.slice(0, 4).map((k) => (before && after ? `${k}: ${short(before[k])} → ${short(after[k])}` : `${k}: ${short((after ?? before)?.[k])}`))
  return `${parts.join('; ')}${keys.length > 4 ? ` (and ${keys.length - 4} more)` : ''}` || '—'
}

export const AUDIT_VIEW: View = {
  columns: [
    { id: 'at', header: 'When', width: 160 },
    { id: 'actor', header: 'Who', width: 190 },
    { id: 'action', header: 'What', width: 190 },
    { id: 'changes', header: 'Changes', width: 360 },
  ],
  empty: { text: 'Nothing recorded for these filters. Every change to the team’s business shows here.' },
  row: (r, o) => ({
    cells: {
      at: { text: fmtDateTime(r.at, o.tz), sub: r.ip ?? undefined },
      actor: {
        text: r.actor ? r.actor.name : 'The system',
        sub:
          r.actorRole === 'super-admin'
            ? `Support${r.onBehalfOf ? `, for ${r.onBehalfOf.name}` : ''}`
            : (r.actor?.email ?? (r.via === 'job' ? 'Scheduled job' : undefined)),
      },
      action: { text: `${RESOURCE_LABEL[r.resource] ?? r.resource}: ${verb(r.action)}`, sub: r.resourceId ? `#${String(r.resourceId).slice(-8)}` : undefined },
      changes: { text: changes(r.before, r.after) },
    },
  }),
}
