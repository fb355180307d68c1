import * as v from 'valibot'

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
    }),
  ),
  templates: v.array(
    v.object({
      id: v.string(),
      title: v.string(),
      description: v.string(),
      outcomes: v.array(v.string()),
      image: v.string(),
      video: v.string(),
      price: v.number(),
    }),
  ),
  tags: v.array(v.object({ name: v.string(), slug: v.string() })),
})
export type CoachWorkshopFormProps = v.InferOutput<typeof CoachWorkshopFormProps>
