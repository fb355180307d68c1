/**
 * Busy calendars: a coach adds the ICS address of any calendar; a pg-boss job reads it at once,
 * then every CALENDAR_FEED_REFRESH_MINUTES (a sweep each minute takes the feeds whose
 * `next_fetch_at` has come, so reads spread over the quarter hour), conditionally (ETag,
 * Last-Modified). A read that fails keeps the last busy ranges and says why on the page.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { config } from '../../config'
import { clock } from '../../platform/clock'
import { afterCommit } from '../../platform/db/after-commit'
import { getOrm } from '../../platform/db/current'
import { conflict, fieldError, notFound } from '../../platform/http/errors'
import { isId } from '../../platform/http/ids'
import { enqueue } from '../../platform/jobs'
import { log } from '../../platform/log'
import type { ViewOf } from '../../shared/view'
import { AVAILABILITY_LIMITS, AVAILABILITY_MESSAGES, type CalendarFeedView } from './availability.schema'
import { assertPublicAddress, fetchFeed } from './feed-fetch'
import { busyFromIcs, FeedError } from './ics-busy'
import { CalendarFeed } from './session.entity'
import { SESSION_LIMITS } from './session-type.schema'

export const READ_FEED_JOB = 'sessions.read-feed'
export const SWEEP_FEEDS_JOB = 'sessions.sweep-feeds'

/** Busy ranges a feed keeps at most. */
export const MAX_BUSY_RANGES = 20_000

/** The address with its secret part hidden: the host and the file name only. */
export function maskUrl(raw: string) {
  try {
    const u = new URL(raw)
    const last = u.pathname.split('/').filter(Boolean).pop()
    return `${u.protocol}//${u.host}/${last && u.pathname.split('/').filter(Boolean).length > 1 ? '…/' : ''}${last ?? ''}`
  } catch {
    return '…'
  }
}

export function serializeFeed(f: CalendarFeed): ViewOf<typeof CalendarFeedView> {
  let host = ''
  try {
    host = new URL(f.url).host
  } catch {}
  return {
    id: f.id,
    url: maskUrl(f.url),
    host,
    status: f.status,
    error: f.error ?? null,
    busyCount: f.busyCount,
    lastFetchedAt: f.lastFetchedAt ?? null,
    lastSuccessAt: f.lastSuccessAt ?? null,
    createdAt: f.createdAt,
  }
}

export async function listFeeds(em: EntityManager, coachId: string) {
  return em.find(CalendarFeed, { coach: coachId }, { orderBy: { createdAt: 'asc' }, limit: AVAILABILITY_LIMITS.feeds, exclude: ['busy'] as never })
}

export async function addFeed(em: EntityManager, coachId: string, url: string) {
  const at = clock.now()
  // Told at once when the address can never be read (a private network in production); the job checks again on every read.
  try {
    await assertPublicAddress(url)
  } catch (err) {
    if (err instanceof FeedError) throw fieldError('url', err.message)
    throw err
  }
  const feed = await em.transactional(async (tem) => {
    // One coach's feeds are added one at a time: the limit holds under double clicks.
    await tem.execute(`select pg_advisory_xact_lock(hashtext('calendar-feeds:' || ?))`, [coachId])
    const n = await tem.count(CalendarFeed, { coach: coachId })
    if (n >= AVAILABILITY_LIMITS.feeds) throw conflict(AVAILABILITY_MESSAGES.feedsMax)
    if (await tem.count(CalendarFeed, { coach: coachId, url })) throw fieldError('url', AVAILABILITY_MESSAGES.feedTwice)
    const row = tem.create(CalendarFeed, { coach: coachId, url, status: 'pending', busy: [], busyCount: 0, nextFetchAt: at })
    await tem.flush()
    return row
  })
  const feedId = feed.id
  await afterCommit(em, () =>
    enqueue(READ_FEED_JOB, { feedId }, { singletonKey: feedId })
      .then(() => {})
      .catch((err) => log.warn({ err, feedId }, 'could not queue the first read of a calendar (the sweep reads it)')),
  )
  return feed
}

export async function removeFeed(em: EntityManager, coachId: string, id: string) {
  if (!isId(id)) throw notFound('Calendar')
  const n = await em.nativeDelete(CalendarFeed, { id, coach: coachId })
  if (!n) throw notFound('Calendar')
}

export type ReadOutcome = 'read' | 'unchanged' | 'failed' | 'gone'

/** Reads one feed now and stores what it says (or why it could not be read). */
export async function readFeed(feedId: string, at = clock.now()): Promise<ReadOutcome> {
  const em = getOrm().em.fork() as EntityManager
  const feed = await em.findOne(CalendarFeed, { id: feedId })
  if (!feed) return 'gone'
  const next = new Date(at.getTime() + config.CALENDAR_FEED_REFRESH_MINUTES * 60_000)
  const [tz] = await em.execute<{ time_zone: string }[]>(`select time_zone from availabilities where coach_id = ?`, [feed.coach.id])
  try {
    const res = await fetchFeed(feed.url, { etag: feed.etag, lastModified: feed.lastModified })
    if (res.notModified) {
      await em.nativeUpdate(CalendarFeed, { id: feedId }, { status: 'ok', error: null, lastFetchedAt: at, lastSuccessAt: at, nextFetchAt: next })
      return 'unchanged'
    }
    const parsed = busyFromIcs(res.text, {
      now: at.getTime(),
      horizonDays: SESSION_LIMITS.maxWindowDays + 1,
      coachTimeZone: tz?.time_zone ?? 'UTC',
      maxRanges: MAX_BUSY_RANGES,
    })
    await em.nativeUpdate(
      CalendarFeed,
      { id: feedId },
      {
        status: 'ok',
        error: null,
        busy: parsed.busy,
        busyCount: parsed.busy.length,
        etag: res.etag?.slice(0, 500) ?? null,
        lastModified: res.lastModified?.slice(0, 100) ?? null,
        lastFetchedAt: at,
        lastSuccessAt: at,
        nextFetchAt: next,
      },
    )
    return 'read'
  } catch (err) {
    const message = err instanceof FeedError ? err.message : 'The calendar could not be read. It is tried again later.'
    if (!(err instanceof FeedError)) log.warn({ err, feedId }, 'calendar feed read failed')
    await em.nativeUpdate(CalendarFeed, { id: feedId }, { status: 'error', error: message.slice(0, 500), lastFetchedAt: at, nextFetchAt: next })
    return 'failed'
  }
}

/** The sweep: every feed whose next read has come (a few at a time; the next minute takes the rest). */
export async function readDueFeeds(at = clock.now(), limit = 20) {
  const em = getOrm().em.fork() as EntityManager
  // Claimed with a lease of 5 minutes (a slow run and the next minute's never read the same feed twice).
  const rows = await em.execute<{ id: string }[]>(
    `update calendar_feeds set next_fetch_at = ?::timestamptz + interval '5 minutes'
      where id in (select id from calendar_feeds where next_fetch_at <= ? or next_fetch_at is null
                    order by next_fetch_at nulls first limit ? for update skip locked)
      returning id`,
    [at, at, limit],
  )
  const outcomes: ReadOutcome[] = []
  for (const r of rows) outcomes.push(await readFeed(r.id, at))
  return outcomes
}

/** The coach's time zone changed: all-day and floating events move with it, so each feed is read again in full. */
export async function rereadFeeds(em: EntityManager, coachId: string) {
  await em.nativeUpdate(CalendarFeed, { coach: coachId }, { etag: null, lastModified: null, nextFetchAt: clock.now() })
}
