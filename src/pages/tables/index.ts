/**
 * The server side of the list tables: for each table of islands/data-table/spec.ts, how to
 * load one page through the services. Pages render the first page with the page itself (no
 * JavaScript needed to see it); the island asks /v1/tables/{kind} for the next ones.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { readTableState, type TableState } from '../../../design-system/components/table/table-state'
import type { DataTableProps } from '../../../islands/data-table/props'
import { filterKeys, SCOPE_PREFIX, TABLES, type TableKind } from '../../../islands/data-table/spec'
import { clientBookingsPage, clientGroupsPage, clientInvoicesPage, clientPaymentsPage, clientWorkshopsPage } from '../../modules/bookings'
import { coachBookingsPage, coachFeedbacksPage, coachPayoutsPage } from '../../modules/coach'
import type { User } from '../../modules/users'
import type { PageContext } from '../routes'

type Scope = Record<string, string>
type Loader = (em: EntityManager, user: User, state: TableState, scope: Scope) => Promise<{ rows: unknown[]; total: number; page: number }>

const LOADERS: Record<TableKind, Loader> = {
  'client-bookings': (em, u, q, s) => clientBookingsPage(em, u.id, q, { workshopId: s.workshop, ended: s.ended === '1' }),
  'client-payments': (em, u, q, s) => clientPaymentsPage(em, u.id, q, { bookingId: s.booking }),
  'client-invoices': (em, u, q, s) => clientInvoicesPage(em, u.id, q, { bookingId: s.booking }),
  'client-groups': (em, u, q) => clientGroupsPage(em, u, q),
  'client-workshops': (em, u, q) => clientWorkshopsPage(em, u.id, q),
  'coach-bookings': (em, u, q) => coachBookingsPage(em, u.id, q),
  'coach-feedbacks': (em, u, q) => coachFeedbacksPage(em, u.id, q),
  'coach-payouts': (em, u, q, s) => coachPayoutsPage(em, u.id, q, { workshop: s.workshop }),
}

export const isTableKind = (k: string): k is TableKind => Object.hasOwn(TABLES, k)

/** Only the scope names the table knows, as strings. */
export function scopeOf(kind: TableKind, raw: Record<string, string | undefined>): Scope {
  const out: Scope = {}
  for (const key of TABLES[kind].scope as readonly string[]) if (raw[key]) out[key] = String(raw[key]).slice(0, 100)
  return out
}

/** One page of a table, with the state as served (a page past the end becomes the last one); rows as plain JSON. */
export async function loadTable(em: EntityManager, user: User, kind: TableKind, state: TableState, scope: Scope) {
  const res = await LOADERS[kind](em, user, state, scope)
  return { rows: JSON.parse(JSON.stringify(res.rows)) as Record<string, unknown>[], total: res.total, state: { ...state, page: res.page } }
}

/** The island's props for a table of a page (but the time zone and the label, which the page adds): its first page, from the page's URL. */
export async function tableProps(
  ctx: PageContext,
  kind: TableKind,
  opts: { prefix?: string; scope?: Scope; options?: DataTableProps['options']; bookingHref?: string; bare?: boolean; reload?: boolean } = {},
): Promise<Omit<DataTableProps, 'tz' | 'label'>> {
  const state = readTableState(ctx.url.searchParams, filterKeys(kind), opts.prefix)
  const scope = scopeOf(kind, opts.scope ?? {})
  const data = await loadTable(ctx.em, ctx.user!, kind, state, scope)
  return { kind, ...data, path: ctx.url.pathname, search: ctx.url.search, ...opts, scope }
}

export { SCOPE_PREFIX }
