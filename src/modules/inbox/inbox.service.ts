/**
 * The notification centre: items are written in the transaction of what they tell (`tell`),
 * read newest first a page at a time, counted from a partial index on the unread ones.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { clock } from '../../platform/clock'
import { isId } from '../../platform/http/ids'
import type { InboxItemRow, InboxKind } from './inbox.schema'

export interface Tell {
  userId: string
  kind: InboxKind
  title: string
  body?: string | null
  url: string
  /** A thread: while its item is unread, a new event updates it (count + 1) instead of adding one. */
  groupKey?: string | null
  /** The event itself: told twice (a retry), it is one item. */
  eventKey?: string | null
}

const clip = (s: string | null | undefined, n: number) => (s == null ? null : s.length > n ? `${s.slice(0, n - 1)}…` : s)

/** Writes the items (one statement each; safe to repeat with an eventKey). Use the transaction of the change they tell. */
export async function tell(em: EntityManager, items: Tell[], at = clock.now()) {
  const conn = em
  for (const t of items) {
    if (!isId(t.userId)) continue
    // A person who no longer exists is skipped (no foreign-key failure in the caller's transaction).
    const params = [
      Bun.randomUUIDv7(),
      t.kind,
      clip(t.title, 255),
      clip(t.body, 500),
      clip(t.url, 500),
      t.groupKey ?? null,
      t.eventKey ?? null,
      at,
      at,
      t.userId,
    ]
    if (t.groupKey)
      await conn.execute(
        `insert into inbox_items (id, user_id, kind, title, body, url, group_key, event_key, count, created_at, updated_at)
         select ?, u.id, ?, ?, ?, ?, ?, ?, 1, ?, ? from users u where u.id = ?
         on conflict (user_id, group_key) where read_at is null and group_key is not null
         do update set count = inbox_items.count + 1, title = excluded.title, body = excluded.body, url = excluded.url,
                       created_at = excluded.created_at, updated_at = excluded.updated_at`,
        params,
      )
    else
      await conn.execute(
        `insert into inbox_items (id, user_id, kind, title, body, url, group_key, event_key, count, created_at, updated_at)
         select ?, u.id, ?, ?, ?, ?, ?, ?, 1, ?, ? from users u where u.id = ? on conflict do nothing`,
        params,
      )
  }
}

interface Row {
  id: string
  kind: InboxKind
  title: string
  body: string | null
  url: string
  count: number
  read_at: Date | null
  created_at: Date
  updated_at: Date
}
const toView = (r: Row): InboxItemRow => ({
  id: r.id,
  kind: r.kind,
  title: r.title,
  body: r.body,
  url: r.url,
  count: r.count,
  read: r.read_at !== null,
  readAt: r.read_at ? new Date(r.read_at).toISOString() : null,
  createdAt: new Date(r.created_at).toISOString(),
  updatedAt: new Date(r.updated_at).toISOString(),
})

export async function unreadCount(em: EntityManager, userId: string): Promise<number> {
  const [r] = await em.execute<{ n: number }[]>(`select count(*)::int as n from inbox_items where user_id = ? and read_at is null`, [userId])
  return r?.n ?? 0
}

/** A page of my items, newest first (stable: created_at, then id), with the unread count. */
export async function inboxPage(em: EntityManager, userId: string, page: number, perPage: number) {
  const rows = await em.execute<(Row & { total: number })[]>(
    `select id, kind, title, body, url, count, read_at, created_at, updated_at, count(*) over ()::int as total
         from inbox_items where user_id = ? order by created_at desc, id desc limit ? offset ?`,
    [userId, perPage, (page - 1) * perPage],
  )
  const total = rows[0]?.total ?? (page === 1 ? 0 : await countAll(em, userId))
  return {
    data: rows.map(toView),
    meta: { page, perPage, total, lastPage: Math.max(1, Math.ceil(total / perPage)), unread: await unreadCount(em, userId) },
  }
}

async function countAll(em: EntityManager, userId: string) {
  const [r] = await em.execute<{ n: number }[]>(`select count(*)::int as n from inbox_items where user_id = ?`, [userId])
  return r?.n ?? 0
}

/** Marks my items read (`ids`, or all of them); answers how many changed and what is left unread. */
export async function markRead(em: EntityManager, userId: string, what: { ids?: string[]; all?: boolean }, at = clock.now()) {
  const conn = em
  const res = what.all
    ? await conn.execute<{ id: string }[]>(`update inbox_items set read_at = ?, updated_at = ? where user_id = ? and read_at is null returning id`, [
        at,
        at,
        userId,
      ])
    : await conn.execute<{ id: string }[]>(
        `update inbox_items set read_at = ?, updated_at = ? where user_id = ? and read_at is null and id = any(?::uuid[]) returning id`,
        [at, at, userId, `{${(what.ids ?? []).join(',')}}`],
      )
  return { marked: res.length, unread: await unreadCount(em, userId) }
}

/** Marks a thread's unread item read (opening the conversation reads its messages). */
export async function markThreadRead(em: EntityManager, userId: string, groupKey: string, at = clock.now()) {
  await em.execute(`update inbox_items set read_at = ?, updated_at = ? where user_id = ? and group_key = ? and read_at is null`, [at, at, userId, groupKey])
}
