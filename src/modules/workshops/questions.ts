import type { EntityManager } from '@mikro-orm/postgresql'
import type { Question } from './question.schema'

/** The questions the checkout of a schedule asks (its workshop's, in order). */
export async function scheduleQuestions(em: EntityManager, scheduleId: string): Promise<Question[]> {
  const [r] = await em.execute<{ questions: Question[] | null }[]>(
    `select w.questions from workshop_schedules s join workshops w on w.id = s.workshop_id where s.id = ?`,
    [scheduleId],
  )
  return r?.questions ?? []
}
