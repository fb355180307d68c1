/**
 * Seats of a booking as a data table, and the booker's invitations: invite by email or by
 * someone I booked with (the seat schema's section 5 messages, 422s under the fields), resend a
 * pending invitation, revoke it (the seat becomes free again).
 */
import { useMemo, useState } from 'react'
import { css } from 'styled-system/css'
import { Button } from '../../design-system/components/button/button'
import { FormField } from '../../design-system/components/field/form-field'
import { Input } from '../../design-system/components/input/input'
import { NativeSelect } from '../../design-system/components/native-select/native-select'
import { DataTable, type DataTableColumn } from '../../design-system/components/table/data-table'
import { SeatCreateSchema } from '../../src/modules/bookings/booking.schema'
import { ApiError, del, post } from '../lib/api'
import { check } from '../lib/form'
import { fmtDateTime } from '../lib/format'
import { StatusBadge } from '../lib/status-badge'
import { notify } from '../lib/toast'
import type { ClientSeatsProps } from './props'

type Row = ClientSeatsProps['rows'][number]
type Seat = Row | { id: string; free: true }
/** The API's seat, as the table shows it. */
type ApiSeat = {
  id: string
  status: string
  userId: string | null
  email: string | null
  invitationSentAt: string | null
  invitationExpiresAt: string | null
  respondedAt: string | null
}
const rowOf = (seat: ApiSeat, name: string | null): Row => ({
  id: seat.id,
  status: seat.status,
  userId: seat.userId,
  email: seat.email,
  name,
  isBooker: false,
  isMe: false,
  invitationSentAt: seat.invitationSentAt,
  invitationExpiresAt: seat.invitationExpiresAt,
  respondedAt: seat.respondedAt,
  attended: false,
})
const errorCss = css({ color: 'fg.error', fontSize: 'sm' })

function InviteForm({ bookingId, people, onInvited }: { bookingId: string; people: ClientSeatsProps['people']; onInvited: (row: Row) => void }) {
  const [email, setEmail] = useState('')
  const [userId, setUserId] = useState('')
  const [errors, setErrors] = useState<Record<string, string[]>>({})
  const [busy, setBusy] = useState(false)
  const [link, setLink] = useState<string | null>(null)
  async function submit(e: React.FormEvent) {
    e.preventDefault()
    const body = { bookingId, ...(email ? { email } : {}), ...(userId ? { userId } : {}) }
    const bag = check(SeatCreateSchema, body)
    if (bag) return setErrors(bag)
    setBusy(true)
    setErrors({})
    try {
      const seat = await post<{ data: { id: string } }>('/v1/booking-seats', body)
      const sent = await post<{ data: ApiSeat & { invitationUrl: string } }>(`/v1/booking-seats/${seat.data.id}/send-invitation`)
      setLink(sent.data.invitationUrl)
      notify({ type: 'success', title: 'Invitation sent', description: email ? `We emailed ${email}.` : 'We emailed them the link.' })
      onInvited(rowOf(sent.data, people.find((p) => p.userId === userId)?.name ?? null))
      setEmail('')
      setUserId('')
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) setErrors(err.errors ?? {})
    } finally {
      setBusy(false)
    }
  }
  // The email field carries the either-or message too (the person picker is the other half).
  const emailError = errors.email?.[0] ?? errors.userId?.[0]
  return (
    <form
      onSubmit={submit}
      aria-label="Invite to a seat"
      noValidate
      className={css({ display: 'flex', flexDir: 'column', gap: '2', borderWidth: '1px', borderColor: 'border.subtle', borderRadius: 'l2', p: '3' })}
    >
      <p className={css({ fontWeight: 'semibold', fontSize: 'sm' })}>Invite someone to a free seat</p>
      <div
        className={css({
          display: 'grid',
          gridTemplateColumns: { base: '1fr', md: people.length ? '1fr 1fr auto' : '1fr auto' },
          gap: '2',
          alignItems: 'start',
        })}
      >
        <FormField label="Email" error={emailError} announce="alert">
          <Input
            size="sm"
            type="email"
            value={email}
            placeholder="name@example.com"
            onChange={(e) => (setEmail(e.target.value), setErrors({}))}
            onBlur={() => email && setErrors(check(SeatCreateSchema, { bookingId, email }) ?? {})}
          />
        </FormField>
        {people.length ? (
          <FormField label="Or someone you booked with">
            <NativeSelect
              size="sm"
              value={userId}
              placeholder="Choose a person"
              options={people.map((p) => ({ value: p.userId, label: p.name }))}
              onChange={(e) => (setUserId(e.target.value), setErrors({}))}
            />
          </FormField>
        ) : null}
        <Button type="submit" loading={busy} className={css({ mt: { md: '6' } })}>
          Send invitation
        </Button>
      </div>
      {Object.entries(errors)
        .filter(([k]) => k !== 'email' && k !== 'userId')
        .map(([k, msgs]) => (
          <p key={k} className={errorCss} role="alert">
            {msgs[0]}
          </p>
        ))}
      {link ? <p className={css({ fontSize: 'xs', color: 'fg.muted', wordBreak: 'break-all' })}>Link (works once): {link}</p> : null}
    </form>
  )
}

export default function ClientSeats({ bookingId, seats, rows: initialRows, canManage, people, tz }: ClientSeatsProps) {
  const [busy, setBusy] = useState<string | null>(null)
  // The table follows each action in place (the server answers with the seat as it now is).
  const [rows, setRows] = useState(initialRows)
  const data: Seat[] = useMemo(() => {
    const taken = rows.filter((r) => r.userId || r.email)
    const free = Math.max(0, seats - taken.length)
    return [...taken, ...Array.from({ length: free }, (_, i) => ({ id: `free-${i}`, free: true as const }))]
  }, [rows, seats])

  async function act(id: string, kind: 'resend' | 'revoke') {
    setBusy(`${kind}:${id}`)
    try {
      if (kind === 'resend') {
        const sent = await post<{ data: ApiSeat }>(`/v1/booking-seats/${id}/send-invitation`)
        setRows((all) => all.map((r) => (r.id === id ? { ...r, ...rowOf(sent.data, r.name), isBooker: r.isBooker, isMe: r.isMe } : r)))
        notify({ type: 'success', title: 'Invitation sent again', description: 'A new link was emailed; the old one no longer works.' })
      } else {
        await del(`/v1/booking-seats/${id}`)
        setRows((all) => all.filter((r) => r.id !== id))
        notify({ type: 'success', title: 'Invitation revoked', description: 'The seat is free again.' })
      }
    } catch {
      // The API client shows the 'Something went wrong!' toast.
    } finally {
      setBusy(null)
    }
  }

  const columns: DataTableColumn<Seat>[] = [
    {
      id: 'holder',
      header: 'Seat holder',
      size: 240,
      accessorFn: (r) => ('free' in r ? '' : (r.name ?? r.email ?? '')),
      cell: ({ row }) => {
        const r = row.original
        if ('free' in r) return <span className={css({ color: 'fg.muted' })}>Free seat</span>
        return (
          <span>
            {r.name ?? r.email}
            {r.isBooker ? ' (booker)' : ''}
            {r.isMe ? ' · you' : ''}
            {r.name && r.email ? <span className={css({ display: 'block', fontSize: 'xs', color: 'fg.muted' })}>{r.email}</span> : null}
          </span>
        )
      },
    },
    {
      id: 'status',
      header: 'Invitation',
      size: 120,
      accessorFn: (r) => ('free' in r ? '' : r.status),
      cell: ({ row }) => ('free' in row.original ? '—' : <StatusBadge kind="seat" status={row.original.status} />),
    },
    {
      id: 'sent',
      header: 'Sent / answered',
      size: 180,
      accessorFn: (r) => ('free' in r ? '' : (r.respondedAt ?? r.invitationSentAt ?? '')),
      cell: ({ row }) => {
        const r = row.original
        if ('free' in r) return '—'
        if (r.respondedAt) return `Answered ${fmtDateTime(r.respondedAt, tz)}`
        if (r.invitationSentAt) return `Sent ${fmtDateTime(r.invitationSentAt, tz)}`
        return '—'
      },
    },
    {
      id: 'actions',
      header: () => <span className={css({ srOnly: true })}>Actions</span>,
      meta: { role: 'actions' },
      size: 200,
      enableSorting: false,
      cell: ({ row }) => {
        const r = row.original
        if ('free' in r || !canManage || r.isBooker || r.status === 'ACCEPTED') return null
        const who = r.name ?? r.email ?? 'seat'
        return (
          <span className={css({ display: 'flex', gap: '2' })}>
            <Button
              size="xs"
              variant="outline"
              aria-label={`Resend invitation to ${who}`}
              loading={busy === `resend:${r.id}`}
              onClick={() => act(r.id, 'resend')}
            >
              Resend
            </Button>
            <Button
              size="xs"
              variant="outline"
              aria-label={`Revoke invitation of ${who}`}
              loading={busy === `revoke:${r.id}`}
              onClick={() => act(r.id, 'revoke')}
            >
              Revoke
            </Button>
          </span>
        )
      },
    },
  ]
  // Declined and expired seats can be offered again.
  const free = seats - rows.filter((r) => (r.userId || r.email) && (r.status === 'PENDING' || r.status === 'ACCEPTED')).length
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '3', minW: '0' })}>
      <DataTable aria-label="Seats" data={data} columns={columns} getRowId={(r) => r.id} variant="outline" emptyText="This booking has no seats." />
      {canManage && free > 0 ? (
        <InviteForm bookingId={bookingId} people={people} onInvited={(row) => setRows((all) => [...all.filter((r) => r.id !== row.id), row])} />
      ) : null}
      {canManage && free === 0 ? (
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          Every seat is taken or invited. Revoke a pending invitation to offer the seat to someone else.
        </p>
      ) : null}
      {!canManage ? (
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>Only the person who booked can invite to these seats, before the workshop starts.</p>
      ) : null}
    </div>
  )
}
