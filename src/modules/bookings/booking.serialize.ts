import { wrap } from '@mikro-orm/core'
import { toMajor } from '../../shared/money'
import type { ViewOf } from '../../shared/view'
import type { SessionType } from '../sessions'
import { serializeBookingTax } from '../tax'
import type { User } from '../users'
import { avatarUrl } from '../users'
import type { Workshop, WorkshopSchedule } from '../workshops'
import type { Booking, BookingSeat } from './booking.entity'
import type { BookingView, PersonView, ScheduleBriefView, SeatView, SessionBriefView } from './booking.schema'

const loaded = (x: unknown) => !!x && wrap(x as object).isInitialized()
const idOf = (x: unknown) => (x as { id?: string } | null)?.id ?? null

export const displayName = (u: User) => [u.profile?.firstName, u.profile?.lastName].filter(Boolean).join(' ') || u.username || u.email

export function serializePerson(u: User): ViewOf<typeof PersonView> {
  return { id: u.id, name: displayName(u), username: u.username ?? null, email: u.email, avatarUrl: avatarUrl(u) }
}

export function serializeScheduleBrief(s: WorkshopSchedule): ViewOf<typeof ScheduleBriefView> {
  const w = s.workshop as unknown as Workshop
  return {
    id: s.id,
    startDate: s.startDate,
    endDate: s.endDate,
    timezone: s.timezone,
    mode: s.mode,
    country: s.country ?? null,
    status: s.status,
    visibility: s.visibility,
    coachId: idOf(s.coach),
    workshop: loaded(w)
      ? {
          id: w.id,
          title: w.title,
          slug: w.slug,
          image: w.image ?? null,
          price: toMajor(w.price, w.currency),
          currency: w.currency,
          minSeats: w.minSeats,
          maxSeats: w.maxSeats,
        }
      : { id: idOf(w) },
  }
}

export function serializeSessionBrief(s: SessionType, coachId: string | null): ViewOf<typeof SessionBriefView> {
  return { id: s.id, title: s.title, durationMinutes: s.durationMinutes, mode: s.mode, coachId }
}

/** The booking as the API shows it. Coach notes are for the coach and super-admins only. */
export function serializeBooking(b: Booking, viewer: User | null, include: string[] = []): ViewOf<typeof BookingView> {
  const schedule = b.workshopSchedule as unknown as WorkshopSchedule | null
  const session = b.sessionType as unknown as SessionType | null
  const coachId = schedule ? (loaded(schedule) ? idOf(schedule.coach) : null) : idOf(b.sessionCoach)
  const coachView = !!viewer && (viewer.roles.includes('super-admin') || (!!coachId && coachId === viewer.id))
  return {
    id: b.id,
    tenantId: idOf(b.tenant),
    userId: idOf(b.user),
    workshopScheduleId: idOf(schedule),
    sessionTypeId: idOf(session),
    startsAt: b.startsAt ?? (schedule && loaded(schedule) ? schedule.startDate : null),
    endsAt: b.endsAt ?? (schedule && loaded(schedule) ? schedule.endDate : null),
    seats: b.seats,
    voucherCode: b.voucherCode ?? null,
    status: b.status,
    amountTotal: toMajor(b.amountTotal, b.currency),
    discount: toMajor(b.discount, b.currency),
    amountDue: toMajor(b.amountDue, b.currency),
    amountPaid: toMajor(b.amountPaid, b.currency),
    currency: b.currency,
    paymentMethod: b.paymentMethod ?? null,
    paymentTransactionId: b.paymentTransactionId ?? null,
    notes: b.notes ?? null,
    coachNotes: coachView ? (b.coachNotes ?? null) : undefined,
    cancellationReason: b.cancellationReason ?? null,
    meta: { workshopResourcePreferences: [], ...(b.meta ?? {}) },
    address: b.address ?? null,
    holdExpiresAt: b.holdExpiresAt ?? null,
    confirmedAt: b.confirmedAt ?? null,
    cancelledAt: b.cancelledAt ?? null,
    refundAmount: b.refundAmount == null ? null : toMajor(b.refundAmount, b.currency),
    billing: b.billing ?? null,
    tax: serializeBookingTax(b.tax, b.currency),
    createdAt: b.createdAt,
    updatedAt: b.updatedAt,
    deletedAt: b.deletedAt ?? null,
    workshopSchedule: schedule && loaded(schedule) ? serializeScheduleBrief(schedule) : undefined,
    sessionType: session && loaded(session) ? serializeSessionBrief(session, coachId) : undefined,
    user: include.includes('user') && loaded(b.user) ? serializePerson(b.user as unknown as User) : undefined,
    answers: b.answers ?? null,
  }
}

export function serializeSeat(s: BookingSeat, include: string[] = []): ViewOf<typeof SeatView> {
  const user = s.user as unknown as User | null
  const inviter = s.inviter as unknown as User | null
  return {
    id: s.id,
    tenantId: idOf(s.tenant),
    bookingId: idOf(s.booking),
    userId: idOf(user),
    email: s.email ?? (loaded(user) ? user!.email : null),
    inviterId: idOf(inviter),
    status: s.status,
    attended: s.attended,
    attendanceNotes: s.attendanceNotes ?? null,
    meta: s.meta ?? {},
    invitationSentAt: s.invitationSentAt ?? null,
    invitationExpiresAt: s.invitationExpiresAt ?? null,
    respondedAt: s.respondedAt ?? null,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
    deletedAt: s.deletedAt ?? null,
    user: include.includes('user') && loaded(user) ? serializePerson(user!) : undefined,
    inviter: include.includes('inviter') && loaded(inviter) ? serializePerson(inviter!) : undefined,
    answers: s.answers ?? null,
  }
}
