/**
 * Every list table of the client and coach areas: its filters (URL parameter names), the
 * scope a page fixes (one workshop, one booking...) and, for a team's tables, the permission
 * that reads it (checked by the access context in the current team). The island gets them in
 * its props and writes the same names to the URL that the server reads.
 */
import { AUDIT_RESOURCES } from '../../modules/audit/audit.schema'
import type { PermissionName } from '../../modules/roles'
import {
  BOOKING_STATUS as BOOKING_WORDS,
  MEMBER_STATUS,
  MODE_LABEL,
  optionsOf,
  TEAM_INVITATION_STATUS,
  TRANSFER_STATUS,
  VOUCHER_STATUS,
} from '../../shared/vocabulary'
import { count } from '../../shared/words'

export type FilterSpec =
  | { key: string; label: string; type: 'search'; placeholder?: string }
  | { key: string; label: string; type: 'date' }
  | { key: string; label: string; type: 'select'; all: string; options?: [string, string][] }

// Filter options say each state as every page does (src/shared/vocabulary.ts).
const BOOKING_STATUS = optionsOf(BOOKING_WORDS)

export const TABLES = {
  'team-audit': {
    area: 'coach',
    scope: [],
    can: 'audit.view',
    filters: [
      { key: 'actor', label: 'Who', type: 'search', placeholder: 'Email of a member' },
      { key: 'resource', label: 'What', type: 'select', all: 'Everything', options: AUDIT_RESOURCES },
      { key: 'from', label: 'From', type: 'date' },
      { key: 'to', label: 'To', type: 'date' },
    ],
  },
  // The team's invoices and credit notes (/c/invoices): its managers' (invoices.view, like GET /v1/t/invoices).
  'team-documents': {
    area: 'coach',
    scope: [],
    can: 'invoices.view',
    filters: [
      { key: 'q', label: 'Search documents', type: 'search', placeholder: 'Client, company, workshop or number' },
      {
        key: 'kind',
        label: 'Document',
        type: 'select',
        all: 'Invoices and credit notes',
        options: [
          ['invoice', 'Invoices'],
          ['credit_note', 'Credit notes'],
        ],
      },
      { key: 'from', label: 'From', type: 'date' },
      { key: 'to', label: 'To', type: 'date' },
    ],
  },
  'client-bookings': {
    area: 'client',
    scope: ['workshop', 'ended'],
    filters: [
      { key: 'q', label: 'Search bookings', type: 'search', placeholder: 'Workshop or coach' },
      { key: 'status', label: 'Status', type: 'select', all: 'All statuses', options: BOOKING_STATUS },
      {
        key: 'when',
        label: 'When',
        type: 'select',
        all: 'Any time',
        options: [
          ['upcoming', 'Upcoming'],
          ['past', 'Past'],
        ],
      },
    ],
  },
  'client-payments': {
    area: 'client',
    scope: ['booking'],
    filters: [
      { key: 'q', label: 'Search payments', type: 'search', placeholder: 'Workshop' },
      {
        key: 'type',
        label: 'Type',
        type: 'select',
        all: 'Payments and refunds',
        options: [
          ['payment', 'Payments'],
          ['refund', 'Refunds'],
        ],
      },
    ],
  },
  'client-invoices': { area: 'client', scope: ['booking'], filters: [{ key: 'q', label: 'Search invoices', type: 'search', placeholder: 'Workshop' }] },
  'client-groups': {
    area: 'client',
    scope: [],
    filters: [
      { key: 'q', label: 'Search people', type: 'search', placeholder: 'Name or email' },
      {
        key: 'status',
        label: 'Seat',
        type: 'select',
        all: 'Any seat',
        options: [
          ['ACCEPTED', 'Accepted'],
          ['PENDING', 'Invited'],
        ],
      },
    ],
  },
  'client-workshops': { area: 'client', scope: [], filters: [{ key: 'q', label: 'Search workshops', type: 'search', placeholder: 'Title or coach' }] },
  'coach-bookings': {
    area: 'coach',
    scope: [],
    filters: [
      { key: 'q', label: 'Client', type: 'search', placeholder: 'Name, email or workshop' },
      { key: 'schedule', label: 'Schedule', type: 'select', all: 'All schedules' },
      { key: 'status', label: 'Status', type: 'select', all: 'Any status', options: BOOKING_STATUS },
      { key: 'from', label: 'From', type: 'date' },
      { key: 'to', label: 'To', type: 'date' },
    ],
  },
  'coach-workshops': { area: 'coach', scope: ['deleted'], filters: [{ key: 'q', label: 'Search workshops', type: 'search', placeholder: 'Title' }] },
  'coach-invoices': {
    area: 'coach',
    scope: ['workshop'],
    filters: [{ key: 'status', label: 'Status', type: 'select', all: 'Any status', options: BOOKING_STATUS }],
  },
  'coach-history': {
    area: 'coach',
    scope: ['workshop'],
    filters: [
      {
        key: 'mode',
        label: 'Mode',
        type: 'select',
        all: 'Any mode',
        options: optionsOf(MODE_LABEL),
      },
    ],
  },
  'coach-feedbacks': {
    area: 'coach',
    scope: [],
    filters: [
      { key: 'workshop', label: 'Workshop', type: 'select', all: 'All workshops' },
      { key: 'schedule', label: 'Schedule', type: 'select', all: 'All schedules' },
      {
        key: 'rating',
        label: 'Rating',
        type: 'select',
        all: 'Any',
        options: ['5', '4', '3', '2', '1'].map((r) => [r, count(Number(r), 'star')] as [string, string]),
      },
    ],
  },
  'team-members': {
    area: 'coach',
    // `who`: team (people with a team role) or clients (access, no team role).
    scope: ['who'],
    can: 'members.view',
    filters: [
      { key: 'q', label: 'Search members', type: 'search', placeholder: 'Name or email' },
      { key: 'role', label: 'Role', type: 'select', all: 'Any role' },
      {
        key: 'status',
        label: 'Status',
        type: 'select',
        all: 'Any status',
        options: optionsOf(MEMBER_STATUS),
      },
    ],
  },
  'team-invitations': {
    area: 'coach',
    scope: [],
    can: 'members.manage',
    filters: [
      { key: 'q', label: 'Search invitations', type: 'search', placeholder: 'Email' },
      {
        key: 'status',
        label: 'Status',
        type: 'select',
        all: 'Waiting and expired',
        options: optionsOf(TEAM_INVITATION_STATUS),
      },
    ],
  },
  vouchers: {
    area: 'coach',
    scope: [],
    can: 'vouchers.manage',
    filters: [
      { key: 'q', label: 'Search codes', type: 'search', placeholder: 'Code' },
      {
        key: 'kind',
        label: 'Kind',
        type: 'select',
        all: 'Any kind',
        options: [
          ['percentage', 'Percentage'],
          ['fixed', 'Fixed amount'],
          ['free', 'Free'],
        ],
      },
      {
        key: 'status',
        label: 'Status',
        type: 'select',
        all: 'Any status',
        options: optionsOf(VOUCHER_STATUS),
      },
    ],
  },
  'voucher-usage': {
    area: 'coach',
    scope: ['voucher'],
    can: 'vouchers.manage',
    filters: [{ key: 'status', label: 'Status', type: 'select', all: 'Any status', options: BOOKING_STATUS }],
  },
  'coach-payouts': {
    area: 'coach',
    scope: ['workshop'],
    filters: [
      {
        key: 'status',
        label: 'Status',
        type: 'select',
        all: 'Pending and paid',
        options: [
          ['pending', 'Pending'],
          ['paid', 'Paid'],
        ],
      },
      { key: 'workshop', label: 'Workshop', type: 'select', all: 'All workshops' },
    ],
  },
  'coach-transfers': {
    area: 'coach',
    scope: ['workshop'],
    filters: [
      {
        key: 'status',
        label: 'Transfer',
        type: 'select',
        all: 'Any transfer state',
        options: optionsOf(TRANSFER_STATUS),
      },
      { key: 'workshop', label: 'Workshop', type: 'select', all: 'All workshops' },
      { key: 'schedule', label: 'Session', type: 'select', all: 'All sessions' },
    ],
  },
} as const satisfies Record<string, { area: 'client' | 'coach'; scope: readonly string[]; filters: readonly FilterSpec[]; can?: PermissionName }>

export type TableKind = keyof typeof TABLES
export const TABLE_KINDS = Object.keys(TABLES) as TableKind[]
export const filterKeys = (kind: TableKind): string[] => TABLES[kind].filters.map((f) => f.key)
/** The permission a table needs in the current team (team tables), or undefined. */
export const permissionOf = (kind: TableKind): PermissionName | undefined => (TABLES[kind] as { can?: PermissionName }).can
