/** The coach area's read models (pages load through these) and its coach-only downloads. */
export { coachDashboard, type CoachDashboard, type DayPoint } from './dashboard.view'
export { listWorkshops, planUsage, workshopDetail, workshopFormOptions, workshopResources, type WorkshopDetail, type ScheduleRow, type ResourceRow } from './workshops.view'
export { listCoachBookings, coachScheduleOptions, coachBooking, type CoachBooking } from './bookings.view'
export { coachFeedbacks, coachWorkshopRatings, payoutLedger, payoutLedgerCsv, workshopInvoices } from './business.view'
export { coachRoutes } from './coach.routes'
export { PAGE_SIZE, pageOf } from './sql'
export { coachUploadRoutes } from './uploads'
