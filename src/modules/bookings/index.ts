/** Bookings: the client area's read side (what pages use). Routes are composed in modules/index.ts. */
export { clientBookings, clientBookingDetail, clientPayments, clientResources, isUuid, type ClientResourceRow, type ClientBookingRow, type ClientBookingDetail, type ClientSeatRow, type ClientPaymentRow, type ClientInvoiceRow } from './client-views'
export { clientShellSummary, coachShellSummary, invitationsToMe, clientWorkshops, clientGroups, type ClientGroupRow, type ShellSummary, type InvitationToMe, type ClientWorkshopRow } from './client-summary'
