import type { EntityManager } from '@mikro-orm/postgresql'
import { layout, queueMail } from '../../platform/mail'
import { config } from '../../config'
import { hasBookings } from './schedule.stats'
import type { Workshop } from './workshop.entity'
import type { WorkshopResource } from './resource.entity'

const ATTENDING = `b.status in ('CONFIRMED', 'COMPLETED') and b.deleted_at is null and s.deleted_at is null`

/** Whether the user booked (or holds an accepted seat of) a confirmed booking on one of the workshop's schedules. */
export async function isConfirmedAttendee(em: EntityManager, workshopId: string, userId: string) {
  if (!hasBookings(em)) return false
  const rows = await em.execute(
    `select 1 from bookings b join workshop_schedules s on s.id = b.workshop_schedule_id
      where s.workshop_id = ? and ${ATTENDING}
        and (b.user_id = ? or exists (select 1 from booking_seats bs where bs.booking_id = b.id and bs.user_id = ?
             and bs.status = 'ACCEPTED' and bs.deleted_at is null))
      limit 1`,
    [workshopId, userId, userId],
  )
  return rows.length > 0
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
