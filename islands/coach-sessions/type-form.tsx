/**
 * New or edit session type (a form dialog, loaded when first opened): the API's own schema
 * checks each field on change and on blur (its messages under the fields), 422s likewise.
 */
import { useMemo, useState } from 'react'
import { css } from 'styled-system/css'
import { FormField } from '../../design-system/components/field/form-field'
import { FormDialog } from '../../design-system/components/form-dialog/form-dialog'
import { Input, Textarea } from '../../design-system/components/input/input'
import { NativeSelect } from '../../design-system/components/native-select/native-select'
import { Switch } from '../../design-system/components/switch/switch'
import { SESSION_MODE_LABEL, SESSION_MODES, SessionTypeCreateSchema } from '../../src/modules/sessions/session-type.schema'
import { ApiError, patch, post } from '../lib/api'
import { check, focusFirstInvalid } from '../lib/form'
import type { CoachSessionsProps } from './props'

type SessionType = CoachSessionsProps['types'][number]
type Values = Record<
  | 'title'
  | 'description'
  | 'durationMinutes'
  | 'price'
  | 'mode'
  | 'location'
  | 'bufferBeforeMinutes'
  | 'bufferAfterMinutes'
  | 'minimumNoticeMinutes'
  | 'bookingWindowDays'
  | 'maxPerDay'
  | 'fullRefundHours'
  | 'partialRefundHours'
  | 'partialRefundPercent',
  string
>
type Key = keyof Values

const num = (s: string) => (s.trim() === '' ? Number.NaN : Number(s))
const GRID = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } })
const WIDE = css({ gridColumn: { sm: 'span 2' } })

function bodyOf(v: Values, active: boolean, ownPolicy: boolean) {
  return {
    title: v.title,
    description: v.description.trim() || null,
    durationMinutes: num(v.durationMinutes),
    price: num(v.price),
    mode: v.mode,
    location: v.location.trim() || null,
    bufferBeforeMinutes: num(v.bufferBeforeMinutes),
    bufferAfterMinutes: num(v.bufferAfterMinutes),
    minimumNoticeMinutes: num(v.minimumNoticeMinutes),
    bookingWindowDays: num(v.bookingWindowDays),
    maxPerDay: v.maxPerDay.trim() === '' ? null : num(v.maxPerDay),
    refundPolicy: ownPolicy
      ? { fullRefundHours: num(v.fullRefundHours), partialRefundHours: num(v.partialRefundHours), partialRefundPercent: num(v.partialRefundPercent) }
      : null,
    status: active ? 'ACTIVE' : 'HIDDEN',
  }
}

const fieldOf = (path: string): Key | null => {
  const last = path.split('.').pop() as Key
  return last in EMPTY ? last : null
}
const EMPTY: Values = {
  title: '',
  description: '',
  durationMinutes: '60',
  price: '0',
  mode: 'ONLINE',
  location: '',
  bufferBeforeMinutes: '0',
  bufferAfterMinutes: '0',
  minimumNoticeMinutes: '240',
  bookingWindowDays: '60',
  maxPerDay: '',
  fullRefundHours: '48',
  partialRefundHours: '24',
  partialRefundPercent: '50',
}

export default function TypeForm({ type, onClose, onSaved }: { type: SessionType | null; onClose: () => void; onSaved: (t: SessionType) => void }) {
  const [values, setValues] = useState<Values>(() =>
    type
      ? {
          title: type.title,
          description: type.description ?? '',
          durationMinutes: String(type.durationMinutes),
          price: String(type.price),
          mode: type.mode,
          location: type.location ?? '',
          bufferBeforeMinutes: String(type.bufferBeforeMinutes),
          bufferAfterMinutes: String(type.bufferAfterMinutes),
          minimumNoticeMinutes: String(type.minimumNoticeMinutes),
          bookingWindowDays: String(type.bookingWindowDays),
          maxPerDay: type.maxPerDay == null ? '' : String(type.maxPerDay),
          fullRefundHours: String(type.refundPolicy?.fullRefundHours ?? 48),
          partialRefundHours: String(type.refundPolicy?.partialRefundHours ?? 24),
          partialRefundPercent: String(type.refundPolicy?.partialRefundPercent ?? 50),
        }
      : EMPTY,
  )
  const [active, setActive] = useState(type ? type.status === 'ACTIVE' : true)
  const [ownPolicy, setOwnPolicy] = useState(!!type?.refundPolicy)
  const [touched, setTouched] = useState<Partial<Record<Key, boolean>>>({})
  const [server, setServer] = useState<Partial<Record<Key, string>>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [root, setRoot] = useState<HTMLElement | null>(null)

  const checked = useMemo(() => {
    const out: Partial<Record<Key, string>> = {}
    for (const [path, messages] of Object.entries(check(SessionTypeCreateSchema, bodyOf(values, active, ownPolicy)) ?? {})) {
      const k = fieldOf(path)
      if (k && !out[k]) out[k] = messages[0]
    }
    return out
  }, [values, active, ownPolicy])
  const error = (k: Key) => server[k] ?? (touched[k] ? checked[k] : undefined)
  const set = (k: Key, value: string) => {
    setValues((v) => ({ ...v, [k]: value }))
    setTouched((t) => ({ ...t, [k]: true }))
    setServer((s) => ({ ...s, [k]: undefined }))
  }
  const blur = (k: Key) => setTouched((t) => ({ ...t, [k]: true }))

  async function save() {
    setTouched(Object.fromEntries(Object.keys(EMPTY).map((k) => [k, true])))
    if (Object.keys(checked).length) return focusFirstInvalid(root)
    setBusy(true)
    setFailure(null)
    try {
      const body = bodyOf(values, active, ownPolicy)
      const r = type
        ? await patch<{ data: SessionType }>(`/v1/session-types/${type.id}`, body, { silent: true })
        : await post<{ data: SessionType }>('/v1/session-types', body, { silent: true })
      onSaved(r.data)
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) {
        const out: Partial<Record<Key, string>> = {}
        for (const [path, m] of Object.entries(err.errors ?? {})) {
          const k = fieldOf(path)
          if (k && !out[k]) out[k] = m[0]
        }
        setServer(out)
        if (!Object.keys(out).length) setFailure(err.message)
        focusFirstInvalid(root)
      } else setFailure(err instanceof ApiError && err.message ? err.message : 'The session type could not be saved. Try again.')
    } finally {
      setBusy(false)
    }
  }

  const text = (k: Key, label: string, opts: { type?: string; hint?: string; wide?: boolean; required?: boolean } = {}) => (
    <FormField label={label} id={`st-${k}`} error={error(k)} hint={opts.hint} required={opts.required} className={opts.wide ? WIDE : undefined}>
      <Input
        size="md"
        type={opts.type ?? 'text'}
        inputMode={opts.type === 'number' ? 'decimal' : undefined}
        value={values[k]}
        onChange={(e) => set(k, e.target.value)}
        onBlur={() => blur(k)}
      />
    </FormField>
  )

  return (
    <FormDialog
      title={type ? 'Edit session type' : 'New session type'}
      size="wide"
      open
      onOpenChange={(open) => !open && onClose()}
      submitLabel={type ? 'Save changes' : 'Create session type'}
      busy={busy}
      error={failure}
      onSubmit={() => void save()}
    >
      <div ref={setRoot} className={GRID}>
        {text('title', 'Title', { wide: true, required: true })}
        <FormField label="Description" id="st-description" error={error('description')} className={WIDE}>
          <Textarea size="md" rows={3} value={values.description} onChange={(e) => set('description', e.target.value)} onBlur={() => blur('description')} />
        </FormField>
        {text('durationMinutes', 'Length (minutes)', { type: 'number', hint: '15 to 480', required: true })}
        {text('price', 'Price', { type: 'number', hint: '0 for a free call' })}
        <FormField label="Where" id="st-mode" error={error('mode')}>
          <NativeSelect
            value={values.mode}
            options={SESSION_MODES.map((m) => ({ value: m, label: SESSION_MODE_LABEL[m] }))}
            onChange={(e) => set('mode', e.target.value)}
          />
        </FormField>
        {text('location', values.mode === 'IN_PERSON' ? 'Address' : values.mode === 'PHONE' ? 'How the call happens' : 'Meeting link', {
          hint: 'Shown to the client once booked',
          required: values.mode === 'IN_PERSON',
        })}
        {text('bufferBeforeMinutes', 'Buffer before (minutes)', { type: 'number' })}
        {text('bufferAfterMinutes', 'Buffer after (minutes)', { type: 'number' })}
        {text('minimumNoticeMinutes', 'Minimum notice (minutes)', { type: 'number', hint: 'How long before the start it can still be booked' })}
        {text('bookingWindowDays', 'Bookable ahead (days)', { type: 'number', hint: '1 to 365' })}
        {text('maxPerDay', 'At most per day', { type: 'number', hint: 'Empty for no limit' })}
        <div className={css({ display: 'flex', flexDir: 'column', gap: '3', justifyContent: 'end' })}>
          <Switch label="Shown on your profile" checked={active} onCheckedChange={setActive} />
          <Switch label="Its own refund policy" checked={ownPolicy} onCheckedChange={setOwnPolicy} />
        </div>
        {ownPolicy ? (
          <>
            {text('fullRefundHours', 'Full refund until (hours before)', { type: 'number' })}
            {text('partialRefundHours', 'Partial refund until (hours before)', { type: 'number' })}
            {text('partialRefundPercent', 'Partial refund (%)', { type: 'number' })}
          </>
        ) : null}
      </div>
    </FormDialog>
  )
}
