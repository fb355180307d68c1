/**
 * Answers to a workshop's questions, checked against them with the schema the forms use
 * (workshops/question.schema.ts): a 422 names the field (`answers.q2`). The booker answers every
 * question at checkout (once-per-booking ones on the booking, per-seat ones on their own seat);
 * a seat holder answers the per-seat ones when accepting.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import * as v from 'valibot'
import { issuesToBag, validationError } from '../../platform/http/errors'
import { type AnswerValue, answersSchema, type Question, questionsFor, type StoredAnswers, storeAnswers } from '../workshops/question.schema'

function parseAnswers(questions: readonly Question[], raw: Record<string, AnswerValue> | null | undefined) {
  const r = v.safeParse(v.object({ answers: answersSchema(questions) }), { answers: raw ?? {} }, { abortPipeEarly: true })
  if (!r.success) throw validationError(issuesToBag(r.issues))
  return r.output.answers as Record<string, AnswerValue | undefined>
}

/** The booker's answers at checkout: the booking's and their seat's (null when nothing is asked). */
export function checkBookingAnswers(questions: readonly Question[], raw: Record<string, AnswerValue> | null | undefined) {
  const asked = questionsFor(questions, 'booker')
  if (!asked.length) return null
  const values = parseAnswers(asked, raw)
  const stored = (scope: 'booking' | 'seat'): StoredAnswers | null => {
    const a = storeAnswers(
      asked.filter((q) => q.scope === scope),
      values,
    )
    return Object.keys(a).length ? a : null
  }
  return { booking: stored('booking'), seat: stored('seat') }
}

/** A seat holder's answers to the per-seat questions when accepting (null when none are asked). */
export function checkSeatAnswers(questions: readonly Question[], raw: Record<string, AnswerValue> | null | undefined): StoredAnswers | null {
  const asked = questionsFor(questions, 'holder')
  if (!asked.length) return null
  const a = storeAnswers(asked, parseAnswers(asked, raw))
  return Object.keys(a).length ? a : null
}

/** The questions of the workshop of the seat found by `where` (over `booking_seats s`); none when no such seat. */
export async function seatQuestions(em: EntityManager, where: string, params: unknown[]): Promise<Question[]> {
  const [row] = await em.execute<{ questions: Question[] | null }[]>(
    `select w.questions from booking_seats s join bookings b on b.id = s.booking_id
       join workshop_schedules ws on ws.id = b.workshop_schedule_id join workshops w on w.id = ws.workshop_id
      where ${where} limit 1`,
    params,
  )
  return row?.questions ?? []
}
