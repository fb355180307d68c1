/**
 * "Delete my account" (GDPR erasure): refused, with what to do first, while the person has
 * upcoming paid bookings, runs upcoming sessions with bookings, is a team's last manager or is
 * still owed money; otherwise, in one transaction, the person's data is erased or anonymised
 * (name, email, phone, photo, profile, sessions, tokens, passkeys, devices, memberships,
 * waiting lists, applications) while bookings, payments and invoices stay as the law requires
 * (an invoice keeps the buyer's details it was issued with), shown as "Deleted user".
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { config } from '../../config'
import { recordAudit } from '../../platform/audit'
import { clock } from '../../platform/clock'
import { transaction } from '../../platform/db/after-commit'
import { conflict } from '../../platform/http/errors'
import { log } from '../../platform/log'
import { layout, queueMail } from '../../platform/mail'
import { deleteObject } from '../../platform/storage'
import { cancelBooking } from '../bookings'
import type { User } from '../users'
import { PRIVACY_MESSAGES } from './privacy.schema'

export const DELETED_NAME = { firstName: 'Deleted', lastName: 'user' }
export const deletedEmail = (userId: string) => `deleted-${userId}@deleted.invalid`

const MANAGES = `exists (select 1 from roles r where r.name = any(m.roles) and 'members.manage' = any(r.permissions))`

/** Why the account cannot be deleted now (409 with what to do first), or nothing. */
export async function refusalOf(em: EntityManager, userId: string): Promise<string | null> {
  const now = clock.now()
  const conn = em.getConnection()
  const [paid] = await conn.execute(
    `select 1 from bookings b join workshop_schedules s on s.id = b.workshop_schedule_id
      where b.user_id = ? and b.deleted_at is null and b.status in ('PENDING', 'CONFIRMED') and (b.amount_paid > 0 or b.amount_due > 0) and s.end_date > ? limit 1`,
    [userId, now],
  )
  if (paid) return PRIVACY_MESSAGES.upcomingBookings
  const [sessions] = await conn.execute(
    `select 1 from workshop_schedules s where s.coach_id = ? and s.deleted_at is null and s.end_date > ? and s.status <> 'ARCHIVED'
        and exists (select 1 from bookings b where b.workshop_schedule_id = s.id and b.deleted_at is null and b.status in ('PENDING', 'CONFIRMED')) limit 1`,
    [userId, now],
  )
  if (sessions) return PRIVACY_MESSAGES.upcomingSessions
  const last = await conn.execute<{ name: string }[]>(
    `select t.name from memberships m join tenants t on t.id = m.tenant_id and t.deleted_at is null
      where m.user_id = ? and m.status = 'ACTIVE' and ${MANAGES}
        and not exists (select 1 from memberships o where o.tenant_id = m.tenant_id and o.user_id <> m.user_id and o.status = 'ACTIVE'
                          and exists (select 1 from roles r where r.name = any(o.roles) and 'members.manage' = any(r.permissions)))
      order by t.name limit 5`,
    [userId],
  )
  if (last.length) return PRIVACY_MESSAGES.lastManager(last.map((r) => r.name))
  const [owed] = await conn.execute(`select 1 from payout_transfers where coach_id = ? and state in ('pending', 'sending') limit 1`, [userId])
  if (owed) return PRIVACY_MESSAGES.payoutsPending
  return null
}

/** Erases the account; answers what was done (for the log and the test). */
export async function deleteAccount(em: EntityManager, user: User) {
  const refusal = await refusalOf(em, user.id)
  if (refusal) throw conflict(refusal)
  const now = clock.now()
  const oldEmail = user.email
  // Free bookings still to come give their seats back (paid ones refused the deletion above).
  const free = await em.getConnection().execute<{ id: string }[]>(
    `select b.id from bookings b join workshop_schedules s on s.id = b.workshop_schedule_id
        where b.user_id = ? and b.deleted_at is null and b.status in ('PENDING', 'CONFIRMED') and s.end_date > ?`,
    [user.id, now],
  )
  for (const b of free) await cancelBooking(em, b.id, 'The client deleted their account.', now, { refund: 'policy' }).catch(() => undefined)

  const files = await transaction(em, async (tem) => {
    // Changes of team business the deletion makes, in each team's log.
    const memberships = await tem.execute<{ id: string; tenant_id: string; roles: string[]; status: string }[]>(
      'select id, tenant_id, roles, status from memberships where user_id = ?',
      [user.id],
    )
    for (const m of memberships)
      await recordAudit(tem, {
        tenantId: m.tenant_id,
        action: 'member.removed',
        resource: 'member',
        resourceId: m.id,
        before: { user: user.id, roles: m.roles, status: m.status },
        after: { reason: 'account deleted' },
      })
    await tem.execute('delete from memberships where user_id = ?', [user.id])
    // Coming schedules without bookings leave the marketplace.
    await tem.execute(`update workshop_schedules set status = 'ARCHIVED', updated_at = ? where coach_id = ? and end_date > ? and status <> 'ARCHIVED'`, [
      now,
      user.id,
      now,
    ])
    // Ways in, and what only served them.
    for (const sql of [
      'delete from sessions where user_id = ?',
      'delete from personal_access_tokens where user_id = ?',
      'delete from passkeys where user_id = ?',
      'delete from webauthn_challenges where user_id = ?',
      'delete from known_devices where user_id = ?',
      'delete from mail_opt_outs where user_id = ?',
      `delete from waitlist_entries where user_id = ? and status in ('WAITING', 'OFFERED')`,
    ])
      await tem.execute(sql, [user.id])
    await tem.execute('delete from one_time_codes where lower(email) = lower(?)', [oldEmail])
    // Applications to job postings name the person: anonymised, their résumé deleted.
    const resumes = await tem.execute<{ key: string }[]>(
      `update job_applications a set name = 'Deleted user', email = ?, answers = '[]'::jsonb, resume_key = null, resume_name = null, updated_at = ?
         from (select id, resume_key from job_applications where lower(email) = lower(?)) old where a.id = old.id returning old.resume_key as key`,
      [deletedEmail(user.id), now, oldEmail],
    )
    // Seats held under the address.
    await tem.execute('update booking_seats set email = null, updated_at = ? where user_id = ? and email is not null', [now, user.id])
    await tem.execute(`update booking_seats set email = ?, updated_at = ? where user_id is null and lower(email) = lower(?)`, [
      deletedEmail(user.id),
      now,
      oldEmail,
    ])
    // Their photo and unclaimed uploads go; what they uploaded for a team's workshops stays the team's.
    const gone = await tem.execute<{ key: string }[]>(`delete from files where owner_id = ? and kind in ('avatar', 'temp') returning key`, [user.id])
    const exports = await tem.execute<{ key: string }[]>(
      `update data_exports d set file_key = null, status = 'expired', updated_at = ?
         from (select id, file_key from data_exports where user_id = ? and file_key is not null) old where d.id = old.id returning old.file_key as key`,
      [now, user.id],
    )
    // The person: anonymised and signed out for good. The row stays (not soft-deleted: the bookings,
    // payments and invoices that point at it stay visible to their team) but names nobody: no
    // email, name, username or coach role to be found by, and no way to sign in.
    await tem.execute(
      `update users set email = ?, pending_email = null, username = null, profile = ?::jsonb, coach_profile = null, avatar = null, oidc_subject = null,
              password = null, default_tenant_slug = null, roles = '{}', status = 'suspended', erased_at = ?, updated_at = ? where id = ?`,
      [deletedEmail(user.id), JSON.stringify(DELETED_NAME), now, now, user.id],
    )
    return [...resumes, ...gone, ...exports].map((r) => r.key).filter(Boolean)
  })
  for (const key of files) await deleteObject(key).catch((err) => log.warn({ err, key }, 'a deleted account’s file could not be removed'))
  queueMail({
    to: oldEmail,
    ...layout(`Your ${config.SITE_NAME} account is deleted`, 'Your account is deleted', [
      { p: `As you asked, your ${config.SITE_NAME} account and the personal data in it have been deleted. You have been signed out everywhere.` },
      { p: 'Invoices and the records of what was paid are kept as the law requires, with the details they were issued with.' },
      { p: 'You can create a new account with this address at any time.' },
    ]),
  })
  log.info({ userId: user.id }, 'account deleted')
  return { cancelledFreeBookings: free.length, removedFiles: files.length }
}
