/**
 * The "Your data" tab: a copy of everything kept about you (a zip, mailed as a link that works 7
 * days) and deleting your account (confirmed with a fresh code; refused, with what to do
 * first, while bookings, sessions, a team or money are in the way).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { Button } from '../../design-system/components/button/button'
import { Card } from '../../design-system/components/card/card'
import { ConfirmDialog } from '../../design-system/components/confirm-dialog/confirm-dialog'
import { EXPORT_TTL_DAYS } from '../../src/modules/privacy/privacy.schema'
import { ApiError, del, get, post } from '../lib/api'
import { fmtDateTime } from '../lib/format'
import { notify } from '../lib/toast'

const stack = css({ display: 'flex', flexDir: 'column', gap: '5' })
const meta = css({ textStyle: 'sm', color: 'fg.muted' })
const tz = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'

interface ExportRow {
  id: string
  status: 'pending' | 'ready' | 'failed' | 'expired'
  size: number | null
  createdAt: string
  expiresAt: string | null
  downloadUrl: string | null
}
const STATUS: Record<ExportRow['status'], string> = { pending: 'Being prepared', ready: 'Ready', failed: 'Failed: please ask again', expired: 'Expired' }

export function PrivacyTab() {
  return (
    <div className={stack}>
      <ExportCard />
      <DeleteCard />
    </div>
  )
}

function ExportCard() {
  const qc = useQueryClient()
  const exports = useQuery({
    queryKey: ['users', 'exports'],
    queryFn: () => get<{ data: ExportRow[] }>('/v1/users/me/exports', { query: { perPage: 3 } }).then((r) => r.data),
    refetchInterval: (q) => (q.state.data?.some((e) => e.status === 'pending') ? 3000 : false),
  })
  const [asking, setAsking] = useState(false)
  async function ask() {
    setAsking(true)
    try {
      await post('/v1/users/me/export')
      notify({ type: 'success', title: 'We are preparing your data', description: 'We will mail you a link when it is ready.' })
      await qc.invalidateQueries({ queryKey: ['users', 'exports'] })
    } catch {
      // The client showed the reason (one at a time, three a day).
    } finally {
      setAsking(false)
    }
  }
  const rows = exports.data ?? []
  return (
    <Card.Root data-card="export">
      <Card.Header>
        <Card.Title>Download my data</Card.Title>
        <Card.Description>
          A zip of your profile, bookings, seats, payments, invoices, feedback, applications and uploads. We mail you a link that works {EXPORT_TTL_DAYS} days,
          only for you.
        </Card.Description>
      </Card.Header>
      <Card.Body>
        {rows.length === 0 ? <p className={meta}>You have not asked for a copy yet.</p> : null}
        {rows.map((e) => (
          <div key={e.id} className={css({ display: 'flex', justifyContent: 'space-between', gap: '3', py: '1' })} data-export={e.status}>
            <span>
              {fmtDateTime(e.createdAt, tz())} · {STATUS[e.status]}
              {e.size ? ` · ${(e.size / 1024 / 1024).toFixed(1)} MB` : ''}
            </span>
            {e.downloadUrl ? (
              <a href={e.downloadUrl} className={css({ color: 'fg.link', textDecoration: 'underline' })}>
                Download
              </a>
            ) : null}
          </div>
        ))}
      </Card.Body>
      <Card.Footer>
        <Button onClick={ask} loading={asking} disabled={rows.some((e) => e.status === 'pending')}>
          Ask for a copy of my data
        </Button>
      </Card.Footer>
    </Card.Root>
  )
}

function DeleteCard() {
  const [error, setError] = useState<string | null>(null)
  return (
    <Card.Root data-card="delete-account">
      <Card.Header>
        <Card.Title>Delete my account</Card.Title>
        <Card.Description>
          Your name, email, phone, photo and profile are erased at once and you are signed out everywhere. Invoices and the records of what was paid are kept as
          the law requires.
        </Card.Description>
      </Card.Header>
      <Card.Body>
        {error ? (
          <p role="alert" className={css({ textStyle: 'sm', color: 'fg.error' })}>
            {error}
          </p>
        ) : (
          <p className={meta}>You will be asked to confirm it's you with a code from your mail or a passkey.</p>
        )}
      </Card.Body>
      <Card.Footer>
        <ConfirmDialog
          title="Delete your account?"
          description="This cannot be undone. Your bookings' invoices stay with the teams you paid, under “Deleted user”."
          confirmLabel="Delete my account"
          tone="danger"
          onConfirm={async () => {
            setError(null)
            try {
              await del('/v1/users/me', { silent: true })
              location.assign('/')
            } catch (err) {
              if (err instanceof ApiError && err.status !== 403) setError(err.message)
            }
          }}
          trigger={
            <Button tone="danger" variant="outline">
              Delete my account
            </Button>
          }
        />
      </Card.Footer>
    </Card.Root>
  )
}
