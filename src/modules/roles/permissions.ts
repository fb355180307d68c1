/**
 * Every permission name Summit checks, with the roles that hold it by default. Seeded into
 * the permissions and roles tables; operators can change a role's list through the API.
 * super-admin passes every check without being listed.
 */
export const PERMISSIONS = {
  'tenants.manage': 'Create, change, delete and restore tenants',
  'users.manage': 'Manage every user, including roles and status',
  'roles.manage': 'Manage roles and permissions',
  'workshop-templates.manage': 'Manage workshop templates',
  'tags.manage': 'Manage the global tag list',
  'workshops.manage': 'Run own workshops, schedules and resources in the tenant',
  'bookings.create': 'Book seats and invite others',
  'bookings.manage': 'Manage every booking of the tenant',
  'vouchers.manage': 'Manage vouchers of the tenant',
  'job-postings.manage': 'Manage job postings of the tenant',
  'payouts.view': 'See own payouts and invoices',
  'payouts.manage': 'Mark payouts paid',
  'feedback.view': 'See feedback on own workshops',
  'members.view': 'See the members of the team and their roles',
  'members.manage': 'Invite, change and remove members of the team; rename the team',
  'invoices.view': "See the team's invoices and credit notes and download its tax report",
  'audit.view': "Read the team's audit log",
} as const

export type PermissionName = keyof typeof PERMISSIONS

export const DEFAULT_ROLES: Record<string, { description: string; permissions: PermissionName[] }> = {
  'super-admin': { description: 'Operators: every permission, every tenant', permissions: [] },
  coach: {
    description: 'Coaches and consultants who run workshops',
    permissions: ['workshops.manage', 'job-postings.manage', 'payouts.view', 'feedback.view', 'bookings.create', 'vouchers.manage', 'members.view'],
  },
  manager: {
    description: 'Runs a team: its members, invitations and roles, vouchers, every booking, its settings, its invoices and its audit log (a membership role)',
    permissions: ['members.view', 'members.manage', 'vouchers.manage', 'bookings.manage', 'invoices.view', 'audit.view'],
  },
  client: { description: 'Clients who book and pay for seats (default)', permissions: ['bookings.create'] },
}

export const SUPER_ADMIN = 'super-admin'

/** The built-in team role that runs a team: a team keeps at least one ACTIVE member holding it (or another role with members.manage). */
export const MANAGER_ROLE = 'manager'

/**
 * Permissions that act inside one team. A team manager may give a member only roles whose
 * permissions are all in this list (never an operator's permission such as users.manage).
 */
export const TEAM_PERMISSIONS: readonly PermissionName[] = [
  'workshops.manage',
  'bookings.create',
  'bookings.manage',
  'vouchers.manage',
  'job-postings.manage',
  'payouts.view',
  'feedback.view',
  'members.view',
  'members.manage',
  'invoices.view',
  'audit.view',
]

/** Role names that are never given through a team (the account-wide ones). */
export const ACCOUNT_ROLES = ['super-admin', 'client'] as const
