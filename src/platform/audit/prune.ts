/**
 * Keeping the audit log for AUDIT_RETENTION_DAYS (default 730): a daily job deletes the rows
 * older than that. The table's trigger refuses any other DELETE: this job's transaction names
 * the cutoff (`summit.audit_prune_before`) and only rows older than it may go.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { config } from '../../config'
import { getOrm } from '../db/current'
import { schedule, work } from '../jobs'
import { log } from '../log'

/** Deletes the rows past the retention period (`now` for tests); answers how many went. */
export async function pruneAuditLog(em: EntityManager, now = new Date()) {
  const cutoff = new Date(now.getTime() - config.AUDIT_RETENTION_DAYS * 86_400_000)
  const removed = await em.transactional(async (tem) => {
    await tem.execute(`select set_config('summit.audit_prune_before', ?, true)`, [cutoff.toISOString()])
    const res = await tem.getConnection().execute('delete from audit_log where created_at < ?', [cutoff], 'run', tem.getTransactionContext())
    return (res as unknown as { affectedRows: number }).affectedRows
  })
  if (removed) log.info({ removed, cutoff }, 'audit log pruned')
  return removed
}

work('audit.prune', async () => {
  await pruneAuditLog(getOrm().em.fork() as EntityManager)
})
schedule('audit.prune', '41 3 * * *')
