/**
 * A team's change of currency (the teams module checks it has no paid booking): its session
 * types move with its workshops, their prices keeping the amount the coach typed, rescaled to the
 * new currency's minor unit (half up when it has fewer decimals), in the caller's transaction.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { exponentOf } from '../../shared/money'

export async function changeSessionTypesCurrency(em: EntityManager, tenantId: string, from: string, to: string) {
  const shift = exponentOf(to) - exponentOf(from)
  const price = shift >= 0 ? `price * ${10 ** shift}` : `round(price / ${10 ** -shift}.0)::int`
  await em.execute(`update session_types set currency = ?, price = ${price}, updated_at = now() where tenant_id = ?`, [to, tenantId])
}
