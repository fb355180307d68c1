/**
 * Every list of the client and coach areas (section 9): the server pages, sorts and filters;
 * this island keeps the state in the URL (reload and back keep the page, the sort and the
 * filters), asks /v1/tables/{kind} for the page it needs, and offers the actions that apply
 * to many rows. Its first render is the page the server rendered, so it shows without JS.
 */
import { useEffect, useMemo, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { button } from 'styled-system/recipes/button'
import { PagedTable } from '../../design-system/components/table/paged-table'
import { readTableState, type TableState, writeTableState } from '../../design-system/components/table/table-state'
import { bookingColumns, groupColumns, invoiceColumns, paymentColumns, workshopColumns } from './client-columns'
import { coachBookingColumns, coachFeedbackColumns, coachPayoutColumns } from './coach-columns'
import { Filters } from './filters'
import type { DataTableProps } from './props'
import { filterKeys, SCOPE_PREFIX, type TableKind } from './spec'

const EMPTY: Record<TableKind, { text: string; href?: string; cta?: string }> = {
  'client-bookings': { text: 'No bookings here yet. Find a workshop and book your seats.', href: '/workshops', cta: 'Browse workshops' },
  'client-payments': { text: 'No payments yet. Payments and refunds of your bookings show up here.', href: '/workshops', cta: 'Browse workshops' },
  'client-invoices': { text: 'No invoices yet. An invoice is issued when a booking is paid.' },
  'client-groups': { text: 'No one shares your bookings yet. Invite people to the free seats of a booking.', href: '/b/bookings', cta: 'Go to my bookings' },
  'client-workshops': { text: 'You have no workshops yet. Book a seat and the workshop appears here.', href: '/workshops', cta: 'Browse workshops' },
  'coach-bookings': { text: 'No bookings yet. Publish a schedule so clients can book it.', href: '/c/workshops', cta: 'Go to my workshops' },
  'coach-feedbacks': { text: 'No feedback yet: attendees can rate a session once it has ended.' },
  'coach-payouts': { text: 'No payouts yet: they appear once bookings are paid.', href: '/c/workshops', cta: 'Go to my workshops' },
}

const STACK = css({ display: 'flex', flexDir: 'column', gap: '3', minW: '0' })
const CTA = css({ color: 'fg.default', fontWeight: 'medium', textDecoration: 'underline' })
const ALERT = css({ color: 'fg.error', fontSize: 'sm' })

function download(urls: string[]) {
  for (const url of urls) {
    const a = document.createElement('a')
    a.href = url
    a.download = ''
    document.body.appendChild(a)
    a.click()
    a.remove()
  }
}

function columnsOf(p: DataTableProps) {
  switch (p.kind) {
    case 'client-bookings':
      return bookingColumns(p.tz, (id) => (p.bookingHref ? p.bookingHref.replace('{id}', id) : `/b/bookings/${id}`))
    case 'client-payments':
      return paymentColumns(p.tz)
    case 'client-invoices':
      return invoiceColumns(p.tz)
    case 'client-groups':
      return groupColumns(p.tz)
    case 'client-workshops':
      return workshopColumns(p.tz)
    case 'coach-bookings':
      return coachBookingColumns()
    case 'coach-feedbacks':
      return coachFeedbackColumns(p.tz)
    default:
      return coachPayoutColumns()
  }
}

export default function DataTable(props: DataTableProps) {
  const { kind, path, prefix = '', scope } = props
  const keys = useMemo(() => filterKeys(kind), [kind])
  const columns = useMemo(() => columnsOf(props), [props])
  const [view, setView] = useState({ rows: props.rows, total: props.total, state: props.state as TableState, search: props.search })
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(false)
  const [selected, setSelected] = useState<string[]>([])
  const live = useRef<AbortController | null>(null)

  const href = (state: TableState) => path + writeTableState(new URLSearchParams(view.search), state, keys, prefix)

  async function load(state: TableState, search: string) {
    live.current?.abort()
    const ctl = new AbortController()
    live.current = ctl
    const q = new URLSearchParams(writeTableState(new URLSearchParams(), state, keys).slice(1))
    for (const [k, v] of Object.entries(scope ?? {})) q.set(SCOPE_PREFIX + k, v)
    setBusy(true)
    try {
      const res = await fetch(`/v1/tables/${kind}?${q}`, { headers: { accept: 'application/json' }, signal: ctl.signal })
      if (!res.ok) throw new Error(String(res.status))
      const data = (await res.json()) as { rows: Record<string, unknown>[]; total: number; state: TableState }
      if (ctl.signal.aborted) return
      setView({ rows: data.rows, total: data.total, state: data.state, search })
      setSelected([])
      setFailed(false)
    } catch (err) {
      if ((err as Error).name !== 'AbortError') setFailed(true)
    } finally {
      if (live.current === ctl) setBusy(false)
    }
  }

  function navigate(state: TableState) {
    const url = href(state)
    history.pushState(history.state, '', url)
    // Shown at once; the rows follow.
    setView((v) => ({ ...v, state, search: location.search }))
    void load(state, location.search)
  }

  function setFilters(filters: Record<string, string>) {
    const next = { ...view.state, page: 0, filters }
    if (props.reload) location.assign(href(next))
    else navigate(next)
  }

  // Back and forward: the URL says which page, sort and filters.
  useEffect(() => {
    const onPop = () => {
      const state = readTableState(new URLSearchParams(location.search), keys, prefix)
      setView((v) => ({ ...v, state, search: location.search }))
      void load(state, location.search)
    }
    addEventListener('popstate', onPop)
    return () => removeEventListener('popstate', onPop)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [keys, prefix])

  const filtered = Object.keys(view.state.filters).length > 0
  const empty = EMPTY[kind]
  const selectable = kind === 'client-bookings' || kind === 'client-invoices'
  const hasRows = view.total > 0 || filtered

  return (
    <div className={STACK}>
      {!props.bare && hasRows ? (
        <Filters kind={kind} label={props.label} prefix={prefix} path={path} state={view.state} options={props.options} onChange={setFilters}>
          {selectable && selected.length ? (
            <button
              type="button"
              className={button({ variant: 'outline', size: 'sm' })}
              onClick={() =>
                download(
                  kind === 'client-bookings'
                    ? selected.map((id) => `/v1/bookings/${id}/calendar.ics`)
                    : view.rows.filter((r) => selected.includes(String(r.id))).map((r) => String(r.url)),
                )
              }
            >
              {kind === 'client-bookings' ? `Add ${selected.length} to calendar` : `Download ${selected.length} selected`}
            </button>
          ) : null}
        </Filters>
      ) : null}
      {failed ? (
        <p role="alert" className={ALERT}>
          Something went wrong! This page of the list could not be loaded.
        </p>
      ) : null}
      <PagedTable
        aria-label={props.label}
        columns={columns}
        rows={view.rows}
        total={view.total}
        state={view.state}
        href={href}
        onStateChange={navigate}
        rowId={(r) => String(r.id)}
        selected={selectable ? selected : undefined}
        onSelectedChange={selectable && view.rows.length ? setSelected : undefined}
        busy={busy}
        empty={
          filtered ? (
            <span>
              Nothing matches these filters.{' '}
              <a
                className={CTA}
                href={href({ ...view.state, page: 0, filters: {} })}
                onClick={(e) => {
                  e.preventDefault()
                  setFilters({})
                }}
              >
                Clear the filters
              </a>
            </span>
          ) : (
            <span>
              {empty.text}{' '}
              {empty.href ? (
                <a href={empty.href} className={CTA}>
                  {empty.cta}
                </a>
              ) : null}
            </span>
          )
        }
      />
    </div>
  )
}
