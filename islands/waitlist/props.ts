import * as v from 'valibot'

const Entry = v.object({
  id: v.string(),
  position: v.nullable(v.number()),
  seats: v.number(),
  status: v.string(),
  offerExpiresAt: v.nullable(v.string()),
  workshopScheduleId: v.string(),
})
export type WaitlistEntryProps = v.InferOutput<typeof Entry>

const Mine = v.object({
  ...Entry.entries,
  workshopTitle: v.string(),
  /** When the workshop starts, already formatted in the viewer's time zone. */
  when: v.string(),
})
export type MyWaitlistEntryProps = v.InferOutput<typeof Mine>

/**
 * The waitlist, two ways: on a fully booked schedule's checkout (join for N seats, see your
 * place, leave) and on /b (every entry and offer of the client, with the checkout link of an
 * offer, the time it has left, and leaving).
 */
export const WaitlistProps = v.variant('mode', [
  v.object({
    mode: v.literal('schedule'),
    scheduleId: v.string(),
    /** The workshop's maximum seats: a party can wait for 1 to this many. */
    maxSeats: v.number(),
    /** Seats preselected (the public page's form sends them). */
    seats: v.number(),
    /** How long offered seats stay held (WAITLIST_OFFER_MINUTES). */
    offerMinutes: v.number(),
    entry: v.nullable(Entry),
  }),
  v.object({ mode: v.literal('mine'), entries: v.array(Mine) }),
])
export type WaitlistProps = v.InferOutput<typeof WaitlistProps>
