import type { Meta, StoryObj } from '@storybook/react-vite'
import type { DataTableProps } from '../data-table/props'
import CoachTeam from './index'

const meta = { title: 'Islands/CoachTeam', component: CoachTeam } satisfies Meta<typeof CoachTeam>
export default meta

const roles = [
  { name: 'coach', description: 'Coaches and consultants who run workshops' },
  { name: 'manager', description: 'Runs a team: its members, invitations and roles, vouchers, every booking and its settings' },
]
const state = { page: 0, sort: [], filters: {} }
const member = (id: string, name: string, email: string, teamRoles: string[], status = 'ACTIVE') => ({
  id,
  cells: {
    name: { text: name, sub: email },
    roles: { text: teamRoles.map((r) => r[0].toUpperCase() + r.slice(1)).join(', ') || 'No team role', sub: 'Account: Coach' },
    status: { text: status === 'ACTIVE' ? 'Active' : 'Suspended', tone: status === 'ACTIVE' ? 'green' : 'red' },
    joined: { text: 'Nov 25, 2026' },
  },
  data: { userId: `u-${id}`, name, roles: teamRoles, status, manager: teamRoles.includes('manager') },
})
const members = (rows: DataTableProps['rows']): DataTableProps => ({
  kind: 'team-members',
  label: 'Members',
  columns: [
    { id: 'name', header: 'Member', width: 260, sortable: true },
    { id: 'roles', header: 'Team roles', width: 200 },
    { id: 'status', header: 'Status', width: 120, sortable: true },
    { id: 'joined', header: 'Joined', width: 130, sortable: true },
  ],
  rows,
  total: rows.length,
  state,
  filters: [{ key: 'q', label: 'Search members', type: 'search', placeholder: 'Name or email' }],
  path: '/c/team',
  search: '',
  empty: { text: 'No members match.' },
})
const invitations = (rows: DataTableProps['rows']): DataTableProps => ({
  kind: 'team-invitations',
  label: 'Invitations',
  columns: [
    { id: 'email', header: 'Email', width: 200, sortable: true },
    { id: 'roles', header: 'Roles', width: 110 },
    { id: 'status', header: 'Status', width: 110, sortable: true },
    { id: 'sent', header: 'Sent', width: 140, sortable: true },
    { id: 'expires', header: 'Expires', width: 150, sortable: true },
  ],
  rows,
  total: rows.length,
  state,
  filters: [],
  path: '/c/team',
  search: '',
  prefix: 'inv-',
  empty: { text: 'No invitations waiting. Invite someone by email with Invite member.' },
})
const team = [member('m1', 'Maya Okafor', 'maya@acme.example', ['manager', 'coach']), member('m2', 'Leo Martins', 'leo@acme.example', ['coach'])]
/** Clients who book the team's private sessions: no team role, listed apart. */
const clientsOf = (rows: DataTableProps['rows']): DataTableProps => ({
  ...members(rows),
  label: 'Clients with access',
  prefix: 'cl-',
  scope: { who: 'clients' },
})
const clients = [
  {
    ...member('m3', 'Dana Reyes', 'dana@summit.localhost', []),
    cells: { ...member('m3', 'Dana Reyes', 'dana@summit.localhost', []).cells, roles: { text: 'No team role' } },
  },
]
const waiting = [
  {
    id: 'i1',
    cells: {
      email: { text: 'nina@summit.localhost' },
      roles: { text: 'Coach' },
      status: { text: 'Waiting', tone: 'amber' },
      sent: { text: 'Nov 24, 2026', sub: 'by Maya Okafor' },
      expires: { text: 'Dec 1, 2026, 6:01 PM' },
    },
    data: { email: 'nina@summit.localhost', status: 'PENDING' },
  },
]

/** A manager: invite, change roles, remove; clients apart (a role, never Remove); invitations with resend and withdraw. */
export const Manager: StoryObj<typeof meta> = {
  args: {
    team: 'Acme Coaching',
    me: 'u-m1',
    canManage: true,
    roles,
    members: members(team),
    clients: clientsOf(clients),
    invitations: invitations(waiting),
  },
}
/** A plain coach: the members, read-only. */
export const ReadOnly: StoryObj<typeof meta> = {
  args: { team: 'Acme Coaching', me: 'u-m2', canManage: false, roles, members: members(team), invitations: null },
}
/** Nothing waiting. */
export const NoInvitations: StoryObj<typeof meta> = {
  args: { team: 'Acme Coaching', me: 'u-m1', canManage: true, roles, members: members(team.slice(0, 1)), invitations: invitations([]) },
}
