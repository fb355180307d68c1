/** Busy calendar reads (pg-boss): one job per added calendar, and a sweep each minute for the ones due again. */
import { schedule, work } from '../../platform/jobs'
import { log } from '../../platform/log'
import { READ_FEED_JOB, readDueFeeds, readFeed, SWEEP_FEEDS_JOB } from './feed.service'

work<{ feedId: string }>(READ_FEED_JOB, async ({ feedId }) => {
  const outcome = await readFeed(feedId)
  if (outcome === 'failed') log.info({ feedId }, 'busy calendar could not be read (the coach sees why)')
})

work(SWEEP_FEEDS_JOB, async () => {
  const outcomes = await readDueFeeds()
  if (outcomes.length) log.info({ read: outcomes.length, failed: outcomes.filter((o) => o === 'failed').length }, 'busy calendars read')
})
schedule(SWEEP_FEEDS_JOB, '* * * * *')
