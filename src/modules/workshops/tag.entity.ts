import { defineEntity, p } from '@mikro-orm/core'
import { baseProperties } from '../../platform/db/schemas'

/** Global tags (every tenant shares them): what a workshop is about. */
export const TagSchema = defineEntity({
  name: 'Tag',
  tableName: 'tags',
  properties: {
    ...baseProperties,
    name: p.string().length(100),
    slug: p.string().length(100).unique(),
  },
})
export class Tag extends TagSchema.class {}
TagSchema.setClass(Tag)
