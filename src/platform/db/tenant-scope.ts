/**
 * Switching the automatic tenant filter (`TENANT` of schemas.ts) off for one EntityManager,
 * for code that scopes its queries itself: bookings read across tenants (a booker sees their
 * bookings from any team), vouchers check a code in a schedule's own tenant, payments and
 * invitations follow a booking wherever it lives.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { TENANT } from './schemas'

const unscoped = new WeakSet<EntityManager>()

/** Turns the automatic tenant filter off for this EntityManager (explicit scoping instead). */
export function allTenants(em: EntityManager) {
  if (!unscoped.has(em)) {
    em.addFilter({ name: TENANT, cond: {}, default: true })
    unscoped.add(em)
  }
  return em
}

/** Whether `allTenants` already switched the tenant filter off for this EntityManager. */
export const isAllTenants = (em: EntityManager) => unscoped.has(em)
