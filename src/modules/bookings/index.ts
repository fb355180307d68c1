/** Bookings: the client area's read side (what pages use). Routes are composed in modules/index.ts. */

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
  clientPayments,
  clientPaymentsPage,
  clientResources,
  isUuid,
  type ListQuery,
} from './client-views'
