/**
 * Create a workshop (blank or from a template) or edit one, delete and restore it. The form,
 * with its schema, loads when the dialog first opens.
 */
import { lazy, Suspense, useState } from 'react'
import { css } from 'styled-system/css'
import { Button } from '../../design-system/components/button/button'
import { Confirm } from '../coach-common/confirm'
import { Modal } from '../coach-common/dialog'
import { errorCss, hintCss } from '../coach-common/styles'
import { del, post } from '../lib/api'
import type { CoachWorkshopFormProps } from './props'

const WorkshopFormBody = lazy(() => import('./form').then((m) => ({ default: m.WorkshopFormBody })))

export default function CoachWorkshopForm(props: CoachWorkshopFormProps) {
  const w = props.workshop
  const editing = props.mode === 'edit' && !!w
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const [confirming, setConfirming] = useState(false)
  /** Rejects when the delete fails: the dialog stays open (the API client shows the error). */
  const remove = async () => {
    setBusy(true)
    try {
      await del(`/v1/workshops/${w!.id}`)
      location.assign('/c/workshops?deleted=1')
    } catch (err) {
      setBusy(false)
      throw err
    }
  }
  const restore = async () => {
    setBusy(true)
    try {
      await post(`/v1/workshops/${w!.id}/restore`)
      location.reload()
    } catch {
      setBusy(false)
    }
  }
  if (editing && w!.deleted)
    return (
      <div className={css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap' })}>
        <span className={errorCss}>This workshop is deleted.</span>
        <Button onClick={restore} disabled={busy}>
          Restore workshop
        </Button>
      </div>
    )
  return (
    <>
      <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
        <Button variant={editing ? 'outline' : 'solid'} onClick={() => setOpen(true)}>
          {editing ? 'Edit workshop' : 'New workshop'}
        </Button>
        {editing && (
          <Button variant="outline" onClick={() => setConfirming(true)} disabled={busy}>
            Delete
          </Button>
        )}
      </div>
      {editing && (
        <Confirm
          open={confirming}
          onClose={() => setConfirming(false)}
          title="Delete this workshop?"
          description="It leaves the marketplace. You can restore it later from Deleted workshops."
          confirmLabel="Delete workshop"
          busyLabel="Deleting..."
          onConfirm={remove}
        />
      )}
      <Modal open={open} onClose={() => setOpen(false)} title={editing ? 'Edit workshop' : 'New workshop'} wide>
        {open && (
          <Suspense fallback={<p className={hintCss}>Loading…</p>}>
            <WorkshopFormBody {...props} onClose={() => setOpen(false)} />
          </Suspense>
        )}
      </Modal>
    </>
  )
}
