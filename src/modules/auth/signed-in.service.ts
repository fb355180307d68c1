/** The places an account is signed in (sessions and API tokens), and signing them out. */
import type { EntityManager } from '@mikro-orm/postgresql'
import type { RequestContext } from '../../platform/http/context'
import { notFound } from '../../platform/http/errors'
import { isId } from '../../platform/http/ids'
import type { CookieJar } from '../../platform/http/session'
import { describeDevice, placeOf } from './device'
import { destroySession } from './session'

interface Current {
  sessionId: string | null
  tokenId: string | null
}

/** One page of sessions and tokens, this one first, then by last seen (indexed by user on both tables). */
export async function signedInPage(em: EntityManager, userId: string, current: Current, limit: number, offset: number) {
  const rows = await em.getConnection().execute<any[]>(
    `select x.*, count(*) over () as total from (
       select 'session' as kind, s.ref::text as id, null as name, s.user_agent, s.ip, s.country, s.created_at, s.last_seen_at, s.id = ? as current
         from sessions s where s.user_id = ? and s.expires_at > now()
       union all
       select 'token', t.id::text, t.name, t.user_agent, t.last_ip, t.country, t.created_at, coalesce(t.last_used_at, t.created_at), t.id = ?
         from personal_access_tokens t where t.user_id = ? and (t.expires_at is null or t.expires_at > now())
     ) x order by x.current desc, x.last_seen_at desc, x.id limit ? offset ?`,
    [current.sessionId ?? '', userId, current.tokenId ?? '00000000-0000-0000-0000-000000000000', userId, limit, offset],
  )
  const total = rows.length ? Number(rows[0].total) : offset ? Number((await countSignedIn(em, userId)) ?? 0) : 0
  return {
    total,
    rows: rows.map((r) => ({
      id: r.id as string,
      kind: r.kind as 'session' | 'token',
      name: (r.name ?? null) as string | null,
      device: describeDevice(r.user_agent),
      place: placeOf(r.ip, r.country),
      signedInAt: new Date(r.created_at),
      lastSeenAt: new Date(r.last_seen_at),
      current: !!r.current,
    })),
  }
}

async function countSignedIn(em: EntityManager, userId: string) {
  const [r] = await em
    .getConnection()
    .execute(
      `select (select count(*) from sessions where user_id = ? and expires_at > now()) + (select count(*) from personal_access_tokens where user_id = ? and (expires_at is null or expires_at > now())) as n`,
      [userId, userId],
    )
  return Number(r?.n ?? 0)
}

/** Signs one session out (by its public id) or revokes one token of the user; 404 otherwise. */
export async function revokeSignedIn(ctx: RequestContext, cookie: CookieJar, userId: string, id: string) {
  if (!isId(id)) throw notFound('Session')
  const conn = ctx.em.getConnection()
  const [session] = await conn.execute<{ id: string }[]>('delete from sessions where ref = ? and user_id = ? returning id', [id, userId])
  if (session) {
    // This very session: its cookies go too.
    if (ctx.session?.id === session.id) await destroySession(ctx.em, cookie, null)
    return
  }
  const [token] = await conn.execute('delete from personal_access_tokens where id = ? and user_id = ? returning id', [id, userId])
  if (!token) throw notFound('Session')
}

/** Every other session and token of the user ends (all of them when `current` names none). */
export async function revokeOthers(em: EntityManager, userId: string, current: Current) {
  const conn = em.getConnection()
  await conn.execute('delete from sessions where user_id = ? and id <> ?', [userId, current.sessionId ?? ''])
  await conn.execute('delete from personal_access_tokens where user_id = ? and id <> ?', [userId, current.tokenId ?? '00000000-0000-0000-0000-000000000000'])
}
