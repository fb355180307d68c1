/**
 * The server side of the list tables: for each table of ./spec.ts, how to load one page
 * through the services and show it (./views.ts). Pages render the first page with the page
 * itself (no JavaScript needed to see it); the island asks /v1/tables/{kind} for the others.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { PAGE_SIZE, readTableState, type TableState } from '../../../design-system/components/table/table-state'
import type { DataTableProps, TableFilter } from '../../../islands/data-table/props'
import { auditPage } from '../../modules/audit'
import { clientBookingsPage, clientGroupsPage, clientInvoicesPage, clientPaymentsPage, clientWorkshopsPage } from '../../modules/bookings'
import { coachBookingsPage, coachFeedbacksPage, coachPayoutsPage, coachWorkshopsPage, workshopHistoryPage, workshopInvoicesPage } from '../../modules/coach'
import { teamDocumentsPage } from '../../modules/payments'
import { transfersPage } from '../../modules/payouts'
import { teamInvitationsPage, teamMembersPage } from '../../modules/teams'
import type { User } from '../../modules/users'
import { vouchersPage, voucherUsagePage } from '../../modules/vouchers'
import { forbidden } from '../../platform/http/errors'
import type { PageContext } from '../routes'
import { pageTeam } from '../team'
import { type FilterSpec, filterKeys, permissionOf, TABLES, type TableKind } from './spec'
import { displayRows, VIEWS } from './views'

type Scope = Record<string, string>
/** `team`: the current team's id (coach tables show the current team's rows only), or null. */
type Loader = (em: EntityManager, user: User, state: TableState, scope: Scope, team: string | null) => Promise<{ rows: unknown[]; total: number; page: number }>
const none = async () => ({ rows: [], total: 0, page: 0 })

const LOADERS: Record<TableKind, Loader> = {
  'team-audit': async (em, _u, q, _s, t) => {
    if (!t) return none()
    const f = q.filters
    const r = await auditPage(em, { tenantId: t, actor: f.actor, resource: f.resource, from: f.from, to: f.to }, PAGE_SIZE, q.page * PAGE_SIZE)
    return { rows: r.rows, total: r.total, page: q.page }
  },
  'team-documents': async (em, _u, q, _s, t) => {
    if (!t) return none()
    const r = await teamDocumentsPage(em, t, { ...q, pageSize: PAGE_SIZE })
    return { rows: r.rows, total: r.total, page: q.page }
  },
  'client-bookings': (em, u, q, s) => clientBookingsPage(em, u.id, q, { workshopId: s.workshop, ended: s.ended === '1' }),
  'client-payments': (em, u, q, s) => clientPaymentsPage(em, u.id, q, { bookingId: s.booking }),
  'client-invoices': (em, u, q, s) => clientInvoicesPage(em, u.id, q, { bookingId: s.booking }),
  'client-groups': (em, u, q) => clientGroupsPage(em, u, q),
  'client-workshops': (em, u, q) => clientWorkshopsPage(em, u.id, q),
  'coach-bookings': (em, u, q, _s, t) => coachBookingsPage(em, u.id, t, q),
  'coach-workshops': (em, u, q, s, t) => coachWorkshopsPage(em, u.id, t, q, { deleted: s.deleted === '1' }),
  'coach-invoices': (em, u, q, s, t) => workshopInvoicesPage(em, u.id, t, s.workshop, q),
  'coach-history': (em, u, q, s, t) => workshopHistoryPage(em, u.id, t, s.workshop, q),
  'coach-feedbacks': (em, u, q, _s, t) => coachFeedbacksPage(em, u.id, t, q),
  // The account's payouts: every team's (see the README's Teams section).
  'coach-payouts': (em, u, q, s) => coachPayoutsPage(em, u.id, q, { workshop: s.workshop }),
  'team-members': (em, _u, q, s, t) => (t ? teamMembersPage(em, t, q, { who: s.who === 'team' || s.who === 'clients' ? s.who : undefined }) : none()),
  'team-invitations': (em, _u, q, _s, t) => (t ? teamInvitationsPage(em, t, q) : none()),
  vouchers: (em, _u, q, _s, t) => (t ? vouchersPage(em, t, q) : none()),
  'voucher-usage': (em, _u, q, s, t) => (t ? voucherUsagePage(em, t, s.voucher, q) : none()),
  'coach-transfers': (em, u, q, s) =>
    transfersPage(
      em,
      { coachId: u.id, workshopId: s.workshop ?? q.filters.workshop ?? null, scheduleId: q.filters.schedule ?? null, status: q.filters.status ?? null },
      q,
    ),
}

export const isTableKind = (k: string): k is TableKind => Object.hasOwn(TABLES, k)

/** Only the scope names the table knows, as strings (the bookings' link pattern rides along). */
export function scopeOf(kind: TableKind, raw: Record<string, string | undefined>): Scope {
  const out: Scope = {}
  for (const key of [...(TABLES[kind].scope as readonly string[]), 'href']) if (raw[key]) out[key] = String(raw[key]).slice(0, 200)
  // Only links of the area: a path with the row's id.
  if (out.href && !/^\/b\/workshops\/[\w-]+\/bookings\/\{id\}$/.test(out.href)) delete out.href
  return out
}

/** The `tz` cookie the shell sets, else UTC (as the pages' useTz). */
export function tzOf(cookieTz: string | undefined): string {
  return cookieTz && /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(cookieTz) ? cookieTz : 'UTC'
}

/** One page of a table's rows (from the services), with the state as served (a page past the end becomes the last one). */
async function loadRows(em: EntityManager, user: User, kind: TableKind, state: TableState, scope: Scope, team: string | null) {
  const res = await LOADERS[kind](em, user, state, scope, team)
  return { rows: res.rows as Record<string, unknown>[], total: res.total, state: { ...state, page: res.page } }
}

/** One page of a table as the island shows it (the data endpoint; the caller checked the table's permission in `team`). */
export async function loadTable(em: EntityManager, user: User, kind: TableKind, state: TableState, scope: Scope, tz: string, team: string | null) {
  const data = await loadRows(em, user, kind, state, scope, team)
  return { ...data, rows: displayRows(kind, data.rows, { tz, bookingHref: scope.href, me: user.id, inWorkshop: !!scope.workshop }) }
}

export interface TableOptions {
  prefix?: string
  scope?: Scope
  /** Options of the select filters that come from data (schedules, workshops). */
  options?: Record<string, [string, string][]>
  bookingHref?: string
  bare?: boolean
  reload?: boolean
  /** In place of the table's own empty state. */
  empty?: DataTableProps['empty']
}
export type TableData = Awaited<ReturnType<typeof loadTableData>>

/** In a page's load: the first page of a table, from the page's URL (rows as the services give them). */
export async function loadTableData(ctx: PageContext, kind: TableKind, opts: TableOptions = {}) {
  const state = readTableState(ctx.url.searchParams, filterKeys(kind), opts.prefix)
  const scope = scopeOf(kind, { ...opts.scope, href: opts.bookingHref })
  let team: string | null = null
  if (TABLES[kind].area === 'coach') {
    const t = await pageTeam(ctx)
    const can = permissionOf(kind)
    if (can && !t.may[can as keyof typeof t.may]) throw forbidden()
    team = t.tenant?.id ?? null
  }
  const data = await loadRows(ctx.em, ctx.user!, kind, state, scope, team)
  return { kind, ...data, scope, opts, path: ctx.url.pathname, search: ctx.url.search, me: ctx.user!.id }
}

/** In a page's render: the island's props (rows formatted in the viewer's time zone; the label names the table). */
export function tableView(data: TableData, tz: string, label: string): DataTableProps {
  const { kind, opts, scope } = data
  const view = VIEWS[kind]
  const filters = (TABLES[kind].filters as readonly FilterSpec[]).map(
    (f): TableFilter => (f.type === 'select' ? { ...f, options: [...(f.options ?? opts.options?.[f.key] ?? [])] } : f),
  )
  return {
    kind,
    label,
    columns: view.columns,
    rows: displayRows(kind, data.rows, { tz, bookingHref: scope.href, me: data.me, inWorkshop: !!scope.workshop }),
    total: data.total,
    state: data.state,
    filters,
    path: data.path,
    search: data.search,
    prefix: opts.prefix,
    scope,
    empty: opts.empty ?? view.empty,
    action: view.action,
    bare: opts.bare,
    reload: opts.reload,
  }
}
