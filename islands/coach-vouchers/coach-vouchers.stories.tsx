import type { Meta, StoryObj } from '@storybook/react-vite'
import type { DataTableProps } from '../data-table/props'
import CoachVouchers from './index'

const meta = { title: 'Islands/CoachVouchers', component: CoachVouchers } satisfies Meta<typeof CoachVouchers>
export default meta

const voucher = (id: string, code: string, discountType: 'percentage' | 'fixed' | 'free', discountValue: number, disabled = false) => ({
  id,
  code,
  discountType,
  discountValue,
  maxDiscount: null,
  maxUses: 10,
  expiresAt: null,
  modelType: null,
  modelId: null,
  disabled,
})
const row = (v: ReturnType<typeof voucher>, value: string, status: [string, string]) => ({
  id: v.id,
  cells: {
    code: { text: v.code, href: `/c/vouchers/${v.id}` },
    value: { text: value, sub: v.discountType },
    uses: { text: '2 / 10' },
    expires: { text: 'Never' },
    scope: { text: 'All workshops' },
    status: { text: status[0], tone: status[1] },
  },
  data: { ...v },
})
const table = (rows: DataTableProps['rows']): DataTableProps => ({
  kind: 'vouchers',
  label: 'Vouchers',
  columns: [
    { id: 'code', header: 'Code', width: 150, sortable: true },
    { id: 'value', header: 'Discount', width: 160 },
    { id: 'uses', header: 'Uses', width: 90, sortable: true, align: 'end' },
    { id: 'expires', header: 'Expires', width: 130, sortable: true },
    { id: 'scope', header: 'Applies to', width: 150 },
    { id: 'status', header: 'Status', width: 100, sortable: true },
  ],
  rows,
  total: rows.length,
  state: { page: 0, sort: [], filters: {} },
  filters: [],
  path: '/c/vouchers',
  search: '',
  empty: { text: 'No vouchers yet: create one with New voucher, for a launch or for friends.' },
})

export const List: StoryObj<typeof meta> = {
  args: {
    mode: 'list',
    currency: 'usd',

    table: table([
      row(voucher('v1', 'LAUNCH20', 'percentage', 20), '20% off', ['Active', 'green']),
      row(voucher('v2', 'TENOFF', 'fixed', 10, true), '$10.00 off', ['Disabled', 'gray']),
      row(voucher('v3', 'GUESTPASS', 'free', 0), 'Free seats', ['Active', 'green']),
    ]),
  },
}
export const Empty: StoryObj<typeof meta> = { args: { mode: 'list', currency: 'usd', table: table([]) } }
/** One voucher's page: edit and disable. */
export const Detail: StoryObj<typeof meta> = { args: { mode: 'detail', currency: 'usd', voucher: voucher('v1', 'LAUNCH20', 'percentage', 20) } }
