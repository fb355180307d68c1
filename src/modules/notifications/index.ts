/** Notifications: reminders before a session, the feedback request after it, and who gets them. */
import './notification.jobs'

export { MailOptOut, SentNotification } from './notification.entity'
export { SWEEP_NOTIFICATIONS_JOB } from './notification.jobs'
export { notificationRoutes, unsubscribeFormRoute } from './notification.routes'
export { preferencesOf, readUnsubscribeToken, unsubscribeToken, unsubscribeUrl } from './preferences'
export { claimDue, claimStatement, deliver, KIND_RULES, sweepNotifications } from './reminders.service'
