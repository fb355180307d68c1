import { defineEntity, p } from '@mikro-orm/core'
import { baseProperties, pageChangeTriggers, scope, softDeleteFilters, softDeleteProperties } from '../../platform/db/schemas'
import type { SkillLevel } from './enums'

/** A template is global: super-admins manage it, coaches of every tenant start workshops from it. */
export const WorkshopTemplateSchema = defineEntity({
  name: 'WorkshopTemplate',
  tableName: 'workshop_templates',
  // Notes what its writes change for kept pages and memos (platform/db/schemas.ts pageChangeTriggers).
  triggers: [...pageChangeTriggers('workshop_templates', [scope.global])],
  filters: softDeleteFilters,
  uniques: [{ name: 'workshop_templates_slug_unique', properties: ['slug'], where: 'deleted_at is null' }],
  properties: {
    ...baseProperties,
    ...softDeleteProperties,
    title: p.string().length(255),
    slug: p.string().length(255),
    description: p.text().nullable(),
    image: p.string().length(255).nullable(),
    video: p.string().length(255).nullable(),
    level: p.string().length(16).nullable().$type<SkillLevel>(),
    /** "What you will learn": workshops started from the template show these until they have their own. */
    outcomes: p
      .array()
      .$type<string[]>()
      .defaultRaw(`'{}'`)
      .onCreate(() => []),
    /** Suggested price in minor units. */
    price: p.integer().default(0),
    currency: p.string().length(3).default('usd'),
  },
})
export class WorkshopTemplate extends WorkshopTemplateSchema.class {}
WorkshopTemplateSchema.setClass(WorkshopTemplate)
