/** Bookings: the client area's read side (what pages use). Routes are composed in modules/index.ts. */

export { allTenants, bookingScope } from './booking.access'
export { BOOKING_STATUSES, Booking, BookingSeat, type BookingStatus, type SeatStatus } from './booking.entity'
export { bookingRoutes } from './booking.routes'
export { displayName, serializePerson, serializeScheduleBrief } from './booking.serialize'
export { BOOKING_POPULATE, confirmBooking, endOf, onBookingCancelled, startOf } from './booking.service'
export { HOLD_EXPIRED_REASON, holdsSeats } from './booking.state'
export {
  type ClientGroupRow,
  type ClientWorkshopRow,
  clientGroups,
  clientGroupsPage,
  clientShellSummary,
  clientWorkshops,
  clientWorkshopsPage,
  coachShellSummary,
  type InvitationToMe,
  invitationsToMe,
  type ShellSummary,
} from './client-summary'
export {
  type ClientBookingDetail,
  type ClientBookingRow,
  type ClientInvoiceRow,
  type ClientPaymentRow,
  type ClientResourceRow,
  type ClientSeatRow,
  clientBookingDetail,
  clientBookings,
  clientBookingsPage,
  clientInvoicesPage,
  clientPaymentsPage,
  clientResources,
  isUuid,
  type ListQuery,
  latestPayments,
} from './client-views'
export { type BookingOccasion, occasionOf } from './occasion'
export { refundPolicyOf, sessionRefundPolicy } from './refund-quote'
export { BookingReschedule, type RescheduleStatus } from './reschedule.entity'
export { completeReschedule, onBookingRescheduled, type RescheduleOption, rescheduleBooking, rescheduleOptions, reschedulesOf } from './reschedule.service'
export { scheduleCancelRoutes } from './schedule-cancel.routes'
export { handleSeatInvitations } from './seat.invitations'
export { seatRoutes } from './seat.routes'
export { sessionWhen } from './session.mail'
export { createSessionBooking, rescheduleSession } from './session-booking'
export { WaitlistEntry, type WaitlistStatus } from './waitlist.entity'
export { waitlistRoutes } from './waitlist.routes'
export { RescheduleSchema, RescheduleView } from './waitlist.schema'
export { type MyWaitlistRow, myEntryOn, myWaitlist, type WaitlistView } from './waitlist.service'
