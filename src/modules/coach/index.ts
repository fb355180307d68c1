/** The coach area's read models (pages load through these) and its coach-only downloads. */

export { type CoachBooking, coachBooking, coachScheduleOptions, listCoachBookings } from './bookings.view'
export { coachFeedbacks, coachWorkshopRatings, payoutLedger, payoutLedgerCsv, workshopInvoices } from './business.view'
export { coachRoutes } from './coach.routes'
export { type CoachDashboard, coachDashboard, type DayPoint } from './dashboard.view'
export { PAGE_SIZE, pageOf } from './sql'
export { coachUploadRoutes } from './uploads'
export {
  listWorkshops,
  planUsage,
  type ResourceRow,
  type ScheduleRow,
  type WorkshopDetail,
  workshopDetail,
  workshopFormOptions,
  workshopResources,
  workshopTitle,
} from './workshops.view'
