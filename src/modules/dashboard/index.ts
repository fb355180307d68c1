import { Elysia } from 'elysia'
import { calendarRoutes } from '../calendar'
import { feedbackRoutes } from '../feedback'
import { payoutRoutes } from '../payouts'
import { dashboardRoutes } from './dashboard.routes'

/** What coaches (and clients) read about their business: feedback, payouts, metrics, calendars. */
export const coachBusinessRoutes = new Elysia({ name: 'coach-business' }).use(dashboardRoutes).use(feedbackRoutes).use(payoutRoutes).use(calendarRoutes)
export { clientMetrics } from './dashboard.service'
