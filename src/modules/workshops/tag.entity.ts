import { defineEntity, p } from '@mikro-orm/core'
import { baseProperties, pageChangeTriggers, scope } from '../../platform/db/schemas'

/** Global tags (every tenant shares them): what a workshop is about. */
export const TagSchema = defineEntity({
  name: 'Tag',
  tableName: 'tags',
  // Touches the marketplace rows this row shows on, so their cached cards change version
  // (migration listing_cards, which also creates the function; the DDL here is what it runs).
  triggers: [
    {
      name: 'tags_touch_listing_cards',
      timing: 'after',
      events: ['update'],
      expression: `create trigger tags_touch_listing_cards after update on tags
  for each row when (old.name is distinct from new.name or old.slug is distinct from new.slug) execute function touch_listing_cards();`,
    },
    ...pageChangeTriggers('tags', [scope.global, scope.listing]),
  ],
  properties: {
    ...baseProperties,
    name: p.string().length(100),
    slug: p.string().length(100).unique(),
  },
})
export class Tag extends TagSchema.class {}
TagSchema.setClass(Tag)
