/**
 * A coach cancels a whole schedule: it leaves the marketplace (ARCHIVED), every PENDING or
 * CONFIRMED booking is cancelled with the coach's reason through the one booking cancel path
 * (seats back, paid ones refunded by the payments module's cancel hook, the booker mailed),
 * and every other seat holder is mailed too.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { config } from '../../config'
import { recordAudit } from '../../platform/audit'
import { now } from '../../platform/clock'
import { transaction } from '../../platform/db/after-commit'
import { conflict, forbidden, HttpError, notFound } from '../../platform/http/errors'
import { isId } from '../../platform/http/ids'
import { log } from '../../platform/log'
import { layout, queueMail } from '../../platform/mail'
import { formatStart } from '../../shared/datetime'
import { Workshop, WorkshopSchedule } from '../workshops'
import { allTenants } from './booking.access'
import { Booking } from './booking.entity'
import { cancelBooking } from './booking.service'
import { quoteRefund } from './refund-quote'
import { closeWaitlist } from './waitlist.service'

export interface ScheduleCancelResult {
  scheduleId: string
  cancelled: number
  refunded: number
  mailed: number
}

/** Would cancelling these bookings now refund any of them more than its refund policy gives? */
async function anyBeyondPolicy(em: EntityManager, schedule: WorkshopSchedule, open: { id: string; amount_paid: number }[]) {
  const at = now()
  for (const row of open) {
    if (!(Number(row.amount_paid) > 0)) continue
    const b = await em.findOne(Booking, { id: row.id }, { filters: false })
    if (!b) continue
    const [full, policy] = [await quoteRefund(em, b, schedule, at, 'full'), await quoteRefund(em, b, schedule, at, 'policy')]
    if (full.amount > policy.amount) return true
  }
  return false
}

export async function cancelSchedule(
  em: EntityManager,
  actor: { id: string; isSuperAdmin: boolean },
  scheduleId: string,
  reason: string,
  opts: { beyondPolicy?: () => void } = {},
): Promise<ScheduleCancelResult> {
  const uem = allTenants(em)
  const schedule = isId(scheduleId) ? await uem.findOne(WorkshopSchedule, { id: scheduleId }, { filters: { tenant: false } }) : null
  if (!schedule) throw notFound('Workshop schedule')
  if (!actor.isSuperAdmin && schedule.coach.id !== actor.id) throw forbidden('Only the coach who runs this schedule can cancel it.')
  if (schedule.endDate <= now()) throw conflict('This schedule has already ended: it can no longer be cancelled.')
  const workshop = await uem.findOneOrFail(Workshop, { id: schedule.workshop.id }, { filters: false })

  // Who to tell besides the bookers (cancelBooking mails those): accepted or invited seat holders.
  const others = await uem.execute<{ booking_id: string; email: string }[]>(
    `select distinct bs.booking_id, coalesce(u.email, bs.email) as email from booking_seats bs join bookings b on b.id = bs.booking_id left join users u on u.id = bs.user_id
      where b.workshop_schedule_id = ? and b.deleted_at is null and bs.deleted_at is null and b.status in ('PENDING', 'CONFIRMED')
        and bs.status in ('ACCEPTED', 'PENDING') and (bs.user_id is null or bs.user_id <> b.user_id) and coalesce(u.email, bs.email) is not null`,
    [schedule.id],
  )
  const open = await uem.execute<{ id: string; amount_paid: number }[]>(
    `select id, amount_paid from bookings where workshop_schedule_id = ? and deleted_at is null and status in ('PENDING', 'CONFIRMED') order by created_at`,
    [schedule.id],
  )
  // Refunding more than a booking's policy gives is the second check's business: asked before anything changes.
  if (opts.beyondPolicy && (await anyBeyondPolicy(uem, schedule, open))) opts.beyondPolicy()
  // Off the marketplace first, so nobody books while the bookings are being cancelled.
  await transaction(uem, async (tem) => {
    await tem.execute(`update workshop_schedules set status = 'ARCHIVED', updated_at = now() where id = ?`, [schedule.id])
    await recordAudit(tem, {
      tenantId: schedule.tenant.id,
      action: 'schedule.cancelled',
      resource: 'schedule',
      resourceId: schedule.id,
      before: { status: schedule.status },
      after: { status: 'ARCHIVED', cancellationReason: reason, bookings: open.length },
      ownerId: schedule.coach.id,
    })
  })
  // Each booking is cancelled under its own row lock: when two cancels of the schedule run at
  // once, a booking the other one got to first answers 409 here and is skipped, so every booking
  // is cancelled, refunded and mailed about once, by whichever request reached it.
  let refunded = 0
  const cancelled = new Set<string>()
  for (const b of open) {
    try {
      await cancelBooking(uem, b.id, reason, undefined, { refund: 'full', coach: {} })
    } catch (err) {
      if (err instanceof HttpError && err.status === 409) continue
      throw err
    }
    cancelled.add(b.id)
    if (Number(b.amount_paid) > 0) refunded++
  }
  // Whoever waited for a seat is told too; offered seats go back.
  await transaction(uem, (tem) => closeWaitlist(tem, schedule.id, now(), true))
  const emails = [...new Set(others.filter((o) => cancelled.has(o.booking_id)).map((o) => o.email))]
  const when = formatStart(schedule.startDate, schedule.timezone)
  for (const email of emails) {
    try {
      queueMail({
        to: email,
        ...layout(`Cancelled: ${workshop.title}`, 'This workshop is cancelled', [
          { p: `${workshop.title} — ${when} will not take place.` },
          { p: `Reason given by the coach: ${reason}` },
          { button: { label: 'Find another workshop', url: `${config.APP_URL}/workshops` } },
        ]),
      })
    } catch (err) {
      log.error({ err, scheduleId: schedule.id }, 'cancellation mail could not be composed')
    }
  }
  return { scheduleId: schedule.id, cancelled: cancelled.size, refunded, mailed: cancelled.size + emails.length }
}
