/** The reminder sweep (reminders.service.ts): every minute, once across all app servers (pg-boss cron). */
import { schedule, work } from '../../platform/jobs'
import { log } from '../../platform/log'
import { sweepNotifications } from './reminders.service'

export const SWEEP_NOTIFICATIONS_JOB = 'notifications.sweep'

work(SWEEP_NOTIFICATIONS_JOB, async () => {
  const r = await sweepNotifications()
  const claimed = r.claimed.reminder_24h + r.claimed.reminder_1h + r.claimed.feedback_request
  if (claimed || r.failed || r.sent) log.info(r, 'reminders sent')
})
schedule(SWEEP_NOTIFICATIONS_JOB, '* * * * *')
