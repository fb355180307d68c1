/**
 * Checkout of /workshops/{id}/book: seats and an optional voucher (GET vouchers/verify shows
 * the discount), an optional billing address (the booking schema's rules, on blur and on
 * change; a 422 lands under its fields), POST /v1/bookings, then, when something is due, the
 * card step (Stripe.js card element, confirmCardPayment with the payment intent's client
 * secret, then finalize). A booking with nothing to pay is confirmed at once.
 *
 * The first load is small (plain elements with the design system's recipe classes): the booking
 * schema (with the country list its address rule needs) loads on the first interaction, the
 * address fields when ticked, the card step when a booking exists.
 */
import { type ComponentType, lazy, Suspense, useId, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import * as v from 'valibot'
import { Button } from '../../design-system/components/button/button'
import { FormField } from '../../design-system/components/field/form-field'
import { Input } from '../../design-system/components/input/input'
import { NativeSelect } from '../../design-system/components/native-select/native-select'
import { formatAmount } from '../../src/shared/money'
import { count } from '../../src/shared/words'
import { ApiError, get, post } from '../lib/api'
import type { BillingField, CompanyBilling } from '../lib/company-billing'
import { check, focusFirstInvalid, useServerErrors } from '../lib/form'
import { type Answers, answerError, answersBody, answersErrors, QuestionFields } from '../lib/question-fields'
import type { Address } from './address'
import { billingModule, InvoiceDetails, loadBilling } from './invoice-details'
import { OfferSeats, seatsNote } from './offer-seats'
import type { Booking } from './payment-step'
import type { CheckoutProps } from './props'
import { OrderSummary, useQuote } from './summary'

type Schemas = typeof import('../../src/modules/bookings/booking.schema')
let schemas: Schemas | null = null
let schemasLoading: Promise<Schemas> | null = null
/** The booking rules (shared with the API), fetched on first use. */
const loadSchemas = () => (schemasLoading ??= import('../../src/modules/bookings/booking.schema').then((m) => (schemas = m)))

type PaymentModule = typeof import('./payment-step')
let Payment: PaymentModule['PaymentStep'] | null = null
const loadPayment = () => import('./payment-step').then((m) => (Payment = m.PaymentStep))
const LazyPayment = lazy(() => loadPayment().then((P) => ({ default: P as ComponentType<any> })))
// The server renders a resumed booking's card step at once: it has the module before any render.
if (typeof window === 'undefined') void loadPayment()

const EMPTY_ADDRESS: Address = { addressLine1: '', addressLine2: '', city: '', state: '', zip: '', country: '' }
const EMPTY_BILLING: CompanyBilling = { company: '', address: '', country: '', vatId: '' }

interface VoucherCheck {
  code: string
  seats: number
  valid: boolean
  message: string
  discount: number
  due: number
}

export { seatsNote }
export const formatMoney = (amount: number, currency: string) => formatAmount(amount, currency)

/** The first message of a rule for a value, or undefined. */
const ruleError = (schema: v.GenericSchema | undefined, value: unknown) => {
  if (!schema) return undefined
  const r = v.safeParse(schema, value, { abortPipeEarly: true })
  return r.success ? undefined : r.issues[0]?.message
}

const alert = css({ borderWidth: '1px', borderColor: 'red.7', bg: 'red.2', color: 'red.11', borderRadius: 'l2', px: '3', py: '2', fontSize: 'sm' })
const control = css({ bg: 'bg.default' })
const submitGap = css({ mt: '2' })
const stack = css({ display: 'flex', flexDir: 'column', gap: '5' })

/** Resumed bookings need the card step before hydration (client-bare awaits this). */
Checkout.prepare = (props: CheckoutProps) => (props.resume ? loadPayment() : undefined)

export default function Checkout(props: CheckoutProps) {
  const id = useId()
  const root = useRef<HTMLFormElement>(null)
  const server = useServerErrors()
  const [booking, setBooking] = useState<Booking | null>((props.resume as Booking | null | undefined) ?? null)
  const offer = props.offer ?? null
  const maxSeats = Math.max(1, Math.min(props.seatsLeft, 100))
  const [seats, setSeats] = useState(offer?.seats ?? Math.min(Math.max(1, props.seats ?? 1), maxSeats))
  const [voucherCode, setVoucherCode] = useState('')
  const [withAddress, setWithAddress] = useState(false)
  const [address, setAddress] = useState<Address>(EMPTY_ADDRESS)
  const [forCompany, setForCompany] = useState(false)
  const [billing, setBilling] = useState<CompanyBilling>(EMPTY_BILLING)
  const [billingReady, setBillingReady] = useState(false)
  const [errors, setErrors] = useState<Record<string, string | undefined>>({})
  const [touched, setTouched] = useState<Record<string, boolean>>({})
  const [voucher, setVoucher] = useState<VoucherCheck | null>(null)
  const [checking, setChecking] = useState(false)
  const [formError, setFormError] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)
  const questions = props.questions ?? []
  const [answers, setAnswers] = useState<Answers>({})
  // The tax is the server's: a team registered for tax shows the quote for these seats, this
  // voucher and this buyer (a company's details once they pass the schema).
  const taxed = props.priceNote != null
  const companyDone = forCompany && billingReady && billingModule ? Object.keys(billingModule.billingErrors(billing)).length === 0 : !forCompany
  const quote = useQuote(
    companyDone
      ? {
          workshopScheduleId: props.scheduleId,
          seats,
          voucherCode: voucher?.valid && voucher.seats === seats ? voucher.code : null,
          billing: forCompany && billingModule ? billingModule.billingBody(billing) : null,
        }
      : null,
    taxed && !booking,
  )

  /** The rule of a field (`seats`, `voucherCode`, `address.city`...), once the schemas are here. */
  const ruleOf = (key: string): v.GenericSchema | undefined => {
    if (!schemas) return undefined
    if (key.startsWith('address.')) return (schemas.AddressSchema.entries as Record<string, v.GenericSchema>)[key.slice(8)]
    return (schemas.BookingCreateSchema.entries as Record<string, v.GenericSchema>)[key]
  }
  /** Runs a field's rule (loading the rules first if needed) and shows its message. */
  const validate = (key: string, value: unknown) => {
    if (key.startsWith('billing.')) return validateBilling(key.slice(8) as BillingField, value as CompanyBilling)
    const run = () => setErrors((e) => ({ ...e, [key]: ruleError(ruleOf(key), value) }))
    if (schemas) run()
    else void loadSchemas().then(run)
  }
  /** A company field's message under BillingSchema (its rules cross fields, so the whole company is checked). */
  const validateBilling = (name: BillingField, all: CompanyBilling) => {
    const run = () => setErrors((e) => ({ ...e, [`billing.${name}`]: billingModule!.billingErrors(all)[name] }))
    if (billingModule) run()
    else void loadBilling().then(run)
  }
  const blur = (key: string, value: unknown) => {
    setTouched((t) => ({ ...t, [key]: true }))
    validate(key, value)
  }
  /** On change: server error cleared, the rule re-run once the field was left once (on blur and on change). */
  const changed = (key: string, value: unknown) => {
    server.clear(key)
    if (touched[key]) validate(key, value)
  }
  const errorOf = (key: string) => errors[key] ?? server.of(key)

  const verify = async (code: string, n: number) => {
    code = code.trim()
    if (!code) return setVoucher(null)
    await loadSchemas()
    const bad = ruleError(ruleOf('voucherCode'), code)
    if (bad) return server.setErrors({ voucherCode: [bad] })
    setChecking(true)
    try {
      const r = await get<{ data: { valid: boolean; message: string; amount: { discount: number; due: number } | null } }>(
        `/v1/vouchers/verify/${encodeURIComponent(code)}`,
        {
          query: { workshopScheduleId: props.scheduleId, seats: n },
          silent: true,
        },
      )
      setVoucher({
        code,
        seats: n,
        valid: r.data.valid,
        message: r.data.message,
        discount: r.data.amount?.discount ?? 0,
        due: r.data.amount?.due ?? props.price * n,
      })
    } catch (err) {
      const message =
        err instanceof ApiError && err.status === 404
          ? 'This voucher code is not valid.'
          : err instanceof ApiError && err.status === 422
            ? (Object.values(err.errors ?? {})[0]?.[0] ?? err.message)
            : 'The voucher could not be checked. Try again.'
      setVoucher({ code, seats: n, valid: false, message, discount: 0, due: props.price * n })
    } finally {
      setChecking(false)
    }
  }

  const send = async () => {
    setFormError(null)
    const { BookingCreateSchema } = await loadSchemas()
    const company = forCompany ? await loadBilling() : null
    const body = {
      userId: props.userId,
      workshopScheduleId: props.scheduleId,
      seats,
      voucherCode: voucherCode.trim() || null,
      address: withAddress && !forCompany ? { ...address, addressLine2: address.addressLine2 || null } : null,
      billing: company ? company.billingBody(billing) : null,
      ...(offer ? { waitlistEntryId: offer.id } : {}),
      ...(questions.length ? { answers: answersBody(answers) } : {}),
    }
    // An empty country fails the schema's country rule, as the spec wants for an address.
    const companyErrors = company ? Object.entries(company.billingErrors(billing)) : []
    const bag =
      (companyErrors.length ? Object.fromEntries(companyErrors.map(([k, m]) => [`billing.${k}`, [m as string]])) : null) ??
      check(BookingCreateSchema, body) ??
      answersErrors(questions, answers)
    if (bag) {
      server.setErrors(bag)
      return focusFirstInvalid(root.current)
    }
    try {
      await loadPayment()
      const r = await post<{ data: Booking }>('/v1/bookings', body, { silent: true })
      setBooking(r.data)
    } catch (err) {
      if (server.take(err, root.current)) {
        const e = (err as ApiError).errors ?? {}
        const other = Object.entries(e).find(([k]) => !['seats', 'voucherCode'].includes(k) && !/^(address|answers|billing)\./.test(k))
        if (other) setFormError(other[1][0] ?? null)
      } else setFormError(err instanceof ApiError && err.message ? err.message : 'The booking could not be made. Try again.')
    }
  }

  if (booking) {
    if (Payment) return <Payment booking={booking} {...props} />
    return (
      <Suspense
        fallback={
          <p className={css({ color: 'fg.muted', fontSize: 'sm' })} aria-busy="true">
            Loading the payment form…
          </p>
        }
      >
        <LazyPayment booking={booking} {...props} />
      </Suspense>
    )
  }

  const seatsError = errorOf('seats')
  const voucherApplied = voucher?.valid && voucher.code === voucherCode.trim()
  const voucherError = errorOf('voucherCode') ?? (voucher && !voucher.valid && voucher.code === voucherCode.trim() ? voucher.message : undefined)
  const subtotal = props.price * seats
  const applied = voucher?.valid && voucher.seats === seats ? voucher : null
  const total = applied ? applied.due : subtotal

  return (
    <form
      ref={root}
      noValidate
      aria-label="Booking details"
      className={stack}
      onFocus={() => void loadSchemas()}
      onSubmit={(e) => {
        e.preventDefault()
        if (submitting) return
        setSubmitting(true)
        void send().finally(() => setSubmitting(false))
      }}
    >
      <div>
        <h2 className={css({ fontSize: 'xl', fontWeight: 'semibold' })}>{offer ? 'Your seats from the waitlist' : 'Book your seats'}</h2>
        <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{seatsNote(offer?.seats ?? seats)}</p>
      </div>
      {formError && (
        <p role="alert" className={alert}>
          {formError}
        </p>
      )}

      {offer ? (
        <OfferSeats offer={offer} />
      ) : (
        <FormField label="Seats" id={`${id}-seats`} error={seatsError} hint={count(props.seatsLeft, 'seat left')}>
          <NativeSelect
            name="seats"
            className={control}
            value={seats}
            data-invalid={seatsError ? '' : undefined}
            onBlur={() => blur('seats', seats)}
            onChange={(e) => {
              const n = Number(e.target.value)
              setSeats(n)
              changed('seats', n)
              if (voucher) void verify(voucher.code, n)
            }}
          >
            {Array.from({ length: maxSeats }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {count(n, 'seat')}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      )}

      {questions.length > 0 && (
        <QuestionFields
          idPrefix={`${id}-q`}
          questions={questions}
          answers={answers}
          errorOf={(qid) => errorOf(`answers.${qid}`)}
          onChange={(qid, value) => {
            setAnswers((a) => ({ ...a, [qid]: value }))
            server.clear(`answers.${qid}`)
            const q = questions.find((x) => x.id === qid)
            if (q && touched[`answers.${qid}`]) setErrors((e) => ({ ...e, [`answers.${qid}`]: answerError(q, value) }))
          }}
          onBlur={(qid) => {
            setTouched((t) => ({ ...t, [`answers.${qid}`]: true }))
            const q = questions.find((x) => x.id === qid)
            // The latest value (a choice calls onChange then onBlur in one go).
            if (q)
              setAnswers((a) => {
                setErrors((e) => ({ ...e, [`answers.${qid}`]: answerError(q, a[qid]) }))
                return a
              })
          }}
        />
      )}

      <FormField
        label="Voucher code (optional)"
        id={`${id}-voucherCode`}
        error={voucherError}
        hint={voucherApplied ? <span className={css({ color: 'green.11!' })}>{voucher!.message}</span> : undefined}
      >
        {(control_) => (
          <div className={css({ display: 'flex', gap: '2' })}>
            <Input
              {...control_}
              size="md"
              name="voucherCode"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              className={control}
              value={voucherCode}
              data-invalid={voucherError ? '' : undefined}
              onBlur={() => blur('voucherCode', voucherCode)}
              onChange={(e) => {
                setVoucherCode(e.target.value)
                changed('voucherCode', e.target.value)
                if (voucher) setVoucher(null)
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault()
                  void verify(voucherCode, seats)
                }
              }}
            />
            <Button
              size="md"
              variant="outline"
              disabled={!voucherCode.trim() || checking}
              aria-busy={checking || undefined}
              onClick={() => void verify(voucherCode, seats)}
            >
              Apply
            </Button>
          </div>
        )}
      </FormField>

      <InvoiceDetails
        forCompany={forCompany}
        onCompany={(on) => {
          setForCompany(on)
          if (on) void loadBilling().then(() => setBillingReady(true))
        }}
        billing={billing}
        onBilling={(name, next) => {
          setBilling(next)
          server.clear(`billing.${name}`)
          // The rules cross fields (the VAT ID is checked for the country): each field left once is checked again.
          for (const f of ['company', 'address', 'country', 'vatId'] as const) if (touched[`billing.${f}`] || f === name) changed(`billing.${f}`, next)
        }}
        withAddress={withAddress}
        onWithAddress={setWithAddress}
        address={address}
        onAddress={(name, value) => {
          setAddress((a) => ({ ...a, [name]: value }))
          changed(`address.${name}`, value)
        }}
        errorOf={errorOf}
        blur={blur}
      />

      <OrderSummary
        price={props.price}
        currency={props.currency}
        seats={seats}
        priceNote={props.priceNote ?? null}
        voucher={applied ? { code: applied.code, discount: applied.discount, due: applied.due } : null}
        quote={quote}
      >
        <Button type="submit" size="lg" className={submitGap} disabled={submitting} aria-busy={submitting || undefined}>
          {submitting ? 'Booking...' : (taxed ? (quote.quote?.amountDue ?? 1) : total) > 0 ? 'Continue to payment' : 'Confirm booking'}
        </Button>
      </OrderSummary>
    </form>
  )
}
