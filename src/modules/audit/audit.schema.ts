/**
 * The audit log's query and views (no server imports: the /c/audit page's filters use the
 * same names and messages).
 */
import * as v from 'valibot'
import { DateTime, nstr, Obj, str } from '../../shared/view'

/** Totals are counted up to this many rows (indexed and bounded); narrow by date to reach older ones. */
export const AUDIT_COUNT_CAP = 10_000

/** The resources the log records, as people read them (README "Audit log" lists what each covers). */
export const AUDIT_RESOURCES: [string, string][] = [
  ['team', 'Team settings'],
  ['member', 'Members and roles'],
  ['invitation', 'Invitations'],
  ['workshop', 'Workshops and prices'],
  ['schedule', 'Schedules'],
  ['workshop_resource', 'Workshop resources'],
  ['voucher', 'Vouchers'],
  ['booking', 'Cancellations and refunds'],
  ['payout_account', 'Payout account'],
  ['job_posting', 'Job postings'],
]

export const AUDIT_MESSAGES = {
  date: 'The date must be a day (YYYY-MM-DD) or a date and time (ISO 8601).',
  actor: 'The actor must be a user id or an email address.',
  text: 'The filter must be at most 64 characters.',
  range: 'The end of the range must not be before its start.',
} as const

const isDate = (s: string) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(s) && !Number.isNaN(new Date(s).getTime())
const date = v.pipe(v.string(AUDIT_MESSAGES.date), v.trim(), v.maxLength(40, AUDIT_MESSAGES.date), v.check(isDate, AUDIT_MESSAGES.date))
const text = v.pipe(v.string(AUDIT_MESSAGES.text), v.trim(), v.maxLength(64, AUDIT_MESSAGES.text))

/** `?actor=&action=&resource=&from=&to=&page=&perPage=` (and `tenant=` for super-admins). */
export const AuditQuerySchema = v.pipe(
  v.looseObject({
    actor: v.optional(v.pipe(v.string(AUDIT_MESSAGES.actor), v.trim(), v.maxLength(255, AUDIT_MESSAGES.actor))),
    action: v.optional(v.pipe(text, v.description('An action (`member.removed`) or every action of a resource (`member`)'))),
    resource: v.optional(v.pipe(text, v.description(`One of: ${AUDIT_RESOURCES.map(([r]) => r).join(', ')}`))),
    from: v.optional(v.pipe(date, v.description('From this day or moment (a day starts at 00:00 UTC)'))),
    to: v.optional(v.pipe(date, v.description('Up to this day (inclusive) or moment'))),
    tenant: v.optional(v.pipe(text, v.description('Super-admins: one team by slug or id'))),
  }),
  v.check((q) => !q.from || !q.to || dayStart(q.from) < dayEnd(q.to), AUDIT_MESSAGES.range),
)

/** A day's first moment in UTC, or the moment given. */
export const dayStart = (s: string) => new Date(/^\d{4}-\d{2}-\d{2}$/.test(s) ? `${s}T00:00:00Z` : s)
/** The moment just after a day (exclusive end), or the moment given. */
export const dayEnd = (s: string) => (/^\d{4}-\d{2}-\d{2}$/.test(s) ? new Date(new Date(`${s}T00:00:00Z`).getTime() + 86_400_000) : new Date(s))

export const AuditActorView = v.nullable(v.object({ id: str, name: str, email: nstr }))
export const AuditEntryView = v.object({
  id: str,
  at: DateTime,
  tenant: v.nullable(v.object({ id: str, slug: nstr, name: nstr })),
  actor: v.pipe(AuditActorView, v.description('Who acted; null for the system (a job, a provider’s notice)')),
  actorRole: v.pipe(nstr, v.description('`super-admin` when an operator acted in a team not their own')),
  onBehalfOf: v.pipe(AuditActorView, v.description('Whose resource it was, when a super-admin changed it')),
  via: v.pipe(str, v.description('session, token, job or system')),
  action: str,
  resource: str,
  resourceId: nstr,
  before: v.pipe(v.nullable(Obj), v.description('The changed fields as they were (secrets and card data never)')),
  after: v.pipe(v.nullable(Obj), v.description('The changed fields as they became')),
  ip: nstr,
  requestId: nstr,
})
