/**
 * Which entities the audit log records, and how: one line beside the entity opts it in,
 *
 *   audited(Voucher, { resource: 'voucher' })
 *
 * and every change of it flushed through the ORM is recorded in the flush's own transaction
 * (subscriber.ts). Writes done in SQL call `recordAudit` (record.ts) themselves.
 */

export type AuditVerb = 'created' | 'updated' | 'deleted' | 'restored'

export interface AuditOptions<E = any> {
  /** The resource's name in the log (`workshop`, `member`, `payout_account`). */
  resource: string
  /**
   * Where the team comes from: a property holding the tenant (default `tenant`), `self` for
   * the tenant entity itself, or `request` for resources that name none (the team the request
   * acts in). A change with no team known is recorded for the platform (tenant null).
   */
  tenant?: string | 'self' | 'request'
  /** Properties never recorded, on top of ids, timestamps and anything named like a secret. */
  omit?: readonly string[]
  /** The property naming the person the resource belongs to (a super-admin's change is then on their behalf). */
  owner?: string
  /** Names the action from the verb and the changed fields (default `<resource>.<verb>`); null records nothing. */
  action?: (verb: AuditVerb, changed: readonly string[], entity: E) => string | null
}

/** Never recorded, whatever the entity says: ids and bookkeeping columns, secrets and card data. */
export const ALWAYS_OMITTED = new Set(['id', 'createdAt', 'updatedAt', 'tenant'])
export const SECRET_NAME = /password|secret|token|hash|cvc|cvv|card(number|last4|brand)?$|iban|otp|challenge|publickey/i

const registry = new Map<string, AuditOptions>()

/** Opts an entity (its class or defineEntity schema) into the audit log. */
export function audited<E>(entity: { name: string } | { meta: { className: string } } | string, options: AuditOptions<E>) {
  const name = typeof entity === 'string' ? entity : 'meta' in entity && entity.meta?.className ? entity.meta.className : (entity as { name: string }).name
  registry.set(name, options as AuditOptions)
}

export const auditOptionsOf = (entityName: string) => registry.get(entityName)
/** Every audited entity and its resource name (the README's list is checked against it). */
export const auditedResources = () => [...registry].map(([entity, o]) => ({ entity, resource: o.resource }))
