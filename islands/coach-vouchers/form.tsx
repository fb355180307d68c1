/**
 * New or edit voucher (loaded when its dialog first opens): code, kind, value, cap, uses, expiry
 * and what it applies to, checked with the API's own voucher schema on change and on blur
 * (section 5 messages under their fields), 422s from the server likewise.
 */
import { useEffect, useMemo, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { field } from 'styled-system/recipes/field'
import { Button } from '../../design-system/components/button/button'
import { Combobox } from '../../design-system/components/combobox/combobox'
import { Dialog } from '../../design-system/components/dialog/dialog'
import { FormField } from '../../design-system/components/field/form-field'
import { Input } from '../../design-system/components/input/input'
import { Select } from '../../design-system/components/select/select'
import { VoucherCreateSchema, type VoucherTarget } from '../../src/modules/vouchers/voucher.schema'
import { ApiError, get, patch, post } from '../lib/api'
import { check, focusFirstInvalid } from '../lib/form'
import { fmtDateTime } from '../lib/format'
import type { VoucherEdit } from './props'

type Values = { code: string; discountType: string; discountValue: string; maxDiscount: string; maxUses: string; expiresAt: string; target: string }
type Key = keyof Values

const GRID = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } })
const WIDE = css({ gridColumn: { sm: 'span 2' } })
const fieldCss = field()
const KINDS = [
  { value: 'percentage', label: 'Percentage off' },
  { value: 'fixed', label: 'Fixed amount off' },
  { value: 'free', label: 'Free seats' },
]

/** `2026-05-01T09:30` in the browser's time zone, from an ISO time. */
function localInput(iso: string | null) {
  if (!iso) return ''
  const d = new Date(iso)
  const p = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`
}
/** "Applies to": every workshop of the team. */
const ALL = 'all'
const optional = (s: string) => (s.trim() === '' ? null : Number(s))

function bodyOf(v: Values) {
  const [modelType, modelId] = v.target && v.target !== ALL ? v.target.split(':') : [null, null]
  const free = v.discountType === 'free'
  return {
    code: v.code,
    modelType,
    modelId,
    expiresAt: v.expiresAt ? new Date(v.expiresAt).toISOString() : null,
    data: {
      discountType: v.discountType,
      // Empty is not a number: the schema says what it needs.
      discountValue: free ? 0 : v.discountValue.trim() === '' ? Number.NaN : Number(v.discountValue),
      maxDiscount: free ? null : optional(v.maxDiscount),
      maxUses: optional(v.maxUses),
    },
  }
}

/** The field a message of the schema or the server belongs to ('data.discountValue' and 'discountValue' alike). */
const FIELD_OF: Record<string, Key> = {
  code: 'code',
  discountType: 'discountType',
  discountValue: 'discountValue',
  maxDiscount: 'maxDiscount',
  maxUses: 'maxUses',
  expiresAt: 'expiresAt',
  modelId: 'target',
  modelType: 'target',
}
function byField(bag: Record<string, string[]> | null | undefined) {
  const out: Partial<Record<Key, string>> = {}
  for (const [k, m] of Object.entries(bag ?? {})) {
    const f = FIELD_OF[k.split('.').pop()!]
    if (f && !out[f]) out[f] = m[0]
  }
  return out
}

interface Target {
  value: string
  label: string
}
const ALL_TARGET: Target = { value: ALL, label: 'All workshops' }

/**
 * What the voucher may apply to, from the server as the dialog opens and as the coach types (the
 * team's workshops whose titles match, each with its next sessions): never the whole catalogue.
 */
function useTargets(voucher: VoucherEdit | null) {
  const [query, setQuery] = useState('')
  const [targets, setTargets] = useState<Target[] | null>(null)
  const [failed, setFailed] = useState(false)
  const seq = useRef(0)
  useEffect(() => {
    const n = ++seq.current
    const timer = setTimeout(
      () => {
        get<{ data: VoucherTarget[] }>('/v1/vouchers/targets', {
          query: { q: query || undefined, modelType: voucher?.modelType ?? undefined, modelId: voucher?.modelId ?? undefined },
          silent: true,
        })
          .then((r) => {
            if (n !== seq.current) return
            setFailed(false)
            setTargets([
              ALL_TARGET,
              ...r.data.flatMap((w) => [
                { value: `workshop:${w.id}`, label: `${w.title} (every session)` },
                ...w.schedules.map((s) => ({ value: `workshop_schedule:${s.id}`, label: `${w.title} · ${fmtDateTime(s.startDate, s.timezone)}` })),
              ]),
            ])
          })
          .catch(() => n === seq.current && setFailed(true))
      },
      query ? 250 : 0,
    )
    return () => clearTimeout(timer)
  }, [query, voucher?.modelType, voucher?.modelId])
  return { targets, failed, search: setQuery }
}

export default function VoucherForm({
  voucher,
  currency,
  onClose,
  onSaved,
}: {
  voucher: VoucherEdit | null
  currency: string
  onClose: () => void
  onSaved: (code: string, created: boolean) => void
}) {
  const [values, setValues] = useState<Values>({
    code: voucher?.code ?? '',
    discountType: voucher?.discountType ?? 'percentage',
    discountValue: voucher ? String(voucher.discountValue) : '',
    maxDiscount: voucher?.maxDiscount != null ? String(voucher.maxDiscount) : '',
    maxUses: voucher?.maxUses != null ? String(voucher.maxUses) : '',
    expiresAt: localInput(voucher?.expiresAt ?? null),
    target: voucher?.modelType && voucher.modelId ? `${voucher.modelType}:${voucher.modelId}` : ALL,
  })
  const [touched, setTouched] = useState<Partial<Record<Key, boolean>>>({})
  const [server, setServer] = useState<Partial<Record<Key, string>>>({})
  const [failure, setFailure] = useState('')
  const [busy, setBusy] = useState(false)
  const [root, setRoot] = useState<HTMLFormElement | null>(null)

  const checked = useMemo(() => byField(check(VoucherCreateSchema, bodyOf(values))), [values])
  const error = (k: Key) => server[k] ?? (touched[k] ? checked[k] : undefined)
  const set = (k: Key, value: string) => {
    setValues((v) => ({ ...v, [k]: value }))
    setTouched((t) => ({ ...t, [k]: true }))
    setServer((s) => ({ ...s, [k]: undefined }))
  }
  const blur = (k: Key) => setTouched((t) => ({ ...t, [k]: true }))

  const { targets, failed, search } = useTargets(voucher)

  async function submit() {
    setTouched({ code: true, discountType: true, discountValue: true, maxDiscount: true, maxUses: true, expiresAt: true, target: true })
    if (Object.keys(checked).length) return focusFirstInvalid(root)
    setBusy(true)
    setFailure('')
    try {
      const body = bodyOf(values)
      const res = voucher
        ? await patch<{ data: { code: string } }>(`/v1/vouchers/${voucher.id}`, body, { silent: true })
        : await post<{ data: { code: string } }>('/v1/vouchers', body, { silent: true })
      onSaved(res.data.code, !voucher)
    } catch (err) {
      if (err instanceof ApiError && err.status === 422 && err.errors) {
        setServer(byField(err.errors))
        focusFirstInvalid(root)
      } else setFailure(err instanceof ApiError && err.message ? err.message : 'Something went wrong!')
    } finally {
      setBusy(false)
    }
  }

  const free = values.discountType === 'free'
  const cur = currency.toUpperCase()
  const text = (
    k: Key,
    label: string,
    opts: { type?: string; hint?: string; required?: boolean; step?: string; wide?: boolean; placeholder?: string } = {},
  ) => (
    <FormField label={label} hint={opts.hint} required={opts.required} error={error(k)} id={`voucher-${k}`} className={opts.wide ? WIDE : undefined}>
      <Input
        size="sm"
        type={opts.type ?? 'text'}
        step={opts.step}
        inputMode={opts.type === 'number' ? 'decimal' : undefined}
        placeholder={opts.placeholder}
        value={values[k]}
        onChange={(e) => set(k, e.target.value)}
        onBlur={() => blur(k)}
      />
    </FormField>
  )

  return (
    <Dialog
      open
      size="lg"
      onOpenChange={(o) => (o ? null : onClose())}
      title={voucher ? `Edit ${voucher.code}` : 'New voucher'}
      description="A code clients enter when they book. It applies at once, for every booking until its uses run out or it expires."
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={busy}>
            {voucher ? 'Save voucher' : 'Create voucher'}
          </Button>
        </>
      }
    >
      <form
        ref={setRoot}
        aria-label={voucher ? 'Edit voucher' : 'New voucher'}
        className={GRID}
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          void submit()
        }}
      >
        {text('code', 'Code', { required: true, hint: 'Letters, numbers, - and _; clients type it in any case.', placeholder: 'LAUNCH20' })}
        <div className={fieldCss.root}>
          <Select label="Kind" options={KINDS} value={values.discountType} onValueChange={(v) => v && set('discountType', v)} size="sm" />
        </div>
        {free ? null : (
          <>
            {text('discountValue', values.discountType === 'percentage' ? 'Percent off' : `Amount off (${cur})`, {
              type: 'number',
              step: values.discountType === 'percentage' ? '1' : '0.01',
              required: true,
              hint: values.discountType === 'percentage' ? 'Between 0 and 100.' : 'Once per booking.',
            })}
            {text('maxDiscount', `Most off per booking (${cur})`, { type: 'number', step: '0.01', hint: 'Empty: no cap.' })}
          </>
        )}
        {text('maxUses', 'Maximum uses', { type: 'number', step: '1', hint: 'Empty: no limit. Each booking is one use.' })}
        {text('expiresAt', 'Expires', { type: 'datetime-local', hint: 'Your time zone. Empty: never.' })}
        <div className={`${fieldCss.root} ${WIDE}`} data-testid="voucher-target">
          {targets ? (
            <Combobox
              label="Applies to"
              placeholder="Type a workshop's title"
              items={targets}
              itemToValue={(t) => t.value}
              itemToString={(t) => t.label}
              value={values.target}
              onValueChange={(v) => set('target', v ?? ALL)}
              onInputChange={search}
              invalid={!!error('target')}
              emptyText="No workshop of the team has that in its title."
            />
          ) : (
            <p className={css({ color: 'fg.muted', fontSize: 'sm' })} role="status">
              {failed ? 'The workshops could not be loaded. Close and open the form again.' : 'Loading the team’s workshops…'}
            </p>
          )}
          {error('target') ? <span className={fieldCss.errorText}>{error('target')}</span> : null}
        </div>
        {failure ? (
          <p role="alert" className={`${WIDE} ${css({ color: 'fg.error', fontSize: 'sm' })}`}>
            {failure}
          </p>
        ) : null}
        <button type="submit" hidden />
      </form>
    </Dialog>
  )
}
