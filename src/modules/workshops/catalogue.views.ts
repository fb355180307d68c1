/**
 * What the catalogue routes answer: tags, templates, workshops, schedules and resources
 * (serialize.ts is typed by these views; OpenAPI documents them). No server imports.
 */
import * as v from 'valibot'
import { RefundPolicyView } from '../../shared/refund-policy'
import { DateTime, NullableDateTime } from '../../shared/view'
import { PublicUserView, RatingView } from '../users'
import { CONTENT_STATUSES, DELIVERY_MODES, PAYOUT_STATUSES, RESOURCE_TYPES, SKILL_LEVELS, VISIBILITIES } from './enums'
import { QuestionView } from './question.schema'

const ns = v.nullable(v.string())
const nn = v.nullable(v.number())

export const TagView = v.object({ id: v.string(), name: v.string(), slug: v.string() })

export const TemplateView = v.object({
  id: v.string(),
  title: v.string(),
  slug: v.string(),
  description: ns,
  image: ns,
  video: ns,
  outcomes: v.pipe(v.array(v.string()), v.description('What you will learn')),
  level: v.nullable(v.picklist(SKILL_LEVELS)),
  price: v.pipe(v.number(), v.description('Decimal amount (49.99)')),
  currency: v.string(),
  createdAt: DateTime,
  updatedAt: DateTime,
  deletedAt: NullableDateTime,
})

export const WorkshopView = v.object({
  id: v.string(),
  tenantId: v.string(),
  coachId: v.string(),
  workshopTemplateId: ns,
  title: v.string(),
  slug: v.string(),
  description: ns,
  image: ns,
  video: ns,
  outcomes: v.optional(v.pipe(v.array(v.string()), v.description("What you will learn (empty: the template's show on the public page)"))),
  price: v.pipe(v.number(), v.description("Decimal amount in the currency's own decimals (49.99; JPY 1500)")),
  currency: v.string(),
  priceNote: v.pipe(v.nullable(v.string()), v.description('What the price shows beside it: "incl. VAT", "+ VAT" (the team\'s tax profile), or null')),
  minSeats: v.number(),
  maxSeats: v.number(),
  refundPolicy: v.pipe(RefundPolicyView, v.description("What a client who cancels gets back; null: the team's default (a full refund when the team has none)")),
  questions: v.optional(v.pipe(v.array(QuestionView), v.description('What the checkout asks, in order'))),
  tags: v.optional(v.array(TagView)),
  coach: v.optional(PublicUserView),
  workshopTemplate: v.optional(TemplateView),
  createdAt: DateTime,
  updatedAt: DateTime,
  deletedAt: NullableDateTime,
})

const Venue = v.object({
  venueName: ns,
  addressLine1: ns,
  addressLine2: ns,
  city: ns,
  state: ns,
  zip: ns,
  country: ns,
})

export const ScheduleView = v.object({
  id: v.string(),
  tenantId: v.string(),
  coachId: v.string(),
  workshopId: v.string(),
  startDate: DateTime,
  endDate: DateTime,
  timezone: v.string(),
  localStart: v.pipe(ns, v.description('Wall-clock start in the venue time zone (YYYY-MM-DDTHH:mm)')),
  localEnd: ns,
  country: ns,
  level: v.picklist(SKILL_LEVELS),
  status: v.picklist(CONTENT_STATUSES),
  visibility: v.picklist(VISIBILITIES),
  mode: v.picklist(DELIVERY_MODES),
  venue: v.nullable(Venue),
  venueName: ns,
  addressLine1: ns,
  addressLine2: ns,
  city: ns,
  state: ns,
  zip: ns,
  meetingUrl: v.optional(v.pipe(ns, v.description('Only for the coach, tenant managers and confirmed attendees'))),
  seatsTaken: v.optional(v.number()),
  seatsLeft: nn,
  confirmedSeats: v.number(),
  runs: v.pipe(v.boolean(), v.description('Enough confirmed seats to run (minSeats reached)')),
  price: nn,
  currency: ns,
  priceNote: v.optional(ns),
  rating: v.optional(RatingView),
  payoutStatus: v.optional(v.picklist(PAYOUT_STATUSES)),
  workshop: v.optional(WorkshopView),
  coach: v.optional(PublicUserView),
  createdAt: DateTime,
  updatedAt: DateTime,
  deletedAt: v.optional(NullableDateTime),
})

export const ResourceView = v.object({
  id: v.string(),
  workshopId: v.string(),
  title: v.string(),
  description: ns,
  type: v.picklist(RESOURCE_TYPES),
  url: ns,
  filePath: ns,
  fileSize: nn,
  fileType: ns,
  sortOrder: v.number(),
  isVisible: v.boolean(),
  isBroadcast: v.boolean(),
  isPublic: v.pipe(v.boolean(), v.description('Shown to everyone on the public workshop page')),
  broadcastAt: NullableDateTime,
  createdAt: DateTime,
  updatedAt: DateTime,
  deletedAt: NullableDateTime,
})
