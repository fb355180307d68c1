import type { EntityManager } from '@mikro-orm/postgresql'
import { config } from '../../config'
import { layout, queueMail } from '../../platform/mail'
import type { WorkshopResource } from './resource.entity'
import { hasBookings } from './schedule.stats'
import type { Workshop } from './workshop.entity'

const ATTENDING = `b.status in ('CONFIRMED', 'COMPLETED') and b.deleted_at is null and s.deleted_at is null`

/**
 * The confirmed (or completed) bookings through which a user attends one of the workshop's
 * schedules: as the booker or holding an accepted seat. Empty = not an attendee.
 */
export async function attendeeBookings(em: EntityManager, workshopId: string, userId: string) {
  if (!hasBookings(em)) return []
  return em.execute<{ id: string; meta: { workshopResourcePreferences?: { id: string; isVisible?: boolean }[] } | null }[]>(
    `select b.id, b.meta from bookings b join workshop_schedules s on s.id = b.workshop_schedule_id
      where s.workshop_id = ? and ${ATTENDING}
        and (b.user_id = ? or exists (select 1 from booking_seats bs where bs.booking_id = b.id and bs.user_id = ?
             and bs.status = 'ACCEPTED' and bs.deleted_at is null))`,
    [workshopId, userId, userId],
  )
}

export async function isConfirmedAttendee(em: EntityManager, workshopId: string, userId: string) {
  return (await attendeeBookings(em, workshopId, userId)).length > 0
}

/**
 * What an attendee sees: a resource's own isVisible, unless the coach set a preference for it
 * on the booking (booking.meta.workshopResourcePreferences). With several bookings, a resource
 * shows if any of them shows it.
 */
export function attendeeVisibility(bookings: Awaited<ReturnType<typeof attendeeBookings>>) {
  const shown = new Set<string>()
  const hiddenCount = new Map<string, number>()
  for (const b of bookings) {
    for (const p of b.meta?.workshopResourcePreferences ?? []) {
      if (!p?.id) continue
      if (p.isVisible === false) hiddenCount.set(p.id, (hiddenCount.get(p.id) ?? 0) + 1)
      else shown.add(p.id)
    }
  }
  const hiddenEverywhere = [...hiddenCount].filter(([id, n]) => n === bookings.length && !shown.has(id)).map(([id]) => id)
  const visible: Record<string, unknown> = { isVisible: true, ...(hiddenEverywhere.length ? { id: { $nin: hiddenEverywhere } } : {}) }
  return shown.size ? { $or: [visible, { id: { $in: [...shown] } }] } : visible
}

/** Addresses of everyone attending a confirmed booking of the workshop's coming or running schedules. */
export async function attendeeEmails(em: EntityManager, workshopId: string): Promise<string[]> {
  if (!hasBookings(em)) return []
  const rows = await em.execute<{ email: string }[]>(
    `select distinct lower(coalesce(u.email, bs.email)) as email
       from bookings b join workshop_schedules s on s.id = b.workshop_schedule_id
       left join booking_seats bs on bs.booking_id = b.id and bs.deleted_at is null and bs.status = 'ACCEPTED'
       left join users u on u.id = coalesce(bs.user_id, b.user_id)
      where s.workshop_id = ? and ${ATTENDING}
     union
     select lower(u.email) from bookings b join workshop_schedules s on s.id = b.workshop_schedule_id
       join users u on u.id = b.user_id
      where s.workshop_id = ? and ${ATTENDING}`,
    [workshopId, workshopId],
  )
  return rows.map((r) => r.email).filter(Boolean)
}

/**
 * A broadcast resource mails the confirmed attendees once, when it is (or becomes) visible.
 * Delivery is fire-and-forget: a failing mail server never fails the coach's request.
 */
export async function broadcastIfDue(em: EntityManager, workshop: Workshop, resource: WorkshopResource) {
  if (!resource.isBroadcast || !resource.isVisible || resource.broadcastAt) return 0
  const emails = await attendeeEmails(em, workshop.id)
  resource.broadcastAt = new Date()
  await em.flush()
  const url = `${config.APP_URL}/b/workshops/${workshop.id}/resources`
  for (const to of emails) {
    const mail = layout(`New resource for ${workshop.title}`, `New resource: ${resource.title}`, [
      { p: `Your coach shared a new resource for ${workshop.title}.` },
      ...(resource.description ? [{ p: resource.description }] : []),
      { button: { label: 'Open resources', url } },
    ])
    queueMail({ to, ...mail })
  }
  return emails.length
}
