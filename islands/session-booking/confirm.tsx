/**
 * The chosen time, confirmed: what it is (in the visitor's zone and the coach's), what it costs
 * and what a cancellation gives back; signed out, the ways to sign in or create an account that
 * come back to this time; signed in, an optional voucher and the booking itself.
 */
import { lazy, Suspense, useState } from 'react'
import { css } from 'styled-system/css'
import * as v from 'valibot'
import { Button } from '../../design-system/components/button/button'
import { FormField } from '../../design-system/components/field/form-field'
import { Input } from '../../design-system/components/input/input'
import { LinkButton } from '../../design-system/components/link-button/link-button'
import { Switch } from '../../design-system/components/switch/switch'
import { voucherCodeRule } from '../../src/modules/vouchers/voucher.schema'
import { ApiError, post } from '../lib/api'
import type { BillingField, CompanyBilling } from '../lib/company-billing'
import { fmtDateTime, fmtTime, money } from '../lib/format'
import { PriceNote } from '../lib/price-note'
import type { Slot } from './calendar'
import type { SessionBookingProps } from './props'

type Booking = NonNullable<SessionBookingProps['resume']>
/** The company's fields and rules (the checkout's, islands/lib/company-billing.tsx): loaded when "I'm buying for a company" is turned on. */
const loadBilling = () => import('../lib/company-billing')
const BillingFields = lazy(loadBilling)
const EMPTY_BILLING: CompanyBilling = { company: '', address: '', country: '', vatId: '' }

const row = css({ display: 'flex', justifyContent: 'space-between', gap: '3', fontSize: 'sm' })

export function ConfirmStep(
  props: SessionBookingProps & {
    slot: Slot
    tz: string
    onBack: () => void
    onBooked: (b: Booking) => void
    onTaken: (message: string) => void
  },
) {
  const { slot, tz } = props
  const [voucher, setVoucher] = useState('')
  const [voucherError, setVoucherError] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [forCompany, setForCompany] = useState(false)
  const [billing, setBilling] = useState<CompanyBilling>(EMPTY_BILLING)
  const [billingErrors, setBillingErrors] = useState<Partial<Record<BillingField, string>>>({})
  const [checked, setChecked] = useState(false)
  /** The company's messages (BillingSchema, its rules cross fields), once "Continue" was pressed or the server answered. */
  const recheck = async (next: CompanyBilling) => setBillingErrors((await loadBilling()).billingErrors(next))
  const back = `${props.pagePath}?start=${encodeURIComponent(slot.start)}`
  const coachSide =
    tz === props.coachTimeZone ? null : `${fmtTime(slot.start, props.coachTimeZone)} for ${props.coachName} (${props.coachTimeZone.replace(/_/g, ' ')})`

  async function book() {
    const code = voucher.trim()
    // The booking API's own voucher rule (the same message).
    const voucherCheck = code ? v.safeParse(voucherCodeRule, code, { abortPipeEarly: true }) : null
    if (voucherCheck && !voucherCheck.success) return setVoucherError(voucherCheck.issues[0]?.message ?? null)
    const company = forCompany ? await loadBilling() : null
    if (company) {
      const found = company.billingErrors(billing)
      setBillingErrors(found)
      setChecked(true)
      if (Object.keys(found).length) return
    }
    setBusy(true)
    setError(null)
    try {
      const r = await post<{ data: Booking }>(
        '/v1/bookings',
        { sessionTypeId: props.sessionTypeId, startsAt: slot.start, voucherCode: code || null, billing: company ? company.billingBody(billing) : null },
        { silent: true },
      )
      props.onBooked({ ...r.data, startsAt: slot.start })
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) return props.onTaken(err.message || 'This time is no longer available.')
      if (err instanceof ApiError && err.status === 422) {
        const bag = err.errors ?? {}
        if (bag.voucherCode) return setVoucherError(bag.voucherCode[0] ?? null)
        if (bag.startsAt) return props.onTaken(bag.startsAt[0] ?? 'Please pick another time.')
        const onCompany = Object.entries(bag).filter(([k]) => k.startsWith('billing.'))
        if (onCompany.length) return setBillingErrors(Object.fromEntries(onCompany.map(([k, m]) => [k.slice(8), m[0]])))
        return setError(Object.values(bag)[0]?.[0] ?? err.message)
      }
      setError(err instanceof ApiError && err.message ? err.message : 'The booking could not be made. Try again.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      aria-label="Confirm your session"
      noValidate
      className={css({ display: 'flex', flexDir: 'column', gap: '5' })}
      onSubmit={(e) => {
        e.preventDefault()
        if (!busy && props.viewer) void book()
      }}
    >
      <div>
        <h2 className={css({ fontSize: 'xl', fontWeight: 'semibold' })}>Your session</h2>
        <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>Check the time, then book it.</p>
      </div>
      <dl
        className={css({
          display: 'flex',
          flexDir: 'column',
          gap: '2',
          borderWidth: '1px',
          borderColor: 'border.subtle',
          borderRadius: 'l2',
          p: '4',
          bg: 'bg.subtle',
        })}
        data-testid="session-summary"
      >
        <div className={row}>
          <dt>{props.title}</dt>
          <dd>{props.durationMinutes} min</dd>
        </div>
        <div className={row}>
          <dt>When</dt>
          <dd data-testid="session-when" className={css({ textAlign: 'right' })}>
            {fmtDateTime(slot.start, tz)} – {fmtTime(slot.end, tz)} ({tz.replace(/_/g, ' ')})
            {coachSide ? <span className={css({ display: 'block', color: 'fg.muted' })}>{coachSide}</span> : null}
          </dd>
        </div>
        <div className={css({ display: 'flex', justifyContent: 'space-between', fontWeight: 'bold' })}>
          <dt>Price</dt>
          <dd>
            {props.price > 0 ? (
              <>
                {money(props.price, props.currency)}
                <PriceNote note={props.priceNote} />
              </>
            ) : (
              'Free'
            )}
          </dd>
        </div>
      </dl>
      <p className={css({ fontSize: 'sm' })} data-testid="session-refund">
        <strong>Refund policy.</strong> {props.refundText}
      </p>
      {error ? (
        <p role="alert" className={css({ color: 'fg.error', fontSize: 'sm' })}>
          {error}
        </p>
      ) : null}
      {props.viewer ? (
        <>
          {props.price > 0 ? (
            <FormField label="Voucher code (optional)" id="session-voucher" error={voucherError}>
              <Input
                size="md"
                name="voucherCode"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                value={voucher}
                onChange={(e) => {
                  setVoucher(e.target.value)
                  setVoucherError(null)
                }}
              />
            </FormField>
          ) : null}
          {props.price > 0 ? (
            <>
              <Switch
                name="forCompany"
                label="I’m buying for a company"
                checked={forCompany}
                onCheckedChange={(on) => {
                  setForCompany(on)
                  if (on) void loadBilling()
                }}
              />
              {forCompany ? (
                <Suspense fallback={<p className={css({ color: 'fg.muted', fontSize: 'sm' })}>Loading…</p>}>
                  <BillingFields
                    value={billing}
                    errorOf={(name: BillingField) => billingErrors[name]}
                    onChange={(name: BillingField, value: string) => {
                      const next = { ...billing, [name]: value }
                      setBilling(next)
                      if (checked) void recheck(next)
                      else setBillingErrors((e) => ({ ...e, [name]: undefined }))
                    }}
                    onBlur={() => {
                      if (checked) void recheck(billing)
                    }}
                  />
                </Suspense>
              ) : null}
            </>
          ) : null}
          <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap' })}>
            <Button type="submit" size="lg" loading={busy} loadingText="Booking...">
              {props.price > 0 ? 'Continue to payment' : 'Confirm booking'}
            </Button>
            <Button variant="outline" size="lg" disabled={busy} onClick={props.onBack}>
              Change time
            </Button>
          </div>
        </>
      ) : (
        <div className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
          <p className={css({ fontSize: 'sm' })}>Sign in or create an account to book this time: you come back here to confirm it.</p>
          <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap' })}>
            <LinkButton size="lg" href={`/login?redirect=${encodeURIComponent(back)}`}>
              Sign in to book
            </LinkButton>
            <LinkButton size="lg" variant="outline" href={`/register?redirect=${encodeURIComponent(back)}`}>
              Create an account
            </LinkButton>
            <Button variant="ghost" size="lg" onClick={props.onBack}>
              Change time
            </Button>
          </div>
        </div>
      )}
    </form>
  )
}
