import type { Meta, StoryObj } from '@storybook/react-vite'
import { mockApi } from '../../.storybook/mock-api'
import DataTable from './index'
import type { DataTableProps, TableRow } from './props'

const rows: TableRow[] = [
  {
    id: 'b1',
    cells: {
      workshop: { text: 'Negotiation for founders', href: '/b/bookings/b1', sub: 'Maya Okafor' },
      date: { text: 'Tue 12 May 2026, 09:00' },
      status: { text: 'Confirmed', tone: 'green' },
      total: { text: '$240.00' },
    },
    act: '/v1/payments/bookings/b1/invoice',
  },
  {
    id: 'b2',
    cells: {
      workshop: { text: 'Storytelling for leaders', href: '/b/bookings/b2', sub: 'Jon Park' },
      date: { text: 'Fri 22 May 2026, 14:00' },
      status: { text: 'Pending', tone: 'amber' },
      total: { text: '$120.00' },
    },
  },
  {
    id: 'b3',
    cells: {
      workshop: { text: 'Feedback that lands', href: '/b/bookings/b3', sub: 'Maya Okafor' },
      date: { text: 'Mon 6 Apr 2026, 10:00' },
      status: { text: 'Cancelled', tone: 'red' },
      total: { text: '$90.00' },
    },
  },
]

const args: DataTableProps = {
  kind: 'client-bookings',
  label: 'Bookings',
  columns: [
    { id: 'workshop', header: 'Workshop', sortable: true },
    { id: 'date', header: 'Date', sortable: true },
    { id: 'status', header: 'Status' },
    { id: 'total', header: 'Total', align: 'end' },
  ],
  rows,
  total: 3,
  state: { page: 0, sort: [{ id: 'date', desc: false }], filters: {} },
  filters: [
    { key: 'q', label: 'Search', type: 'search', placeholder: 'Workshop or coach' },
    {
      key: 'status',
      label: 'Status',
      type: 'select',
      all: 'All statuses',
      options: [
        ['CONFIRMED', 'Confirmed'],
        ['PENDING', 'Pending'],
        ['CANCELLED', 'Cancelled'],
      ],
    },
    { key: 'from', label: 'From', type: 'date' },
  ],
  path: '/b/bookings',
  search: '',
  empty: { text: 'No bookings yet.', href: '/workshops', cta: 'Find a workshop' },
  action: 'Download {n} invoices',
}

const meta = { title: 'Islands/DataTable', component: DataTable, args } satisfies Meta<typeof DataTable>
export default meta
type Story = StoryObj<typeof meta>

/** A page of rows with the filter bar, sortable headers and row selection. */
export const Filled: Story = {}
/** Nothing yet: the empty state and its call to action (no filter bar). */
export const Empty: Story = { args: { rows: [], total: 0 } }
/** Filters that match nothing: the way back. */
export const NoMatch: Story = { args: { rows: [], total: 0, state: { page: 0, sort: [], filters: { status: 'CANCELLED', q: 'yoga' } } } }
/** Many pages: the pager. */
export const Paged: Story = { args: { total: 137, state: { page: 2, sort: [{ id: 'date', desc: true }], filters: {} } } }
/** A short list inside a detail page: no filter bar, no selection. */
export const Bare: Story = { args: { bare: true, action: undefined } }

/** Presses the first sortable header: the island asks the API for that page. */
const sortByFirstColumn = async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  canvasElement.querySelector<HTMLElement>('th a, th button')?.click()
}
const PAGE = 'GET /v1/tables/client-bookings'

/** Another page on its way: the table is busy. */
export const Loading: Story = { decorators: [mockApi({ [PAGE]: 'pending' })], play: sortByFirstColumn }
/** The page could not be loaded: the alert above the rows that stay. */
export const LoadFailed: Story = {
  decorators: [mockApi({ [PAGE]: { status: 503, body: { message: 'Unavailable' } } })],
  play: async (ctx) => {
    await sortByFirstColumn(ctx)
    for (let i = 0; i < 50 && !ctx.canvasElement.querySelector('[role=alert]'); i++) await new Promise((r) => setTimeout(r, 20))
  },
}
