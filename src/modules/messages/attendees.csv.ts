/**
 * `GET /v1/workshop-schedules/{id}/attendees.csv`: one row per seat of the date's bookings (not
 * cancelled ones): name, email, booking and seat status, attended, then one column per question
 * (the workshop's current ones in order, then any removed question that still has answers,
 * under the text it was asked with). Once-per-booking answers repeat on every seat of their
 * booking. A date has at most its workshop's seats, so the whole list is one bounded read.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { answerText, type Question, type StoredAnswers } from '../workshops/question.schema'
import { nameSql } from './people'

const cell = (v: unknown) => {
  const s = String(v ?? '')
  // Quoted always; a leading = + - @ is neutralised so spreadsheets never run it as a formula.
  return `"${(/^[=+\-@\t\r]/.test(s) ? `'${s}` : s).replace(/"/g, '""')}"`
}

interface SeatRow {
  name: string | null
  email: string | null
  booking_status: string
  seat_status: string
  attended: boolean
  booking_answers: StoredAnswers | null
  seat_answers: StoredAnswers | null
}

export async function attendeesCsv(em: EntityManager, scheduleId: string): Promise<{ csv: string; filename: string }> {
  const conn = em
  const [w] = await conn.execute<{ questions: Question[] | null; slug: string; start_date: Date }[]>(
    `select w.questions, w.slug, s.start_date from workshop_schedules s join workshops w on w.id = s.workshop_id where s.id = ?`,
    [scheduleId],
  )
  const seats = await conn.execute<SeatRow[]>(
    `select ${nameSql('u')} as name, coalesce(u.email, bs.email) as email, b.status as booking_status, bs.status as seat_status, bs.attended,
            b.answers as booking_answers, bs.answers as seat_answers
       from bookings b join booking_seats bs on bs.booking_id = b.id and bs.deleted_at is null
       left join users u on u.id = bs.user_id
      where b.workshop_schedule_id = ? and b.deleted_at is null and b.status <> 'CANCELLED'
      order by b.created_at, b.id, bs.created_at, bs.id`,
    [scheduleId],
  )
  // Columns: the current questions, then removed ones that were answered (by id, under the text they had).
  const columns: { id: string; label: string }[] = (w?.questions ?? []).map((q) => ({ id: q.id, label: q.label }))
  const known = new Set(columns.map((c) => c.id))
  for (const s of seats)
    for (const a of [s.booking_answers, s.seat_answers])
      for (const [id, answer] of Object.entries(a ?? {}))
        if (!known.has(id)) {
          known.add(id)
          columns.push({ id, label: `${answer.label} (removed)` })
        }
  const lines = [['Name', 'Email', 'Booking status', 'Seat status', 'Attended', ...columns.map((c) => c.label)]]
  for (const s of seats)
    lines.push([
      s.name ?? '',
      s.email ?? '',
      s.booking_status,
      s.seat_status,
      s.attended ? 'yes' : 'no',
      ...columns.map((c) => answerText(s.seat_answers?.[c.id] ?? s.booking_answers?.[c.id])),
    ])
  const day = w ? new Date(w.start_date).toISOString().slice(0, 10) : 'date'
  return { csv: `${lines.map((l) => l.map(cell).join(',')).join('\r\n')}\r\n`, filename: `attendees-${w?.slug ?? 'workshop'}-${day}.csv` }
}

/** The answers of one booking (the coach's booking page): the booking's own, and each seat holder's. */
export async function bookingAnswers(em: EntityManager, bookingId: string) {
  const rows = await em.execute<{ booking_answers: StoredAnswers | null; seat_answers: StoredAnswers | null; name: string | null; email: string | null }[]>(
    `select b.answers as booking_answers, bs.answers as seat_answers, ${nameSql('u')} as name, coalesce(u.email, bs.email) as email
       from bookings b left join booking_seats bs on bs.booking_id = b.id and bs.deleted_at is null and bs.answers is not null
       left join users u on u.id = bs.user_id
      where b.id = ? order by bs.created_at, bs.id`,
    [bookingId],
  )
  const list = (a: StoredAnswers | null) => Object.entries(a ?? {}).map(([id, x]) => ({ id, question: x.label, answer: answerText(x) }))
  return {
    booking: list(rows[0]?.booking_answers ?? null),
    seats: rows.filter((r) => r.seat_answers).map((r) => ({ holder: r.name ?? r.email ?? 'Seat holder', answers: list(r.seat_answers) })),
  }
}
