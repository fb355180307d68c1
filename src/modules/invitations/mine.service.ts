/**
 * Invitations addressed to me, answered from the client dashboard without the mailed token:
 * the seat must be PENDING, not expired, and for my account or my email. The same guarded
 * UPDATE as the token path, so a seat is taken once whatever races.
 */
import { UniqueConstraintViolationException } from '@mikro-orm/core'
import type { EntityManager } from '@mikro-orm/postgresql'
import { clock } from '../../platform/clock'
import { conflict, notFound } from '../../platform/http/errors'
import { isId } from '../../platform/http/ids'
import { checkSeatAnswers, seatQuestions } from '../bookings'
import type { User } from '../users'
import type { AnswerValue } from '../workshops/question.schema'

export async function answerMySeat(
  em: EntityManager,
  seatId: string,
  user: User,
  answer: 'accept' | 'decline',
  at = clock.now(),
  rawAnswers: Record<string, AnswerValue> | null = null,
) {
  if (!isId(seatId)) throw notFound('Invitation')
  const answers = answer === 'accept' ? checkSeatAnswers(await seatQuestions(em, 's.id = ?', [seatId]), rawAnswers) : null
  const sql =
    answer === 'accept'
      ? `update booking_seats s set status = 'ACCEPTED', user_id = ?, email = coalesce(s.email, ?), responded_at = ?, updated_at = ?, answers = ?::jsonb
         from bookings b
        where s.id = ? and s.status = 'PENDING' and s.deleted_at is null and s.invitation_token_hash is not null and s.invitation_expires_at > ?
          and (s.user_id = ? or (s.user_id is null and lower(s.email) = lower(?)))
          and b.id = s.booking_id and b.status in ('PENDING', 'CONFIRMED') and b.deleted_at is null
          and not exists (select 1 from booking_seats o where o.booking_id = s.booking_id and o.user_id = ? and o.id <> s.id and o.status = 'ACCEPTED' and o.deleted_at is null)
        returning s.id`
      : `update booking_seats s set status = 'DECLINED', responded_at = ?, updated_at = ?
        where s.id = ? and s.status = 'PENDING' and s.deleted_at is null and s.invitation_token_hash is not null and s.invitation_expires_at > ?
          and (s.user_id = ? or (s.user_id is null and lower(s.email) = lower(?)))
        returning s.id`
  const params =
    answer === 'accept'
      ? [user.id, user.email, at, at, answers ? JSON.stringify(answers) : null, seatId, at, user.id, user.email, user.id]
      : [at, at, seatId, at, user.id, user.email]
  const rows = await em.execute(sql, params).catch((err) => {
    if (err instanceof UniqueConstraintViolationException) throw conflict('You already have a seat in this booking.')
    throw err
  })
  if (!rows.length) {
    const [seat] = await em.execute(`select status, user_id, email from booking_seats where id = ? and deleted_at is null`, [seatId])
    if (!seat || (seat.user_id && seat.user_id !== user.id) || (!seat.user_id && seat.email?.toLowerCase() !== user.email.toLowerCase()))
      throw notFound('Invitation')
    if (seat.status === 'ACCEPTED') throw conflict('This invitation has already been accepted.')
    if (seat.status === 'DECLINED') throw conflict('This invitation was declined.')
    if (seat.status === 'EXPIRED' || seat.status === 'PENDING')
      throw conflict('This invitation has expired or its booking was cancelled. Ask the person who invited you to send a new one.')
    throw conflict('You already have a seat in this booking.')
  }
  return rows[0].id as string
}
