/** Bookings: the client area's read side (what pages use). Routes are composed in modules/index.ts. */

export { allTenants, bookingScope } from './booking.access'
export { BOOKING_STATUSES, Booking, BookingPerson, BookingSeat, type BookingStatus, ClientWorkshop, type SeatStatus } from './booking.entity'
export { bookingRoutes } from './booking.routes'
export { displayName, serializePerson, serializeScheduleBrief } from './booking.serialize'
export { BOOKING_POPULATE, cancelBooking, confirmBooking, endOf, onBookingCancelled, startOf } from './booking.service'
export { HOLD_EXPIRED_REASON, holdsSeats } from './booking.state'
export { checkBookingAnswers, checkSeatAnswers, seatQuestions } from './booking-answers'
export {
  type ClientGroupRow,
  type ClientWorkshopRow,
  clientGroups,
  clientGroupsPage,
  clientPageScopes,
  clientShellSummary,
  clientWorkshop,
  clientWorkshopsPage,
  coachShellSummary,
  GROUP_BOOKINGS,
  type InvitationToMe,
  invitationsToMe,
  type ShellSummary,
} from './client-summary'
export {
  bookingsBetween,
  type ClientBookingDetail,
  type ClientBookingRow,
  type ClientDashboardLists,
  type ClientInvoiceRow,
  type ClientPaymentRow,
  type ClientResourceRow,
  type ClientSeatRow,
  clientBookingDetail,
  clientBookingsPage,
  clientDashboardLists,
  clientInvoicesPage,
  clientPaymentsPage,
  clientResources,
  isUuid,
  type ListQuery,
  latestPayments,
  upcomingBookings,
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
export { type MyWaitlistRow, myEntryOn, myWaitlist, onWaitlistOffered, type WaitlistView } from './waitlist.service'
