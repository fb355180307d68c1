import * as v from 'valibot'
import { QuestionView } from '../../src/modules/workshops/question.schema'

const Policy = v.nullable(v.object({ fullRefundHours: v.number(), partialRefundHours: v.number(), partialRefundPercent: v.number() }))

export const CoachWorkshopFormProps = v.object({
  mode: v.picklist(['create', 'edit']),
  currency: v.string(),
  workshop: v.optional(
    v.object({
      id: v.string(),
      title: v.string(),
      description: v.string(),
      outcomes: v.array(v.string()),
      image: v.string(),
      video: v.string(),
      price: v.number(),
      minSeats: v.number(),
      maxSeats: v.number(),
      tags: v.array(v.string()),
      templateId: v.nullable(v.string()),
      deleted: v.boolean(),
      /** The workshop's own refund policy; null: the team's. */
      refundPolicy: v.optional(Policy),
      /** The questions the checkout asks, in order. */
      questions: v.optional(v.array(QuestionView)),
    }),
  ),
  /** The team's refund policy (null: a full refund at any time), shown beside "The team's policy". */
  teamRefundPolicy: v.optional(Policy),
  templates: v.array(
    v.object({
      id: v.string(),
      title: v.string(),
      description: v.string(),
      outcomes: v.array(v.string()),
      image: v.string(),
      video: v.string(),
      price: v.number(),
      /** The template's price is a suggestion in this currency (used only when it is the team's). */
      currency: v.optional(v.string()),
    }),
  ),
  tags: v.array(v.object({ name: v.string(), slug: v.string() })),
})
export type CoachWorkshopFormProps = v.InferOutput<typeof CoachWorkshopFormProps>
