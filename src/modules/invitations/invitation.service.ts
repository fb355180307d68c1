/**
 * Seat invitations: a single-use token mailed as `${APP_URL}/invitations/{token}` (only its
 * SHA-256 is stored). Accept and decline are guarded UPDATEs on the PENDING seat, so a token
 * works once even when two requests race. Invitations expire when the schedule starts or after
 * INVITATION_DAYS; an expired or declined seat can be offered again with a new token.
 */
import { UniqueConstraintViolationException } from '@mikro-orm/core'
import type { EntityManager } from '@mikro-orm/postgresql'
import { config } from '../../config'
import { clock } from '../../platform/clock'
import { randomToken, sha256 } from '../../platform/crypto'
import { conflict, fieldError, forbidden, type HttpError, notFound } from '../../platform/http/errors'
import { log } from '../../platform/log'
import { sendMail } from '../../platform/mail/mailer'
import { formatMoment, formatStart } from '../../shared/datetime'
import type { ViewOf } from '../../shared/view'
import { allTenants, type Booking, BookingSeat, checkSeatAnswers, displayName, holdsSeats, seatQuestions, serializeScheduleBrief } from '../bookings'
import { BOOKING_MESSAGES } from '../bookings/booking.schema'
import { User } from '../users'
import type { Workshop, WorkshopSchedule } from '../workshops'
import { type AnswerValue, questionsFor } from '../workshops/question.schema'
import type { InvitationView } from './invitation.schema'

export const INVITATION_DAYS = 14
export const EXPIRE_INVITATIONS_JOB = 'invitations.expire'

export const invitationUrl = (token: string) => `${config.APP_URL}/invitations/${token}`

/** Mails a fresh single-use link for a seat; answers the link (shown once, to the inviter). */
export async function sendInvitation(em: EntityManager, seat: BookingSeat, inviter: User, at = clock.now()) {
  const booking = seat.booking as unknown as Booking
  const schedule = booking.workshopSchedule as unknown as WorkshopSchedule
  const workshop = schedule.workshop as unknown as Workshop
  if (seat.status === 'ACCEPTED') throw conflict('This seat has already been accepted.')
  if (!holdsSeats(booking.status)) throw conflict('Invitations can only be sent for a pending or confirmed booking.')
  if (schedule.startDate.getTime() <= at.getTime()) throw conflict('The workshop has already started: invitations can no longer be sent.')
  const invitee = seat.user ? await em.findOne(User, { id: seat.user.id }) : null
  const to = seat.email ?? invitee?.email
  if (!to) throw fieldError('userId', BOOKING_MESSAGES.userOrEmail)

  const token = randomToken()
  seat.invitationTokenHash = sha256(token)
  seat.status = 'PENDING'
  seat.inviter = inviter
  seat.invitationSentAt = at
  seat.invitationExpiresAt = new Date(Math.min(schedule.startDate.getTime(), at.getTime() + INVITATION_DAYS * 86_400_000))
  seat.respondedAt = null
  await em.flush()

  const url = invitationUrl(token)
  const who = displayName(inviter)
  const when = formatStart(schedule.startDate, schedule.timezone)
  const text = `${who} has a seat for you at "${workshop.title}" on ${when}.\n\nAccept or decline the invitation here:\n${url}\n\nThe link works once and expires on ${formatMoment(seat.invitationExpiresAt, schedule.timezone)}.\n\n${config.SITE_NAME}`
  try {
    await sendMail({ to, subject: `${who} invited you to ${workshop.title}`, text })
  } catch (err) {
    log.error({ err: err instanceof Error ? err.message : err, seatId: seat.id }, 'invitation mail could not be sent')
  }
  return { url, expiresAt: seat.invitationExpiresAt }
}

async function seatByToken(em: EntityManager, token: string) {
  allTenants(em)
  return em.findOne(
    BookingSeat,
    { invitationTokenHash: sha256(token) },
    {
      populate: ['booking', 'booking.workshopSchedule', 'booking.workshopSchedule.workshop', 'inviter'],
      refresh: true,
    },
  )
}

const isExpired = (seat: BookingSeat, at: Date) =>
  seat.status === 'EXPIRED' || (seat.status === 'PENDING' && !!seat.invitationExpiresAt && seat.invitationExpiresAt.getTime() <= at.getTime())

/** What an invitation offers (public: the token is the credential). Lazily marks it EXPIRED. */
export async function showInvitation(em: EntityManager, token: string, at = clock.now()): Promise<ViewOf<typeof InvitationView>> {
  const seat = await seatByToken(em, token)
  if (!seat) throw notFound('Invitation')
  if (seat.status === 'PENDING' && isExpired(seat, at)) {
    seat.status = 'EXPIRED'
    await em.flush()
  }
  const booking = seat.booking as unknown as Booking
  const schedule = booking.workshopSchedule as unknown as WorkshopSchedule
  const inviter = seat.inviter as unknown as User | null
  return {
    seatId: seat.id,
    bookingId: booking.id,
    status: seat.status,
    email: seat.email ?? null,
    forUserId: seat.user?.id ?? null,
    expiresAt: seat.invitationExpiresAt ?? null,
    bookingStatus: booking.status,
    inviter: inviter ? { id: inviter.id, name: displayName(inviter) } : null,
    workshopSchedule: serializeScheduleBrief(schedule),
    questions: questionsFor((schedule.workshop as unknown as Workshop)?.questions ?? [], 'holder'),
  }
}

/** Why a token could not be used: the 404/403/409 the caller gets. */
async function explain(em: EntityManager, token: string, user: User | null, at: Date): Promise<HttpError> {
  const seat = await seatByToken(em, token)
  if (!seat) return notFound('Invitation')
  const booking = seat.booking as unknown as Booking
  if (seat.status === 'ACCEPTED') return conflict('This invitation has already been accepted.')
  if (seat.status === 'DECLINED') return conflict('This invitation was declined.')
  if (isExpired(seat, at)) {
    if (seat.status !== 'EXPIRED') {
      seat.status = 'EXPIRED'
      await em.flush()
    }
    return conflict('This invitation has expired. Ask the person who invited you to send a new one.')
  }
  if (!holdsSeats(booking.status)) return conflict('This booking was cancelled.')
  if (user && seat.user && seat.user.id !== user.id) return forbidden('This invitation is for another account.')
  return conflict('You already have a seat in this booking.')
}

/** Binds the seat to the signed-in user. Works once per token. */
export async function acceptInvitation(em: EntityManager, token: string, user: User, at = clock.now(), rawAnswers: Record<string, AnswerValue> | null = null) {
  const answers = checkSeatAnswers(await seatQuestions(em, 's.invitation_token_hash = ?', [sha256(token)]), rawAnswers)
  const rows = await em
    .execute<{ id: string }[]>(
      `update booking_seats s set status = 'ACCEPTED', user_id = ?, email = coalesce(s.email, ?), responded_at = ?, updated_at = ?, answers = ?::jsonb
       from bookings b
      where s.invitation_token_hash = ? and s.status = 'PENDING' and s.deleted_at is null
        and s.invitation_expires_at > ?
        and b.id = s.booking_id and b.status in ('PENDING', 'CONFIRMED') and b.deleted_at is null
        and (s.user_id is null or s.user_id = ?)
        and not exists (select 1 from booking_seats o where o.booking_id = s.booking_id and o.user_id = ? and o.id <> s.id and o.status = 'ACCEPTED' and o.deleted_at is null)
      returning s.id`,
      [user.id, user.email, at, at, answers ? JSON.stringify(answers) : null, sha256(token), at, user.id, user.id],
    )
    .catch((err) => {
      // Two seats of one booking accepted by the same person at once: the partial unique index decides.
      if (err instanceof UniqueConstraintViolationException) throw conflict('You already have a seat in this booking.')
      throw err
    })
  if (!rows.length) throw await explain(em, token, user, at)
  return rows[0].id as string
}

/** Declines: the seat can then be offered to someone else. */
export async function declineInvitation(em: EntityManager, token: string, user: User | null, at = clock.now()) {
  const rows = await em.execute(
    `update booking_seats s set status = 'DECLINED', responded_at = ?, updated_at = ?
      where s.invitation_token_hash = ? and s.status = 'PENDING' and s.deleted_at is null and s.invitation_expires_at > ?
        and (s.user_id is null or ?::uuid is null or s.user_id = ?::uuid)
      returning s.id`,
    [at, at, sha256(token), at, user?.id ?? null, user?.id ?? null],
  )
  if (!rows.length) throw await explain(em, token, user, at)
  return rows[0].id as string
}

/** The cron sweep: PENDING invitations past their expiry become EXPIRED. */
export async function expireInvitations(em: EntityManager, at = clock.now()) {
  const rows = await em.execute(
    `update booking_seats set status = 'EXPIRED', updated_at = ? where status = 'PENDING' and invitation_token_hash is not null and invitation_expires_at <= ? returning id`,
    [at, at],
  )
  return rows.length
}
