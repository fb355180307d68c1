import { defineEntity, p } from '@mikro-orm/core'
import {
  baseProperties,
  listingGenerationTrigger,
  pageGenerationTrigger,
  softDeleteFilters,
  softDeleteProperties,
  tenantFilter,
} from '../../platform/db/schemas'
import { SessionType } from '../sessions'
import { Tenant } from '../tenants'
import { User } from '../users'
import { WorkshopSchedule } from '../workshops'

/** An attendee's rating of a schedule (or of a one-to-one session) after it ended: one per booking seat. */
export const FeedbackSchema = defineEntity({
  name: 'Feedback',
  tableName: 'feedbacks',
  // Moves the marketplace listing's generation on (migration listing_generation, which also
  // creates the function; the DDL here is what it runs): servers drop their kept listing answers.
  triggers: [listingGenerationTrigger('feedbacks'), pageGenerationTrigger('feedbacks')],
  filters: { ...softDeleteFilters, ...tenantFilter },
  uniques: [{ name: 'feedbacks_seat_unique', properties: ['bookingSeatId'], where: 'deleted_at is null' }],
  // Schedule and coach ratings (the marketplace's live figures), read from the index alone.
  indexes: [
    {
      name: 'feedbacks_schedule_rating_idx',
      expression: `create index "feedbacks_schedule_rating_idx" on "feedbacks" ("workshop_schedule_id") include ("rating") where deleted_at is null`,
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
