/**
 * The demo client's saved card. Cards live at the payment provider, not in our database, and
 * the local Stripe-compatible server keeps its state in memory: so on every start of a demo
 * (local payments only) the demo client gets a Visa ending 4242 back when it has no card.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { addCard, listCards, paymentsMode } from '../modules/payments'
import { User } from '../modules/users'
import { log } from '../platform/log'

export const DEMO_CARD_OWNER = 'client@summit.localhost'

export async function ensureDemoSavedCard(em: EntityManager, email = DEMO_CARD_OWNER) {
  if (paymentsMode() !== 'local') return
  const user = await em.findOne(User, { email })
  if (!user) return
  try {
    if ((await listCards(user)).length) return
    await addCard(em, user, 'pm_card_visa', true)
  } catch (err) {
    log.warn({ err: err instanceof Error ? err.message : err }, 'demo saved card not added')
  }
}
