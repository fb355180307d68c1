/**
 * The client area's lists on the design system's data table (section 9: page index 0, size 10,
 * sort, shift-click multi-sort, filters, row selection where an action applies to many), with
 * empty states that say what to do next.
 */
import { useMemo, useState } from 'react'
import { css } from 'styled-system/css'
import { button } from 'styled-system/recipes/button'
import { DataTable } from '../../design-system/components/table/data-table'
import { bookingColumns, groupColumns, invoiceColumns, paymentColumns, workshopColumns } from './columns'
import type { ClientTableProps } from './props'

const control = css({
  h: '9',
  px: '2.5',
  borderRadius: 'l2',
  borderWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.default',
  color: 'fg.default',
  fontSize: 'sm',
  minW: '0',
})

const EMPTY: Record<ClientTableProps['kind'], { text: string; href?: string; cta?: string }> = {
  bookings: { text: 'No bookings here yet. Find a workshop and book your seats.', href: '/workshops', cta: 'Browse workshops' },
  payments: { text: 'No payments yet. Payments and refunds of your bookings show up here.', href: '/workshops', cta: 'Browse workshops' },
  invoices: { text: 'No invoices yet. An invoice is issued when a booking is paid.' },
  groups: { text: 'No one shares your bookings yet. Invite people to the free seats of a booking.', href: '/b/bookings', cta: 'Go to my bookings' },
  workshops: { text: 'You have no workshops yet. Book a seat and the workshop appears here.', href: '/workshops', cta: 'Browse workshops' },
}

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

export default function ClientTable({ kind, rows, tz, bookingHref, label }: ClientTableProps) {
  const [q, setQ] = useState('')
  const [status, setStatus] = useState('')
  const [when, setWhen] = useState('')
  const [selected, setSelected] = useState<string[]>([])
  const columns = useMemo(() => {
    switch (kind) {
      case 'bookings':
        return bookingColumns(tz, (id) => (bookingHref ? bookingHref.replace('{id}', id) : `/b/bookings/${id}`))
      case 'payments':
        return paymentColumns(tz)
      case 'invoices':
        return invoiceColumns(tz)
      case 'groups':
        return groupColumns(tz)
      default:
        return workshopColumns(tz)
    }
  }, [kind, tz, bookingHref])
  const now = Date.now()
  const data = useMemo(
    () =>
      rows.filter((r: any) => {
        if (kind === 'bookings') {
          if (status && r.status !== status) return false
          if (when === 'upcoming' && new Date(r.schedule.startDate).getTime() <= now) return false
          if (when === 'past' && new Date(r.schedule.startDate).getTime() > now) return false
        }
        if (kind === 'payments' && status && r.kind !== status) return false
        return true
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [rows, kind, status, when, now],
  )
  const empty = EMPTY[kind]
  const selectable = kind === 'bookings' || kind === 'invoices'
  const filtered = rows.length > 0 && data.length === 0
  const ariaLabel = label ?? kind[0].toUpperCase() + kind.slice(1)

  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '3', minW: '0' })}>
      {rows.length > 0 ? (
        <div
          className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' })}
          role="group"
          aria-label={`Filter ${ariaLabel.toLowerCase()}`}
        >
          <input
            type="search"
            aria-label={`Search ${ariaLabel.toLowerCase()}`}
            placeholder="Search…"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            className={`${control} ${css({ flex: '1', minW: '40', maxW: 'xs' })}`}
          />
          {kind === 'bookings' ? (
            <>
              <select aria-label="Status" className={control} value={status} onChange={(e) => setStatus(e.target.value)}>
                <option value="">All statuses</option>
                <option value="PENDING">Waiting for payment</option>
                <option value="CONFIRMED">Confirmed</option>
                <option value="COMPLETED">Completed</option>
                <option value="CANCELLED">Cancelled</option>
                <option value="NO_SHOW">No-show</option>
              </select>
              <select aria-label="When" className={control} value={when} onChange={(e) => setWhen(e.target.value)}>
                <option value="">Any time</option>
                <option value="upcoming">Upcoming</option>
                <option value="past">Past</option>
              </select>
            </>
          ) : null}
          {kind === 'payments' ? (
            <select aria-label="Type" className={control} value={status} onChange={(e) => setStatus(e.target.value)}>
              <option value="">Payments and refunds</option>
              <option value="payment">Payments</option>
              <option value="refund">Refunds</option>
            </select>
          ) : null}
          {selectable && selected.length ? (
            <button
              type="button"
              className={button({ variant: 'outline', size: 'sm' })}
              onClick={() =>
                download(
                  kind === 'bookings'
                    ? selected.map((id) => `/v1/bookings/${id}/calendar.ics`)
                    : rows.filter((r: any) => selected.includes(r.id)).map((r: any) => r.url),
                )
              }
            >
              {kind === 'bookings' ? `Add ${selected.length} to calendar` : `Download ${selected.length} selected`}
            </button>
          ) : null}
        </div>
      ) : null}
      <DataTable
        aria-label={ariaLabel}
        data={data as any[]}
        columns={columns as any}
        getRowId={(r: any, i) => r.id ?? r.key ?? String(i)}
        globalFilter={q}
        enableRowSelection={selectable && rows.length > 0}
        onRowSelectionChange={setSelected}
        variant="outline"
        emptyText={
          filtered ? (
            'Nothing matches these filters. Clear the search or pick another status.'
          ) : (
            <span>
              {empty.text}{' '}
              {empty.href ? (
                <a href={empty.href} className={css({ color: 'fg.default', fontWeight: 'medium', textDecoration: 'underline' })}>
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
