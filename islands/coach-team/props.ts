import * as v from 'valibot'
import { DataTableProps } from '../data-table/props'

/**
 * The team page: its members (roles and status) and, for managers, the invitations; the roles a
 * team may give. The tables are the server's first pages (server-side paging, sorting, filters).
 */
export const CoachTeamProps = v.object({
  team: v.string(),
  /** The viewer (their own row says "you"). */
  me: v.string(),
  /** Holds members.manage in this team: invite, change roles, remove; else the list is read-only. */
  canManage: v.boolean(),
  roles: v.array(v.object({ name: v.string(), description: v.nullable(v.string()) })),
  members: DataTableProps,
  /** People with access and no team role (clients of the team): listed apart, never removed like a colleague. */
  clients: v.optional(v.nullable(DataTableProps)),
  invitations: v.nullable(DataTableProps),
})
export type CoachTeamProps = v.InferOutput<typeof CoachTeamProps>
