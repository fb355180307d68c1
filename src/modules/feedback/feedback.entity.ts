import { defineEntity, p } from '@mikro-orm/core'
import { baseProperties, pageChangeTriggers, scope, softDeleteFilters, softDeleteProperties, tenantFilter } from '../../platform/db/schemas'
import { SessionType } from '../sessions'
import { Tenant } from '../tenants'
import { User } from '../users'
import { WorkshopSchedule } from '../workshops'

/** An attendee's rating of a schedule (or of a one-to-one session) after it ended: one per booking seat. */
export const FeedbackSchema = defineEntity({
  name: 'Feedback',
  tableName: 'feedbacks',
  // Notes what its writes change for kept pages and memos (platform/db/schemas.ts pageChangeTriggers).
  triggers: [
    ...pageChangeTriggers('feedbacks', [scope.tenant(), scope.user(), scope.listing]),
    // The rating counts per coach (in a team), workshop and schedule (feedback_totals, migration scale_reads).
    {
      name: 'feedbacks_totals',
      timing: 'after',
      events: ['insert', 'update', 'delete'],
      expression: `create trigger feedbacks_totals after insert or update of rating, deleted_at, workshop_schedule_id, coach_id, tenant_id or delete on feedbacks
  for each row execute function feedback_totals_from_feedbacks();`,
    },
  ],
  filters: { ...softDeleteFilters, ...tenantFilter },
  uniques: [{ name: 'feedbacks_seat_unique', properties: ['bookingSeatId'], where: 'deleted_at is null' }],
  // Schedule and coach ratings (the marketplace's live figures), read from the index alone.
  indexes: [
    {
      name: 'feedbacks_schedule_rating_idx',
      expression: `create index "feedbacks_schedule_rating_idx" on "feedbacks" ("workshop_schedule_id") include ("rating") where deleted_at is null`,
    },
    // A coach's latest feedback in a team (the dashboard, the feedback list).
    {
      name: 'feedbacks_coach_latest_idx',
      expression: `create index "feedbacks_coach_latest_idx" on "feedbacks" ("coach_id", "tenant_id", "created_at" desc, "id") where deleted_at is null`,
    },
    {
      name: 'feedbacks_coach_rating_idx',
      expression: `create index "feedbacks_coach_rating_idx" on "feedbacks" ("coach_id") include ("rating") where deleted_at is null`,
    },
  ],
  properties: {
    ...baseProperties,
    ...softDeleteProperties,
    tenant: () => p.manyToOne(Tenant).deleteRule('cascade'),
    /** The schedule rated; null for a one-to-one session (then `sessionType`). */
    workshopSchedule: () => p.manyToOne(WorkshopSchedule).nullable().deleteRule('cascade').index(),
    sessionType: () => p.manyToOne(SessionType).nullable().deleteRule('cascade'),
    /** Denormalised for per-coach lists and averages without a join. */
    coach: () => p.manyToOne(User).index(),
    user: () => p.manyToOne(User).index(),
    bookingSeatId: p.uuid(),
    rating: p.integer(),
    comment: p.string().length(2000).nullable(),
  },
})
export class Feedback extends FeedbackSchema.class {}
FeedbackSchema.setClass(Feedback)

export const FEEDBACK_TOTAL_KINDS = ['c', 'w', 's'] as const

/**
 * How many ratings of each value a coach has in a team (kind `c`, id = the coach), a workshop
 * (`w`) and a schedule (`s`) got: kept from feedbacks by a trigger in the writing transaction
 * (migration scale_reads), so averages and spreads cost one row whatever the number of ratings.
 */
export const FeedbackTotalSchema = defineEntity({
  name: 'FeedbackTotal',
  tableName: 'feedback_totals',
  properties: {
    kind: p.string().length(1).primary().$type<(typeof FEEDBACK_TOTAL_KINDS)[number]>(),
    id: p.uuid().primary(),
    tenantId: p.uuid().primary(),
    n1: p.integer().default(0),
    n2: p.integer().default(0),
    n3: p.integer().default(0),
    n4: p.integer().default(0),
    n5: p.integer().default(0),
  },
})
export class FeedbackTotal extends FeedbackTotalSchema.class {}
FeedbackTotalSchema.setClass(FeedbackTotal)
