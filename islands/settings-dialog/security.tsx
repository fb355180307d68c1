/**
 * The Security tab: passkeys (add one named after this device, rename, remove; at most 10) and
 * "Where you're signed in" (sessions and API tokens, sign out one or all others). Adding a
 * passkey asks "Confirm it's you" first (islands/lib/api.ts does it for every island).
 */
import { startRegistration } from '@simplewebauthn/browser'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { css } from 'styled-system/css'
import * as v from 'valibot'
import { Badge } from '../../design-system/components/badge/badge'
import { Button } from '../../design-system/components/button/button'
import { Card } from '../../design-system/components/card/card'
import { ConfirmDialog } from '../../design-system/components/confirm-dialog/confirm-dialog'
import { Field } from '../../design-system/components/field/field'
import { MAX_PASSKEYS, PASSKEY_MESSAGES, PasskeyNameRule } from '../../src/modules/auth/passkey.schema'
import { ApiError, del, get, patch, post } from '../lib/api'
import { fmtDateTime } from '../lib/format'
import { notify } from '../lib/toast'

const stack = css({ display: 'flex', flexDir: 'column', gap: '5' })
const list = css({ display: 'flex', flexDir: 'column', gap: '3' })
const row = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '3',
  flexWrap: 'wrap',
  py: '2',
  borderBottomWidth: '1px',
  _last: { borderBottomWidth: '0' },
})
const meta = css({ textStyle: 'sm', color: 'fg.muted' })
const tz = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'

interface PasskeyRow {
  id: string
  name: string
  deviceType: string
  createdAt: string
  lastUsedAt: string | null
}
interface SignedIn {
  id: string
  kind: 'session' | 'token'
  name: string | null
  device: string
  place: string
  signedInAt: string
  lastSeenAt: string
  current: boolean
}

export function SecurityTab() {
  return (
    <div className={stack}>
      <PasskeysCard />
      <SessionsCard />
    </div>
  )
}

function PasskeysCard() {
  const qc = useQueryClient()
  const keys = useQuery({ queryKey: ['auth', 'passkeys'], queryFn: () => get<{ data: PasskeyRow[] }>('/v1/auth/passkeys').then((r) => r.data) })
  const [adding, setAdding] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const refresh = () => qc.invalidateQueries({ queryKey: ['auth', 'passkeys'] })

  async function add() {
    setAdding(true)
    setError(null)
    try {
      const options = await post<{ data: any }>('/v1/auth/passkeys/registration/options')
      const response = await startRegistration({ optionsJSON: options.data })
      await post('/v1/auth/passkeys/registration/verify', { response })
      notify({ type: 'success', title: 'Passkey added', description: 'You can sign in with it, and confirm sensitive changes with it.' })
      await refresh()
    } catch (err) {
      if (err instanceof ApiError) setError(err.errors?.response?.[0] ?? (err.status === 403 ? null : err.message))
      else if ((err as Error)?.name !== 'NotAllowedError') setError('This browser could not make a passkey.')
    } finally {
      setAdding(false)
    }
  }

  const rows = keys.data ?? []
  return (
    <Card.Root data-card="passkeys">
      <Card.Header>
        <Card.Title>Passkeys</Card.Title>
        <Card.Description>
          Sign in with your fingerprint, face or device PIN instead of a mailed code, and confirm sensitive changes with it. At most {MAX_PASSKEYS}.
        </Card.Description>
      </Card.Header>
      <Card.Body>
        <div className={list} data-testid="passkey-list">
          {rows.length === 0 ? <p className={meta}>No passkey yet.</p> : null}
          {rows.map((k) => (
            <PasskeyItem key={k.id} passkey={k} onChanged={refresh} />
          ))}
        </div>
        {error ? (
          <p role="alert" className={css({ textStyle: 'sm', color: 'fg.error', mt: '3' })}>
            {error}
          </p>
        ) : null}
      </Card.Body>
      <Card.Footer>
        <Button onClick={add} loading={adding} disabled={rows.length >= MAX_PASSKEYS}>
          Add a passkey
        </Button>
      </Card.Footer>
    </Card.Root>
  )
}

function PasskeyItem({ passkey, onChanged }: { passkey: PasskeyRow; onChanged: () => unknown }) {
  const [editing, setEditing] = useState(false)
  const [name, setName] = useState(passkey.name)
  const [error, setError] = useState<string | null>(null)
  async function save() {
    const r = v.safeParse(PasskeyNameRule, name)
    if (!r.success) return setError(PASSKEY_MESSAGES.name)
    try {
      await patch(`/v1/auth/passkeys/${passkey.id}`, { name: r.output })
      setEditing(false)
      setError(null)
      await onChanged()
    } catch (err) {
      if (err instanceof ApiError) setError(err.errors?.name?.[0] ?? err.message)
    }
  }
  return (
    <div className={row} data-passkey={passkey.name}>
      {editing ? (
        <Field.Root invalid={!!error} className={css({ flex: '1', minW: '12rem' })}>
          <Field.Label>Passkey name</Field.Label>
          <Field.Input
            value={name}
            maxLength={64}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), save())}
          />
          {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
        </Field.Root>
      ) : (
        <div>
          <strong>{passkey.name}</strong>{' '}
          {passkey.deviceType === 'multiDevice' ? (
            <Badge size="sm" variant="subtle">
              Synced
            </Badge>
          ) : null}
          <p className={meta}>
            Added {fmtDateTime(passkey.createdAt, tz())} · {passkey.lastUsedAt ? `last used ${fmtDateTime(passkey.lastUsedAt, tz())}` : 'not used yet'}
          </p>
        </div>
      )}
      <div className={css({ display: 'flex', gap: '2' })}>
        {editing ? (
          <>
            <Button size="sm" onClick={save}>
              Save
            </Button>
            <Button size="sm" variant="ghost" onClick={() => (setEditing(false), setName(passkey.name), setError(null))}>
              Cancel
            </Button>
          </>
        ) : (
          <>
            <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
              Rename
            </Button>
            <ConfirmDialog
              title={`Remove ${passkey.name}?`}
              description="It will no longer sign you in here. The passkey stays on your device until you delete it there."
              confirmLabel="Remove"
              tone="danger"
              onConfirm={async () => {
                await del(`/v1/auth/passkeys/${passkey.id}`)
                await onChanged()
              }}
              trigger={
                <Button size="sm" variant="outline" tone="danger">
                  Remove
                </Button>
              }
            />
          </>
        )}
      </div>
    </div>
  )
}

function SessionsCard() {
  const qc = useQueryClient()
  const sessions = useQuery({
    queryKey: ['auth', 'sessions'],
    queryFn: () => get<{ data: SignedIn[]; meta: { total: number } }>('/v1/auth/sessions', { query: { perPage: 20 } }),
  })
  const refresh = () => qc.invalidateQueries({ queryKey: ['auth', 'sessions'] })
  const rows = sessions.data?.data ?? []
  const others = rows.filter((r) => !r.current).length
  return (
    <Card.Root data-card="sessions">
      <Card.Header>
        <Card.Title>Where you're signed in</Card.Title>
        <Card.Description>Browsers and API tokens with access to your account. Sign out any you do not know.</Card.Description>
      </Card.Header>
      <Card.Body>
        <div className={list} data-testid="session-list">
          {rows.map((s) => (
            <div key={s.id} className={row} data-session={s.kind}>
              <div>
                <strong>{s.kind === 'token' ? `API token “${s.name}”` : s.device}</strong>{' '}
                {s.current ? (
                  <Badge size="sm" variant="subtle">
                    This {s.kind === 'token' ? 'token' : 'browser'}
                  </Badge>
                ) : null}
                <p className={meta}>
                  {s.kind === 'token' ? `${s.device} · ` : ''}
                  {s.place} · signed in {fmtDateTime(s.signedInAt, tz())} · last seen {fmtDateTime(s.lastSeenAt, tz())}
                </p>
              </div>
              {s.current ? null : (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={async () => {
                    await del(`/v1/auth/sessions/${s.id}`)
                    await refresh()
                  }}
                >
                  {s.kind === 'token' ? 'Revoke' : 'Sign out'}
                </Button>
              )}
            </div>
          ))}
          {(sessions.data?.meta.total ?? 0) > rows.length ? (
            <p className={meta}>And {(sessions.data?.meta.total ?? 0) - rows.length} more, seen longer ago.</p>
          ) : null}
        </div>
      </Card.Body>
      <Card.Footer>
        <ConfirmDialog
          title="Sign out everywhere else?"
          description="Every other browser and API token with access to your account stops working at once. This browser stays signed in."
          confirmLabel="Sign out all others"
          tone="danger"
          onConfirm={async () => {
            await del('/v1/auth/sessions')
            await refresh()
          }}
          trigger={
            <Button variant="outline" disabled={others === 0}>
              Sign out all other sessions
            </Button>
          }
        />
      </Card.Footer>
    </Card.Root>
  )
}
