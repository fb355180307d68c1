/**
 * Which automatic mails a user gets (every kind unless turned off: one `mail_opt_outs` row per
 * user and kind) and the signed one-click unsubscribe links of each mail. A link names the
 * user and the kind and carries an HMAC of both made with the server's secret, so it works
 * without signing in (RFC 8058) and cannot be forged for someone else or another kind.
 */
import { createHmac } from 'node:crypto'
import type { EntityManager } from '@mikro-orm/postgresql'
import { config } from '../../config'
import { safeEqual } from '../../platform/crypto'
import { isId } from '../../platform/http/ids'
import { NOTIFICATION_KINDS, type NotificationKind, PREFERENCE_KEYS, type PreferenceKey } from './notification.schema'

export type Preferences = Record<PreferenceKey, boolean>

export async function preferencesOf(em: EntityManager, userId: string): Promise<Preferences> {
  const rows = await em.getConnection().execute<{ kind: NotificationKind }[]>(`select kind from mail_opt_outs where user_id = ?`, [userId])
  const off = new Set(rows.map((r) => r.kind))
  return Object.fromEntries(Object.entries(PREFERENCE_KEYS).map(([key, kind]) => [key, !off.has(kind)])) as Preferences
}

/** Turns a kind on (deletes the opt-out) or off (inserts it once). Idempotent. */
export async function setKind(em: EntityManager, userId: string, kind: NotificationKind, on: boolean) {
  const conn = em.getConnection()
  if (on) await conn.execute(`delete from mail_opt_outs where user_id = ? and kind = ?`, [userId, kind])
  else await conn.execute(`insert into mail_opt_outs (user_id, kind, created_at) values (?, ?, now()) on conflict do nothing`, [userId, kind])
}

export async function setPreferences(em: EntityManager, userId: string, patch: Partial<Preferences>) {
  for (const [key, on] of Object.entries(patch)) {
    if (typeof on === 'boolean') await setKind(em, userId, PREFERENCE_KEYS[key as PreferenceKey], on)
  }
  return preferencesOf(em, userId)
}

const signature = (userId: string, kind: string) =>
  createHmac('sha256', config.SESSION_SECRET).update(`unsubscribe|${userId}|${kind}`).digest('base64url').slice(0, 32)

/** The token of a user's unsubscribe link for one kind: `<kind>.<user id>.<signature>`. */
export const unsubscribeToken = (userId: string, kind: NotificationKind) => `${kind}.${userId}.${signature(userId, kind)}`
export const unsubscribeUrl = (userId: string, kind: NotificationKind) => `${config.APP_URL}/unsubscribe/${unsubscribeToken(userId, kind)}`

/** The user and kind a token names, or null when it is malformed or its signature does not match. */
export function readUnsubscribeToken(token: string): { userId: string; kind: NotificationKind } | null {
  const parts = token.split('.')
  if (parts.length !== 3) return null
  const [kind, userId, sig] = parts
  if (!(NOTIFICATION_KINDS as readonly string[]).includes(kind) || !isId(userId)) return null
  if (!safeEqual(sig, signature(userId, kind))) return null
  return { userId, kind: kind as NotificationKind }
}

/** One-click unsubscribe: the kind is turned off for the token's user (null: the link is not valid). */
export async function unsubscribe(em: EntityManager, token: string) {
  const who = readUnsubscribeToken(token)
  if (!who) return null
  const [user] = await em.getConnection().execute<{ id: string }[]>(`select id from users where id = ? and deleted_at is null`, [who.userId])
  if (!user) return null
  await setKind(em, who.userId, who.kind, false)
  return who
}
