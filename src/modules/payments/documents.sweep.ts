/**
 * Invoices and credit notes are issued right after the payment or refund commits (an
 * after-commit step, so concurrent payments never queue on the tenant's counter while holding
 * their bookings). A crash or a database outage in between leaves a paid booking without its
 * invoice; this sweep issues what is missing, a few minutes later (the invoice route also issues
 * a missing one when it is asked for).
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { getOrm } from '../../platform/db/current'
import { schedule, work } from '../../platform/jobs'
import { log } from '../../platform/log'
import { OWED_CREDIT_NOTE } from './invoice.service'
import { issueDocumentNow } from './payment.service'

export const SWEEP_DOCUMENTS_JOB = 'payments.sweep-documents'
/** Left to the after-commit step first. */
const GRACE_MS = 60_000

/**
 * Issues the documents owed for more than a minute: an invoice per paid booking, a credit note
 * per refund; of every tenant, or of one (`tenantId`: a repair of one tenant's documents).
 */
export async function sweepDocuments(em: EntityManager, now = new Date(), tenantId: string | null = null): Promise<number> {
  const before = new Date(now.getTime() - GRACE_MS)
  const owed = await em.getConnection().execute<{ booking_id: string; kind: 'invoice' | 'credit_note' }[]>(
    `select p.booking_id, 'invoice' as kind from payments p
      where p.kind = 'payment' and p.status in ('succeeded', 'refunded') and p.updated_at <= ? and (?::uuid is null or p.tenant_id = ?::uuid)
        and not exists (select 1 from invoices i where i.booking_id = p.booking_id and i.kind = 'invoice')
     union
     select r.booking_id, 'credit_note' as kind from payments r
      where ${OWED_CREDIT_NOTE} and r.updated_at <= ? and (?::uuid is null or r.tenant_id = ?::uuid)
     limit 200`,
    [before, tenantId, tenantId, before, tenantId, tenantId],
  )
  let issued = 0
  for (const row of owed) {
    try {
      await issueDocumentNow(row.booking_id, row.kind)
      issued++
    } catch (err) {
      log.warn({ err: err instanceof Error ? err.message : err, bookingId: row.booking_id, kind: row.kind }, 'document sweep: not issued yet')
    }
  }
  return issued
}

work(SWEEP_DOCUMENTS_JOB, async () => {
  const issued = await sweepDocuments(getOrm().em.fork() as EntityManager)
  if (issued) log.info({ issued }, 'document sweep')
})
schedule(SWEEP_DOCUMENTS_JOB, '*/5 * * * *')
