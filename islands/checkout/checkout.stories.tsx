import type { Meta, StoryObj } from '@storybook/react-vite'
import { mockApi } from '../../.storybook/mock-api'
import { fill, until } from '../../.storybook/play'
import Checkout from './index'

const meta = { title: 'Islands/Checkout', component: Checkout } satisfies Meta<typeof Checkout>
export default meta

const base = {
  scheduleId: '0190c0de-0000-7000-8000-000000000001',
  userId: '0190c0de-0000-7000-8000-000000000002',
  billingName: 'Mia Client',
  email: 'mia@example.com',
  title: 'Storytelling for leaders',
  price: 149,
  currency: 'usd',
  bookingUrl: '/b/bookings/{id}',
  session: {
    startDate: '2026-05-12T13:00:00.000Z',
    endDate: '2026-05-12T16:00:00.000Z',
    timezone: 'Europe/London',
    place: 'The Workshop Rooms, London, United Kingdom',
    when: 'Tue, May 12, 2026, 2:00 PM – 5:00 PM London time (9:00 AM – 12:00 PM your time)',
  },
  refundDeadline: 'Full refund if you cancel by Tue, May 5, 2026, 2:00 PM London time.',
}

export const Seats: StoryObj<typeof meta> = { args: { ...base, seatsLeft: 5 } }
export const LastSeat: StoryObj<typeof meta> = { args: { ...base, seatsLeft: 1 } }
export const Confirmed: StoryObj<typeof meta> = {
  args: {
    ...base,
    seatsLeft: 4,
    resume: {
      id: '0190c0de-0000-7000-8000-000000000003',
      status: 'CONFIRMED',
      seats: 2,
      amountTotal: 298,
      discount: 0,
      amountDue: 298,
      amountPaid: 298,
      currency: 'usd',
      voucherCode: null,
      holdExpiresAt: null,
    },
  },
}

const CSRF = { '/api/sanctum/csrf-cookie': { status: 204 } } as const
const BOOK = 'POST /v1/bookings'
/** "Continue to payment" pressed (the rules and the card step load first, then the booking is asked for). */
const submit = async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  ;(await until(canvasElement, 'button[type=submit]')).click()
}

/** The booking is on its way: the button says so and is busy. */
export const Booking: StoryObj<typeof meta> = {
  args: { ...base, seatsLeft: 5 },
  decorators: [mockApi({ ...CSRF, [BOOK]: 'pending' })],
  play: async (ctx) => {
    await submit(ctx)
    await until(ctx.canvasElement, 'button[type=submit][aria-busy=true]')
  },
}
/** Someone else took the seats meanwhile: the server's message (409) above the form, which stays as it was. */
export const SeatsGone: StoryObj<typeof meta> = {
  args: { ...base, seatsLeft: 5, seats: 2 },
  decorators: [mockApi({ ...CSRF, [BOOK]: { status: 409, body: { message: 'Only 1 seat left.' } } })],
  play: async (ctx) => {
    await submit(ctx)
    await until(ctx.canvasElement, '[role=alert]')
    await until(ctx.canvasElement, 'button[type=submit]:not([aria-busy])')
  },
}

/** A registered team's seats: "+ VAT" beside the price, and the tax the server quotes for this buyer (French VAT on top). */
const QUOTE = 'POST /v1/bookings/quote'
const tax = (over: Record<string, unknown>) => ({
  kind: 'standard',
  rate: 20,
  country: 'FR',
  region: null,
  name: 'VAT',
  included: false,
  net: 149,
  tax: 29.8,
  gross: 178.8,
  note: null,
  ...over,
})
export const WithVat: StoryObj<typeof meta> = {
  args: { ...base, currency: 'eur', seatsLeft: 5, priceNote: '+ VAT' },
  decorators: [mockApi({ ...CSRF, [QUOTE]: { body: { data: { currency: 'eur', seats: 1, amountTotal: 149, discount: 0, amountDue: 178.8, tax: tax({}) } } } })],
  play: async ({ canvasElement }) => {
    await until(canvasElement, '[data-testid=tax-line]')
  },
}

/** "I'm buying for a company" with a valid French VAT ID: the company's fields, and the server's reverse charge (0 %, its sentence). */
export const CompanyReverseCharge: StoryObj<typeof meta> = {
  args: { ...base, currency: 'eur', seatsLeft: 5, priceNote: '+ VAT' },
  decorators: [
    mockApi({
      ...CSRF,
      [QUOTE]: {
        body: {
          data: {
            currency: 'eur',
            seats: 1,
            amountTotal: 149,
            discount: 0,
            amountDue: 149,
            tax: tax({
              kind: 'reverse_charge',
              rate: 0,
              tax: 0,
              gross: 149,
              note: 'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC).',
            }),
          },
        },
      },
    }),
  ],
  play: async ({ canvasElement }) => {
    ;(await until<HTMLInputElement>(canvasElement, 'input[name=forCompany]')).click()
    fill(await until<HTMLInputElement>(canvasElement, 'input[name="billing.company"]'), 'Paris Conseil SARL')
    fill(await until<HTMLTextAreaElement>(canvasElement, 'textarea[name="billing.address"]'), '1 rue de Rivoli, 75001 Paris')
    const country = await until<HTMLSelectElement>(canvasElement, 'select[name="billing.country"]')
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(country, 'FR')
    country.dispatchEvent(new Event('change', { bubbles: true }))
    fill(await until<HTMLInputElement>(canvasElement, 'input[name="billing.vatId"]'), 'FR40303265045')
    await until(canvasElement, '[data-testid=tax-note]')
  },
}
