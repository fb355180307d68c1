/** The coach area's read models (pages load through these) and its coach-only downloads. */

export { type CoachBooking, coachBooking, coachBookingsPage, coachScheduleOptions } from './bookings.view'
export { coachPayoutsPage, coachWorkshopRatings, payoutLedgerCsv, workshopHistoryPage, workshopInvoicesPage } from './business.view'
export { coachRoutes } from './coach.routes'
export { type CoachDashboard, coachDashboard, type DayPoint } from './dashboard.view'
export { PAGE_SIZE, pageOf } from './sql'
export { coachFeedbackSummary, coachFeedbacksPage } from './tables.view'
export { coachUploadRoutes } from './uploads'
export {
  coachWorkshopsPage,
  OVERVIEW_COMING,
  OVERVIEW_PAST,
  planUsage,
  type ResourceRow,
  type ScheduleRow,
  type ScheduleWindow,
  type WorkshopDetail,
  workshopDetail,
  workshopFormOptions,
  workshopResources,
  workshopTitle,
} from './workshops.view'
