/** The app's database pool in /metrics: connections in use, idle, and requests waiting for one. */
import { addCollector, gauge } from '../metrics'
import { getOrm } from './current'

const pool = gauge('summit_db_pool_connections', 'Connections of the app pool by state (in_use, idle), and requests waiting for one (waiting)', ['state'])
const max = gauge('summit_db_pool_max', 'Largest size of the app pool (DB_POOL_MAX)')

interface PgPool {
  totalCount: number
  idleCount: number
  waitingCount: number
  options?: { max?: number }
}

addCollector(async () => {
  const p = (await getOrm().em.getConnection().getNativeClient()) as unknown as PgPool
  pool.set({ state: 'in_use' }, p.totalCount - p.idleCount)
  pool.set({ state: 'idle' }, p.idleCount)
  pool.set({ state: 'waiting' }, p.waitingCount)
  if (p.options?.max) max.set(p.options.max)
})
