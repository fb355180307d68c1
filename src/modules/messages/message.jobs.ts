/**
 * The message queues: a schedule message's mails (one job per message, queued after COMMIT),
 * a conversation's due summaries (queued when a message is written), and a sweep every minute
 * that sends the throttled summaries when they fall due and picks up any message whose job
 * was lost. Every send is claimed by one conditional UPDATE, so running any of them twice (a
 * retry, two servers) mails nobody twice.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { getOrm } from '../../platform/db/current'
import { schedule, work } from '../../platform/jobs'
import { log } from '../../platform/log'
import { mailDueReaders } from './conversation.mail'
import { CONVERSATION_MAIL_JOB } from './conversation.service'
import { deliverScheduleMessage, SCHEDULE_MESSAGE_JOB, stalledMessages } from './schedule-message.service'

export const SWEEP_MESSAGES_JOB = 'messages.sweep'
const freshEm = () => getOrm().em.fork() as EntityManager

work<{ messageId: string }>(
  SCHEDULE_MESSAGE_JOB,
  async ({ messageId }) => {
    const r = await deliverScheduleMessage(freshEm(), messageId)
    if (r.sent) log.info({ messageId, sent: r.sent }, 'schedule message mailed')
  },
  { retryLimit: 5, retryDelay: 30, retryBackoff: true },
)

work<{ bookingId?: string }>(CONVERSATION_MAIL_JOB, async ({ bookingId }) => {
  await mailDueReaders(freshEm(), undefined, bookingId)
})

work(SWEEP_MESSAGES_JOB, async () => {
  const em = freshEm()
  const mailed = await mailDueReaders(em)
  let sent = 0
  for (const id of await stalledMessages(em)) {
    try {
      sent += (await deliverScheduleMessage(freshEm(), id)).sent
    } catch (err) {
      log.warn({ err: err instanceof Error ? err.message : String(err), messageId: id }, 'schedule message sweep: some mails refused')
    }
  }
  if (mailed || sent) log.info({ mailed, sent }, 'messages sweep')
})
schedule(SWEEP_MESSAGES_JOB, '* * * * *')
