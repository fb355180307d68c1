/** Waitlist mail, sent after the change committed; a failing mail server never undoes an offer. */
import type { EntityManager } from '@mikro-orm/postgresql'
import { config } from '../../config'
import { log } from '../../platform/log'
import { layout, queueMail } from '../../platform/mail'
import { formatStart } from '../../shared/datetime'
import { count } from '../../shared/words'

interface Row {
  email: string
  seats: number
  status: string
  offer_expires_at: Date | null
  schedule_id: string
  start_date: Date
  timezone: string
  title: string
}

async function load(em: EntityManager, entryId: string) {
  const [r] = await em.execute<Row[]>(
    `select u.email, e.seats, e.status, e.offer_expires_at, s.id as schedule_id, s.start_date, s.timezone, w.title
       from waitlist_entries e join users u on u.id = e.user_id join workshop_schedules s on s.id = e.workshop_schedule_id join workshops w on w.id = s.workshop_id
      where e.id = ?`,
    [entryId],
  )
  return r ?? null
}

const seatsOf = (n: number) => count(n, 'seat')

/** "Seats are free for you": the link opens the checkout for exactly the offered seats. */
export async function mailWaitlistOffer(em: EntityManager, entryId: string) {
  try {
    const r = await load(em, entryId)
    if (r?.status !== 'OFFERED' || !r.offer_expires_at) return
    const until = formatStart(r.offer_expires_at, r.timezone)
    const when = formatStart(r.start_date, r.timezone)
    queueMail({
      to: r.email,
      ...layout(`${seatsOf(Number(r.seats))} free for you: ${r.title}`, 'Your turn on the waitlist', [
        { p: `${r.title} — ${when}.` },
        {
          p: `${count(Number(r.seats), 'seat is')} held for you until ${until}. After that they go to the next person waiting.`,
        },
        { button: { label: 'Book your seats', url: `${config.APP_URL}/workshops/${r.schedule_id}/book?offer=${entryId}` } },
      ]),
    })
  } catch (err) {
    log.error({ err, entryId }, 'waitlist offer mail could not be composed')
  }
}

/** The schedule was cancelled while this person waited. */
export async function mailWaitlistClosed(em: EntityManager, entryId: string) {
  try {
    const r = await load(em, entryId)
    if (!r) return
    const when = formatStart(r.start_date, r.timezone)
    queueMail({
      to: r.email,
      ...layout(`Cancelled: ${r.title}`, 'This workshop is cancelled', [
        { p: `${r.title} — ${when} will not take place, so its waitlist is closed.` },
        { button: { label: 'Find another workshop', url: `${config.APP_URL}/workshops` } },
      ]),
    })
  } catch (err) {
    log.error({ err, entryId }, 'waitlist closed mail could not be composed')
  }
}
