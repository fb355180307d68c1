/**
 * The schedules of a workshop: create and edit (in a chosen time zone), publish, unpublish,
 * cancel with a reason (bookings cancelled, paid ones refunded, attendees mailed), delete and
 * restore. The plan's limit on published schedules shows before it is reached. Message everyone
 * on a date (and see what was sent) and download its attendees with their answers (CSV).
 */
import { lazy, Suspense, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { Confirm } from '../coach-common/confirm'
import { Modal } from '../coach-common/dialog'
import { hintCss } from '../coach-common/styles'
import { del, patch, post } from '../lib/api'
import { notify } from '../lib/toast'

// The forms (and the schemas and country list they carry) load when a dialog first opens.
const ScheduleForm = lazy(() => import('./form').then((m) => ({ default: m.ScheduleForm })))
const CancelForm = lazy(() => import('./cancel').then((m) => ({ default: m.CancelForm })))
const ScheduleMessages = lazy(() => import('./messages').then((m) => ({ default: m.ScheduleMessages })))
const loading = <p className={hintCss}>Loading…</p>

import { Button } from '../../design-system/components/button/button'
import { LinkButton } from '../../design-system/components/link-button/link-button'
import { Table } from '../../design-system/components/table/table'
import { MODE_LABEL, VISIBILITY_LABEL } from '../../src/shared/vocabulary'
import { count } from '../../src/shared/words'
import type { CoachScheduleItem, CoachSchedulesProps } from './props'

const SUB = cx(hintCss, css({ display: 'block' }))
const NUM = css({ fontVariantNumeric: 'tabular-nums' })
const ACTIONS = css({ display: 'flex', gap: '1.5', flexWrap: 'wrap', justifyContent: { base: 'flex-start', md: 'flex-end' } })

export default function CoachSchedules(props: CoachSchedulesProps) {
  const [editing, setEditing] = useState<CoachScheduleItem | 'new' | null>(null)
  const [cancelling, setCancelling] = useState<CoachScheduleItem | null>(null)
  const [messaging, setMessaging] = useState<CoachScheduleItem | null>(null)
  const [busy, setBusy] = useState<string | null>(null)
  // The schedule a delete asks about (kept while the dialog closes, so its text stays).
  const [deleting, setDeleting] = useState<CoachScheduleItem | null>(null)
  const [confirmOpen, setConfirmOpen] = useState(false)
  const plan = props.plan
  const left = plan?.max == null ? null : Math.max(0, plan.max - plan.published)
  const canPublish = left === null || left > 0
  const reload = () => location.reload()

  const act = async (id: string, fn: () => Promise<unknown>, done: string) => {
    setBusy(id)
    try {
      await fn()
      notify({ type: 'success', title: done })
      reload()
    } catch {
      setBusy(null)
    }
  }
  const setStatus = (s: CoachScheduleItem, status: 'PUBLISHED' | 'DRAFT') =>
    act(s.id, () => patch(`/v1/workshop-schedules/${s.id}`, { status }), status === 'PUBLISHED' ? 'Schedule published' : 'Schedule unpublished')

  return (
    <section aria-labelledby="schedules-h" className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
      <div className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '3', flexWrap: 'wrap' })}>
        <h2 id="schedules-h" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
          Schedules
        </h2>
        <Button onClick={() => setEditing('new')}>New schedule</Button>
      </div>
      {plan && plan.max !== null && (
        <p className={cx(hintCss, css({ fontSize: 'sm' }))} data-testid="plan-limit" role={left === 0 ? 'alert' : undefined}>
          {plan.published} of {plan.max} published schedules in use on the {plan.plan} plan.{' '}
          {left === 0
            ? 'The limit is reached: unpublish or cancel one, or upgrade the plan, to publish another.'
            : left === 1
              ? 'One more can be published.'
              : `${left} more can be published.`}
        </p>
      )}
      {props.schedules.length === 0 ? (
        <p className={hintCss}>No schedules yet. Add one to put this workshop on the calendar.</p>
      ) : (
        <div className={css({ overflowX: 'auto', borderWidth: '1px', borderColor: 'border.subtle', borderRadius: 'l2', bg: 'bg.default' })}>
          <Table.Root size="sm" aria-label="Schedules">
            <Table.Head>
              <Table.Row>
                <Table.Header style={{ width: 210 }}>When</Table.Header>
                <Table.Header style={{ width: 150 }}>Format</Table.Header>
                <Table.Header style={{ width: 110 }}>Status</Table.Header>
                <Table.Header style={{ width: 150 }}>Seats</Table.Header>
                <Table.Header style={{ width: 260 }}>
                  <span className={css({ srOnly: true })}>Actions</span>
                </Table.Header>
              </Table.Row>
            </Table.Head>
            <Table.Body>
              {props.schedules.map((s) => (
                <Table.Row key={s.id} data-schedule={s.id}>
                  {/* `when` names its zone ("… 9:00 AM London time"). */}
                  <Table.Cell data-primary="">{s.when}</Table.Cell>
                  <Table.Cell data-label="Format">
                    <span>
                      {MODE_LABEL[s.mode] ?? s.mode}
                      <span className={SUB}>{s.mode === 'ONLINE' ? 'Meeting link' : [s.venueName, s.city].filter(Boolean).join(', ')}</span>
                    </span>
                  </Table.Cell>
                  <Table.Cell data-label="Status">
                    <span>
                      <span data-testid="schedule-status">
                        {s.deleted
                          ? 'Deleted'
                          : s.ended
                            ? `${s.status === 'ARCHIVED' ? 'Cancelled' : 'Ended'}`
                            : s.status === 'ARCHIVED'
                              ? 'Cancelled'
                              : s.status === 'PUBLISHED'
                                ? 'Published'
                                : 'Draft'}
                      </span>
                      <span className={SUB}>{VISIBILITY_LABEL[s.visibility] ?? s.visibility}</span>
                    </span>
                  </Table.Cell>
                  <Table.Cell data-label="Seats" className={NUM}>
                    <span>
                      {s.seatsTaken}/{props.maxSeats}
                      <span className={s.confirmed < props.minSeats && !s.ended ? cx(SUB, css({ color: 'red.11' })) : SUB}>
                        {s.confirmed} confirmed · min {props.minSeats}
                      </span>
                      {s.waiting > 0 && !s.ended ? (
                        <span className={SUB} data-testid="waitlist-length">
                          {count(s.waiting, 'person waiting')} ({count(s.waitingSeats, 'seat')})
                        </span>
                      ) : null}
                    </span>
                  </Table.Cell>
                  <Table.Cell data-actions="">
                    <div className={ACTIONS}>
                      {s.deleted ? (
                        <Button
                          variant="outline"
                          size="xs"
                          disabled={busy === s.id}
                          onClick={() => act(s.id, () => post(`/v1/workshop-schedules/${s.id}/restore`), 'Schedule restored')}
                        >
                          Restore
                        </Button>
                      ) : (
                        <>
                          {!s.ended && s.status !== 'ARCHIVED' && (
                            <Button variant="outline" size="xs" onClick={() => setEditing(s)}>
                              Edit
                            </Button>
                          )}
                          {!s.ended && s.status === 'DRAFT' && (
                            <Button
                              size="xs"
                              variant="outline"
                              disabled={!canPublish || busy === s.id}
                              title={canPublish ? undefined : 'The plan limit on published schedules is reached'}
                              onClick={() => setStatus(s, 'PUBLISHED')}
                            >
                              Publish
                            </Button>
                          )}
                          {!s.ended && s.status === 'PUBLISHED' && (
                            <Button variant="outline" size="xs" disabled={busy === s.id} onClick={() => setStatus(s, 'DRAFT')}>
                              Unpublish
                            </Button>
                          )}
                          {!s.ended && s.status !== 'ARCHIVED' && (
                            <Button variant="outline" size="xs" onClick={() => setCancelling(s)}>
                              Cancel…
                            </Button>
                          )}
                          {s.seatsTaken === 0 || s.ended ? (
                            <Button
                              variant="outline"
                              size="xs"
                              disabled={busy === s.id}
                              onClick={() => {
                                setDeleting(s)
                                setConfirmOpen(true)
                              }}
                            >
                              Delete
                            </Button>
                          ) : null}
                          {s.bookings > 0 && (
                            <LinkButton variant="outline" size="xs" href={`/c/bookings?schedule=${s.id}`}>
                              Bookings
                            </LinkButton>
                          )}
                          {s.bookings > 0 && (
                            <Button variant="outline" size="xs" onClick={() => setMessaging(s)} aria-label={`Message everyone on ${s.when}`}>
                              Message…
                            </Button>
                          )}
                          {s.bookings > 0 && (
                            <LinkButton
                              variant="outline"
                              size="xs"
                              href={`/v1/workshop-schedules/${s.id}/attendees.csv`}
                              download
                              aria-label={`Attendees CSV of ${s.when}, with their answers`}
                            >
                              Attendees CSV
                            </LinkButton>
                          )}
                          <LinkButton variant="outline" size="xs" href={`/workshops/${s.id}`}>
                            Public page
                          </LinkButton>
                        </>
                      )}
                    </div>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </div>
      )}
      <Modal open={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? 'New schedule' : 'Edit schedule'} wide>
        {editing !== null && (
          <Suspense fallback={loading}>
            <ScheduleForm
              workshopId={props.workshopId}
              coachId={props.coachId}
              schedule={editing === 'new' ? null : editing}
              defaultTimezone={props.defaultTimezone}
              canPublish={canPublish}
              onDone={reload}
              onCancel={() => setEditing(null)}
            />
          </Suspense>
        )}
      </Modal>
      <Confirm
        open={confirmOpen}
        onClose={() => setConfirmOpen(false)}
        title="Delete this schedule?"
        description={deleting ? `${deleting.when} leaves the calendar. You can restore it from this list.` : undefined}
        confirmLabel="Delete schedule"
        busyLabel="Deleting..."
        onConfirm={async () => {
          if (!deleting) return
          await del(`/v1/workshop-schedules/${deleting.id}`)
          notify({ type: 'success', title: 'Schedule deleted' })
          reload()
        }}
      />
      <Modal open={messaging !== null} onClose={() => setMessaging(null)} title="Message everyone on this date" wide>
        {messaging && (
          <Suspense fallback={loading}>
            <ScheduleMessages schedule={messaging} onCancel={() => setMessaging(null)} />
          </Suspense>
        )}
      </Modal>
      <Modal open={cancelling !== null} onClose={() => setCancelling(null)} title="Cancel schedule">
        {cancelling && (
          <Suspense fallback={loading}>
            <CancelForm schedule={cancelling} onDone={reload} onCancel={() => setCancelling(null)} />
          </Suspense>
        )}
      </Modal>
    </section>
  )
}
