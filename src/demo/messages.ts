/** Demo: Speak Like a Pro asks two questions at booking; one of its bookings has answers and a short conversation. */
import type { EntityManager } from '@mikro-orm/postgresql'
import type { Question } from '../modules/workshops/question.schema'

const QUESTIONS: Question[] = [
  { id: 'q1', kind: 'short_text', label: 'What talk are you preparing for?', required: false, scope: 'booking', options: [], consentUrl: null },
  {
    id: 'q2',
    kind: 'single_choice',
    label: 'How much speaking experience do you have?',
    required: true,
    scope: 'seat',
    options: ['None yet', 'A few talks', 'I speak often'],
    consentUrl: null,
  },
]

export async function seedMessages(em: EntityManager) {
  const [w] = await em.execute<{ id: string }[]>(`select id from workshops where title = 'Speak Like a Pro' limit 1`)
  if (!w) return
  await em.execute(`update workshops set questions = ?::jsonb where id = ?`, [JSON.stringify(QUESTIONS), w.id])
  const [b] = await em.execute<{ id: string; tenant_id: string; user_id: string; coach_id: string; created_at: Date }[]>(
    `select b.id, b.tenant_id, b.user_id, s.coach_id, b.created_at from bookings b join workshop_schedules s on s.id = b.workshop_schedule_id
      where s.workshop_id = ? and b.status = 'CONFIRMED' and b.deleted_at is null order by s.start_date desc, b.created_at limit 1`,
    [w.id],
  )
  if (!b) return
  await em.execute(`update bookings set answers = ?::jsonb where id = ?`, [
    JSON.stringify({ q1: { label: QUESTIONS[0].label, kind: 'short_text', value: 'A five-minute pitch at our all-hands' } }),
    b.id,
  ])
  await em.execute(`update booking_seats set answers = ?::jsonb where booking_id = ? and user_id = ?`, [
    JSON.stringify({ q2: { label: QUESTIONS[1].label, kind: 'single_choice', value: 'A few talks' } }),
    b.id,
    b.user_id,
  ])
  const start = new Date(b.created_at).getTime() + 3_600_000
  const lines: [string, string][] = [
    [b.user_id, 'Hi! Can I bring slides from a real talk I have coming up?'],
    [b.coach_id, 'Please do: we will use them in the practice round. A laptop with the file is enough.'],
    [b.user_id, 'Great, thank you. See you there.'],
  ]
  for (const [i, [author, body]] of lines.entries()) {
    const at = new Date(start + i * 20 * 60_000)
    await em.execute(
      `insert into booking_messages (id, tenant_id, booking_id, author_id, body, created_at, updated_at) values (gen_random_uuid(), ?, ?, ?, ?, ?, ?)`,
      [b.tenant_id, b.id, author, body, at, at],
    )
  }
  // Both have read it: the demo bells start with nothing unread from it.
  await em.execute(
    `insert into conversation_readers (booking_id, user_id, last_read_at, mailed_through) values (?, ?, now(), now()), (?, ?, now(), now()) on conflict do nothing`,
    [b.id, b.user_id, b.id, b.coach_id],
  )
}
