/**
 * The team's vouchers: New voucher, and per voucher Edit and Disable (or Enable), on the list's
 * rows or on one voucher's page. The form, with the API's own voucher schema (section 5
 * messages), loads when its dialog first opens; a change reloads the list's page in place.
 */
import { PlusIcon } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { css } from 'styled-system/css'
import { Button } from '../../design-system/components/button/button'
import DataTable from '../data-table'
import type { TableRow } from '../data-table/props'
import { ApiError, patch } from '../lib/api'
import { notify } from '../lib/toast'
import type { CoachVouchersProps, VoucherEdit } from './props'

const VoucherForm = lazy(() => import('./form'))

const ACTIONS = css({ display: 'inline-flex', gap: '1.5', justifyContent: 'flex-end' })
const BAR = css({ display: 'flex', gap: '2', flexWrap: 'wrap', justifyContent: 'flex-end' })

const fromRow = (r: TableRow): VoucherEdit => ({ ...(r.data as Omit<VoucherEdit, 'id'>), id: r.id })

export default function CoachVouchers(props: CoachVouchersProps) {
  const [editing, setEditing] = useState<VoucherEdit | 'new' | null>(null)
  const [refresh, setRefresh] = useState(0)
  const [busy, setBusy] = useState('')

  async function toggle(v: VoucherEdit) {
    setBusy(v.id)
    try {
      await patch(`/v1/vouchers/${v.id}`, { disabled: !v.disabled }, { silent: true })
      notify({ type: 'success', title: v.disabled ? 'Voucher enabled' : 'Voucher disabled', description: v.code })
      if (props.mode === 'detail') location.reload()
      else setRefresh((n) => n + 1)
    } catch (err) {
      notify({ type: 'error', title: 'Something went wrong!', description: err instanceof ApiError ? err.message : undefined })
    } finally {
      setBusy('')
    }
  }
  const saved = (code: string, created: boolean) => {
    setEditing(null)
    notify({ type: 'success', title: created ? 'Voucher created' : 'Voucher saved', description: code })
    if (props.mode === 'detail') location.reload()
    else setRefresh((n) => n + 1)
  }

  const buttons = (v: VoucherEdit, size: 'xs' | 'sm') => (
    <>
      <Button size={size} variant="outline" aria-label={`Edit ${v.code}`} onClick={() => setEditing(v)}>
        Edit
      </Button>
      <Button size={size} variant="ghost" aria-label={`${v.disabled ? 'Enable' : 'Disable'} ${v.code}`} loading={busy === v.id} onClick={() => void toggle(v)}>
        {v.disabled ? 'Enable' : 'Disable'}
      </Button>
    </>
  )

  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '3', minW: '0' })}>
      {props.mode === 'list' ? (
        <>
          <div className={BAR}>
            <Button size="sm" onClick={() => setEditing('new')}>
              <PlusIcon aria-hidden /> New voucher
            </Button>
          </div>
          {props.table ? (
            <DataTable
              {...props.table}
              rowActions={{ header: 'Actions', width: 180, render: (r) => <span className={ACTIONS}>{buttons(fromRow(r), 'xs')}</span> }}
              refresh={refresh}
            />
          ) : null}
        </>
      ) : props.voucher ? (
        <div className={BAR}>{buttons(props.voucher, 'sm')}</div>
      ) : null}
      {editing ? (
        <Suspense fallback={null}>
          <VoucherForm voucher={editing === 'new' ? null : editing} currency={props.currency} onClose={() => setEditing(null)} onSaved={saved} />
        </Suspense>
      ) : null}
    </div>
  )
}
