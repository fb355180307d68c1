/**
 * Checkout of /workshops/{id}/book: seats and an optional voucher (GET vouchers/verify shows
 * the discount), an optional billing address (the booking schema's rules, on blur and on
 * change; a 422 lands under its fields), POST /v1/bookings, then, when something is due, the
 * card step (Stripe.js card element, confirmCardPayment with the payment intent's client
 * secret, then finalize). A booking with nothing to pay is confirmed at once.
 */
import { Field as ArkField } from '@ark-ui/react/field'
import { useForm } from '@tanstack/react-form'
import { useRef, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { input } from 'styled-system/recipes'
import { Button } from '../../design-system/components/button/button'
import { Field } from '../../design-system/components/field/field'
import { AddressSchema, BookingCreateSchema } from '../../src/modules/bookings/booking.schema'
import { countryRule, COUNTRIES } from '../../src/shared/countries'
import { ApiError, get, post } from '../lib/api'
import { check, firstError, focusFirstInvalid, useServerErrors, validateWith } from '../lib/form'
import { PaymentStep, type Booking } from './payment-step'
import type { CheckoutProps } from './props'

const B = BookingCreateSchema.entries
const A = AddressSchema.entries
const ADDRESS_FIELDS = [
  { name: 'addressLine1', label: 'Address line 1', schema: A.addressLine1, autoComplete: 'address-line1', span: true },
  { name: 'addressLine2', label: 'Address line 2 (optional)', schema: A.addressLine2, autoComplete: 'address-line2', span: true },
  { name: 'city', label: 'City', schema: A.city, autoComplete: 'address-level2' },
  { name: 'state', label: 'State / region', schema: A.state, autoComplete: 'address-level1' },
  { name: 'zip', label: 'ZIP / postal code', schema: A.zip, autoComplete: 'postal-code' },
] as const

interface VoucherCheck {
  code: string
  seats: number
  valid: boolean
  message: string
  discount: number
  due: number
}

export const formatMoney = (amount: number, currency: string) => {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount)
  } catch {
    return `${amount.toFixed(2)} ${currency.toUpperCase()}`
  }
}

const row = css({ display: 'flex', justifyContent: 'space-between', fontSize: 'sm' })
const alert = css({ borderWidth: '1px', borderColor: 'red.7', bg: 'red.2', color: 'red.11', borderRadius: 'l2', px: '3', py: '2', fontSize: 'sm' })

export default function Checkout(props: CheckoutProps) {
  const root = useRef<HTMLFormElement>(null)
  const server = useServerErrors()
  const [booking, setBooking] = useState<Booking | null>(props.resume ?? null)
  const [voucher, setVoucher] = useState<VoucherCheck | null>(null)
  const [checking, setChecking] = useState(false)
  const [formError, setFormError] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)
  const maxSeats = Math.max(1, Math.min(props.seatsLeft, 100))

  const form = useForm({
    defaultValues: {
      seats: 1,
      voucherCode: '',
      withAddress: false,
      address: { addressLine1: '', addressLine2: '', city: '', state: '', zip: '', country: '' },
    },
  })

  const verify = async (code: string, seats: number) => {
    code = code.trim()
    if (!code) return setVoucher(null)
    const bad = check(B.voucherCode, code)
    if (bad) return server.setErrors({ voucherCode: bad._ ?? Object.values(bad)[0]! })
    setChecking(true)
    try {
      const r = await get<{ data: { valid: boolean; message: string; amount: { discount: number; due: number } | null } }>(`/v1/vouchers/verify/${encodeURIComponent(code)}`, {
        query: { workshopScheduleId: props.scheduleId, seats },
        silent: true,
      })
      setVoucher({ code, seats, valid: r.data.valid, message: r.data.message, discount: r.data.amount?.discount ?? 0, due: r.data.amount?.due ?? props.price * seats })
    } catch (err) {
      const message = err instanceof ApiError && err.status === 404 ? 'This voucher code is not valid.' : err instanceof ApiError && err.status === 422 ? (Object.values(err.errors ?? {})[0]?.[0] ?? err.message) : 'The voucher could not be checked. Try again.'
      setVoucher({ code, seats, valid: false, message, discount: 0, due: props.price * seats })
    } finally {
      setChecking(false)
    }
  }

  const send = async () => {
    setFormError(null)
    const v = form.state.values
    const body = {
      userId: props.userId,
      workshopScheduleId: props.scheduleId,
      seats: Number(v.seats),
      voucherCode: v.voucherCode.trim() || null,
      address: v.withAddress ? { ...v.address, addressLine2: v.address.addressLine2 || null } : null,
    }
    // An empty country fails the schema's country rule, as the spec wants for an address.
    const bag = check(BookingCreateSchema, body)
    if (bag) {
      server.setErrors(bag)
      return focusFirstInvalid(root.current)
    }
    try {
      const r = await post<{ data: Booking }>('/v1/bookings', body, { silent: true })
      setBooking(r.data)
    } catch (err) {
      if (server.take(err, root.current)) {
        const e = (err as ApiError).errors ?? {}
        const other = Object.entries(e).find(([k]) => !['seats', 'voucherCode'].includes(k) && !k.startsWith('address.'))
        if (other) setFormError(other[1][0] ?? null)
      } else setFormError(err instanceof ApiError && err.message ? err.message : 'The booking could not be made. Try again.')
    }
  }

  if (booking) return <PaymentStep booking={booking} {...props} />

  return (
    <form
      ref={root}
      noValidate
      aria-label="Booking details"
      className={css({ display: 'flex', flexDir: 'column', gap: '5' })}
      onSubmit={(e) => {
        e.preventDefault()
        if (submitting) return
        setSubmitting(true)
        void form.validateAllFields('change').then(send).finally(() => setSubmitting(false))
      }}
    >
      <div>
        <h2 className={css({ fontSize: 'xl', fontWeight: 'semibold' })}>Book your seats</h2>
        <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>You hold one seat; invite others to the rest after booking.</p>
      </div>
      {formError && <p role="alert" className={alert}>{formError}</p>}

      <form.Field name="seats" validators={validateWith(B.seats)}>
        {(field) => {
          const error = firstError(field.state.meta.errors) ?? server.of('seats')
          return (
            <Field.Root invalid={!!error}>
              <Field.Label>Seats</Field.Label>
              <ArkField.Select
                name="seats"
                className={cx(input({ size: 'md' }), css({ bg: 'bg.default' }))}
                value={field.state.value}
                onBlur={field.handleBlur}
                onChange={(e) => {
                  server.clear('seats')
                  const n = Number(e.target.value)
                  field.handleChange(n)
                  if (voucher) void verify(voucher.code, n)
                }}
              >
                {Array.from({ length: maxSeats }, (_, i) => i + 1).map((n) => <option key={n} value={n}>{n} {n === 1 ? 'seat' : 'seats'}</option>)}
              </ArkField.Select>
              <Field.HelperText>{props.seatsLeft} {props.seatsLeft === 1 ? 'seat' : 'seats'} left</Field.HelperText>
              <Field.ErrorText>{error}</Field.ErrorText>
            </Field.Root>
          )
        }}
      </form.Field>

      <form.Field name="voucherCode" validators={validateWith(B.voucherCode)}>
        {(field) => {
          const error = firstError(field.state.meta.errors) ?? server.of('voucherCode') ?? (voucher && !voucher.valid && voucher.code === field.state.value.trim() ? voucher.message : undefined)
          return (
            <Field.Root invalid={!!error}>
              <Field.Label>Voucher code (optional)</Field.Label>
              <div className={css({ display: 'flex', gap: '2' })}>
                <Field.Input
                  name="voucherCode"
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  value={field.state.value}
                  onBlur={field.handleBlur}
                  onChange={(e) => {
                    server.clear('voucherCode')
                    field.handleChange(e.target.value)
                    if (voucher) setVoucher(null)
                  }}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      e.preventDefault()
                      void verify(field.state.value, form.state.values.seats)
                    }
                  }}
                />
                <Button type="button" variant="outline" size="md" loading={checking} onClick={() => void verify(field.state.value, form.state.values.seats)} disabled={!field.state.value.trim()}>
                  Apply
                </Button>
              </div>
              {voucher?.valid && voucher.code === field.state.value.trim() && <Field.HelperText className={css({ color: 'green.11!' })}>{voucher.message}</Field.HelperText>}
              <Field.ErrorText>{error}</Field.ErrorText>
            </Field.Root>
          )
        }}
      </form.Field>

      <form.Field name="withAddress">
        {(field) => (
          <label className={css({ display: 'flex', gap: '2', alignItems: 'center', fontSize: 'sm', cursor: 'pointer' })}>
            <input type="checkbox" checked={field.state.value} onChange={(e) => field.handleChange(e.target.checked)} className={css({ w: '4', h: '4', accentColor: 'var(--colors-color-palette-default)' })} />
            Add a billing address to the invoice
          </label>
        )}
      </form.Field>

      <form.Subscribe selector={(s) => s.values.withAddress}>
        {(withAddress) =>
          withAddress && (
            <fieldset className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '4', borderWidth: '1px', borderColor: 'border.subtle', borderRadius: 'l2', p: '4' })}>
              <legend className={css({ fontSize: 'sm', fontWeight: 'semibold', px: '1' })}>Billing address</legend>
              {ADDRESS_FIELDS.map((f) => (
                <form.Field key={f.name} name={`address.${f.name}`} validators={validateWith(f.schema)}>
                  {(field) => {
                    const error = firstError(field.state.meta.errors) ?? server.of(`address.${f.name}`)
                    return (
                      <Field.Root invalid={!!error} className={'span' in f && f.span ? css({ gridColumn: { sm: '1 / -1' } }) : undefined}>
                        <Field.Label>{f.label}</Field.Label>
                        <Field.Input
                          name={`address.${f.name}`}
                          autoComplete={f.autoComplete}
                          value={field.state.value ?? ''}
                          onBlur={field.handleBlur}
                          onChange={(e) => {
                            server.clear(`address.${f.name}`)
                            field.handleChange(e.target.value)
                          }}
                        />
                        <Field.ErrorText>{error}</Field.ErrorText>
                      </Field.Root>
                    )
                  }}
                </form.Field>
              ))}
              <form.Field name="address.country" validators={validateWith(countryRule)}>
                {(field) => {
                  const error = firstError(field.state.meta.errors) ?? server.of('address.country')
                  return (
                    <Field.Root invalid={!!error}>
                      <Field.Label>Country</Field.Label>
                      <ArkField.Select
                        name="address.country"
                        autoComplete="country"
                                className={cx(input({ size: 'md' }), css({ bg: 'bg.default' }))}
                        value={field.state.value}
                        onBlur={field.handleBlur}
                        onChange={(e) => {
                          server.clear('address.country')
                          field.handleChange(e.target.value)
                        }}
                      >
                        <option value="">Select a country</option>
                        {COUNTRIES.map((c) => <option key={c.code} value={c.code}>{c.name}</option>)}
                      </ArkField.Select>
                      <Field.ErrorText>{error}</Field.ErrorText>
                    </Field.Root>
                  )
                }}
              </form.Field>
            </fieldset>
          )
        }
      </form.Subscribe>

      <form.Subscribe selector={(s) => s.values.seats}>
        {(seats) => {
          const subtotal = props.price * seats
          const applied = voucher?.valid && voucher.seats === seats ? voucher : null
          const total = applied ? applied.due : subtotal
          return (
            <div className={css({ display: 'flex', flexDir: 'column', gap: '2', borderTopWidth: '1px', borderColor: 'border.subtle', pt: '4' })} data-testid="order-summary">
              <p className={row}><span>{formatMoney(props.price, props.currency)} × {seats}</span><span>{formatMoney(subtotal, props.currency)}</span></p>
              {applied && applied.discount > 0 && <p className={cx(row, css({ color: 'green.11' }))}><span>Voucher {applied.code}</span><span>−{formatMoney(applied.discount, props.currency)}</span></p>}
              <p className={cx(row, css({ fontWeight: 'bold', fontSize: 'lg' }))}><span>Total</span><span data-testid="total">{formatMoney(total, props.currency)}</span></p>
              <Button type="submit" size="lg" loading={submitting} loadingText="Booking..." className={css({ mt: '2' })}>
                {total > 0 ? 'Continue to payment' : 'Confirm booking'}
              </Button>
            </div>
          )
        }}
      </form.Subscribe>
    </form>
  )
}
