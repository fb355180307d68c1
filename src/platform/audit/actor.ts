/**
 * Who is acting, for the audit log: set by the request identity (the user, the session or
 * token, the team once resolved) on the request's scope, by a job's runner (its name), or
 * explicitly around a script's work (`asAuditActor`). Read when a change is recorded.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { runningJob } from '../jobs'
import { type RequestScope, requestScope } from '../log'

export interface AuditActor {
  userId?: string | null
  /** `super-admin` when the user acts with an operator's rights (not as a member of the team). */
  role?: string | null
  via?: 'session' | 'token' | 'job' | 'system'
  ip?: string | null
  requestId?: string | null
  /** The team the request acts in (for resources that do not name one: the payout account). */
  tenantId?: string | null
}

const byRequest = new WeakMap<RequestScope, AuditActor>()
const explicit = new AsyncLocalStorage<AuditActor>()

/** Adds to what the current request knows of its actor (no-op outside a request). */
export function setAuditActor(actor: AuditActor) {
  const scope = requestScope()
  if (!scope) return
  byRequest.set(scope, { ...byRequest.get(scope), ...actor })
}

/** Runs `fn` with this actor (scripts, demo data, work handed on from a request). */
export const asAuditActor = <T>(actor: AuditActor, fn: () => T): T => explicit.run(actor, fn)

/** The actor of the work running here: explicit, else the request's, else the job's, else the system. */
export function currentAuditActor(): AuditActor & { via: NonNullable<AuditActor['via']> } {
  const set = explicit.getStore()
  if (set) return { via: 'system', ...set }
  const scope = requestScope()
  const fromRequest = scope ? byRequest.get(scope) : undefined
  if (fromRequest) return { via: fromRequest.userId ? 'session' : 'system', ...fromRequest, requestId: fromRequest.requestId ?? scope?.reqId ?? null }
  const job = runningJob()
  if (job) return { via: 'job', requestId: `job:${job}`.slice(0, 64) }
  return { via: 'system', requestId: scope?.reqId ?? null }
}
