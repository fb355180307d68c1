import type { Meta, StoryObj } from '@storybook/react-vite'
import { mockApi } from '../../.storybook/mock-api'
import { until } from '../../.storybook/play'
import ClientBooking from './index'

const booking = {
  id: 'b1',
  status: 'CONFIRMED',
  mine: true,
  scheduleId: 's1',
  startDate: '2026-05-12T09:00:00.000Z',
  endDate: '2026-05-12T12:00:00.000Z',
  amountDue: 0,
  amountPaid: 24000,
  currency: 'usd',
  workshopTitle: 'Negotiation for founders',
  seats: 2,
}

const meta = {
  title: 'Islands/ClientBooking',
  component: ClientBooking,
  args: {
    booking,
    hasInvoice: true,
    hasCreditNote: false,
    refunded: 0,
    canLeaveFeedback: false,
    feedback: null,
    now: '2026-05-01T09:00:00.000Z',
    tz: 'UTC',
    session: null,
  },
} satisfies Meta<typeof ClientBooking>
export default meta
type Story = StoryObj<typeof meta>

/** Paid and upcoming: calendar, invoice, reschedule, cancel. */
export const Confirmed: Story = {}
/** Held but not paid yet: pay resumes the checkout. */
export const PendingPayment: Story = { args: { booking: { ...booking, status: 'PENDING', amountDue: 24000, amountPaid: 0 }, hasInvoice: false } }
/** Cancelled and refunded: the credit note and the refunded amount. */
export const CancelledRefunded: Story = { args: { booking: { ...booking, status: 'CANCELLED' }, hasCreditNote: true, refunded: 24000 } }
/** A seat someone else booked for me: no money actions. */
export const InvitedSeat: Story = { args: { booking: { ...booking, mine: false }, hasInvoice: false } }
/** After the session: the feedback form. */
export const FeedbackOpen: Story = {
  args: { booking: { ...booking, status: 'COMPLETED', startDate: '2026-04-20T09:00:00.000Z', endDate: '2026-04-20T12:00:00.000Z' }, canLeaveFeedback: true },
}
/** Feedback given. */
export const FeedbackGiven: Story = {
  args: {
    booking: { ...booking, status: 'COMPLETED', startDate: '2026-04-20T09:00:00.000Z', endDate: '2026-04-20T12:00:00.000Z' },
    feedback: { rating: 4, comment: 'Practical and well paced.' },
  },
}

const OPTIONS = 'GET /v1/bookings/b1/reschedule-options'
const option = {
  startDate: '2026-05-19T13:00:00.000Z',
  endDate: '2026-05-19T16:00:00.000Z',
  timezone: 'Europe/London',
  seatsLeft: 6,
  amountTotal: 240,
  discount: 0,
  amountDue: 240,
  difference: 0,
  currency: 'usd',
}
const rescheduleOptions = {
  data: [
    { ...option, scheduleId: 's2', mode: 'IN-PERSON', venue: 'The Rooms, 1 High St', city: 'London, United Kingdom', changes: [], changeNotes: [] },
    {
      ...option,
      scheduleId: 's3',
      startDate: '2026-05-26T13:00:00.000Z',
      endDate: '2026-05-26T16:00:00.000Z',
      seatsLeft: 1,
      mode: 'ONLINE',
      venue: null,
      city: null,
      changes: ['mode'],
      changeNotes: ['The format changes from in person to online: there is no venue, you join with the meeting link.'],
    },
  ],
}
/** Reschedule: each date with its hours on the workshop's clock (the viewer's beside), format, venue and city. */
export const RescheduleDates: Story = {
  args: { tz: 'America/New_York' },
  decorators: [mockApi({ [OPTIONS]: { status: 200, body: rescheduleOptions } })],
  play: async ({ canvasElement }) => {
    const open = [...canvasElement.querySelectorAll('button')].find((b) => b.textContent === 'Reschedule')!
    open.click()
    await until(document, '[data-testid=reschedule-option]')
  },
}
/** Reschedule to a date that changes the format: said plainly, and the move waits for the client's yes. */
export const RescheduleChangesFormat: Story = {
  args: { tz: 'America/New_York' },
  decorators: [mockApi({ [OPTIONS]: { status: 200, body: rescheduleOptions } })],
  play: async ({ canvasElement }) => {
    const open = [...canvasElement.querySelectorAll('button')].find((b) => b.textContent === 'Reschedule')!
    open.click()
    ;(await until<HTMLInputElement>(document, 'input[value=s3]')).click()
    await until(document, '[data-testid=reschedule-changes]')
    // Where the dialog's first focus lands depends on whether the dates came before it (the first
    // date or the footer's button): the picture shows the choice, not the focus.
    ;(document.activeElement as HTMLElement | null)?.blur()
  },
}

const session = { typeId: 'st1', pageUrl: '/maya/sessions/st1', timeZone: 'Europe/Berlin' }
const sessionBooking = { ...booking, startDate: '2026-05-12T08:00:00.000Z', endDate: '2026-05-12T09:00:00.000Z', workshopTitle: 'Career session', seats: 1 }
const SLOTS = 'GET /v1/bookings/b1/session-times'
const MOVE = 'POST /v1/bookings/b1/session-time'
const slot = (start: string) => ({ start, end: new Date(Date.parse(start) + 3_600_000).toISOString() })
const freeTimes = {
  data: [
    '2026-05-12T08:00:00.000Z',
    '2026-05-12T08:30:00.000Z',
    '2026-05-13T07:00:00.000Z',
    '2026-05-13T08:00:00.000Z',
    '2026-05-13T12:30:00.000Z',
    '2026-05-15T14:00:00.000Z',
  ].map(slot),
  meta: { from: '2026-05-01T09:00:00.000Z', to: '2026-05-15T09:00:00.000Z', timeZone: 'Europe/Berlin', durationMinutes: 60 },
}
const frame = () => new Promise((r) => requestAnimationFrame(r))
/** Opens the dialog and waits for its first focus (the focus trap's, a frame or more after it opens) and its times. */
const openMove = async (canvasElement: HTMLElement) => {
  const open = [...canvasElement.querySelectorAll('button')].find((b) => b.textContent === 'Move')!
  open.click()
  const input = await until<HTMLInputElement>(document, '[data-testid=session-time] input')
  for (let i = 0; i < 250 && !document.activeElement?.closest('[role=dialog]'); i++) await new Promise((r) => setTimeout(r, 20))
  return input
}
/** The picture shows the dialog's state, not where focus landed. */
const unfocus = async () => {
  await frame()
  await frame()
  ;(document.activeElement as HTMLElement | null)?.blur()
}
/** The dialog's "Move my session", once a time is picked. */
const moveButton = async () => {
  for (let i = 0; i < 250; i++) {
    const b = [...document.querySelectorAll<HTMLButtonElement>('[role=dialog] button')].find((x) => x.textContent === 'Move my session' && !x.disabled)
    if (b) return b
    await new Promise((r) => setTimeout(r, 20))
  }
  throw new Error('no Move my session button')
}
/** A one-to-one session: "Move" instead of the workshop's reschedule. */
export const SessionConfirmed: Story = { args: { booking: sessionBooking, session, tz: 'America/New_York' } }
/** Move a session: the free times of the next 14 days by day on the coach's clock, the client's own beside them. */
export const SessionMoveTimes: Story = {
  args: { booking: sessionBooking, session, tz: 'America/New_York' },
  decorators: [mockApi({ [SLOTS]: { status: 200, body: freeTimes } })],
  play: async ({ canvasElement }) => {
    ;(await openMove(canvasElement)).click()
    await unfocus()
  },
}
/** The picked time was taken meanwhile: said in the dialog, and the times read again. */
export const SessionMoveTaken: Story = {
  args: { booking: sessionBooking, session, tz: 'America/New_York' },
  decorators: [
    mockApi({
      [SLOTS]: { status: 200, body: freeTimes },
      [MOVE]: { status: 409, body: { message: 'This time is no longer available.' } },
    }),
  ],
  play: async ({ canvasElement }) => {
    ;(await openMove(canvasElement)).click()
    ;(await moveButton()).click()
    await until(document, '[role=dialog] [role=alert]')
    await until(document, '[data-testid=session-time]')
    await unfocus()
  },
}
/** Moved: the new time, and everyone gets it by email. */
export const SessionMoved: Story = {
  args: { booking: sessionBooking, session, tz: 'America/New_York' },
  decorators: [mockApi({ [SLOTS]: { status: 200, body: freeTimes }, [MOVE]: { status: 200, body: { data: {} } } })],
  play: async ({ canvasElement }) => {
    ;(await openMove(canvasElement)).click()
    ;(await moveButton()).click()
    await until(document, '[data-testid=session-moved]')
    await unfocus()
  },
}
