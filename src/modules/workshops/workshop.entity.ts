import { defineEntity, p } from '@mikro-orm/core'
import { audited } from '../../platform/audit'
import { baseProperties, pageChangeTriggers, scope, softDeleteFilters, softDeleteProperties, tenantFilter } from '../../platform/db/schemas'
import type { RefundPolicy } from '../../shared/refund-policy'
import { Tenant } from '../tenants'
import { User } from '../users'
import type { Question } from './question.schema'
import { Tag } from './tag.entity'
import { WorkshopTemplate } from './template.entity'

/** What a coach sells; each run of it is a WorkshopSchedule. */
export const WorkshopSchema = defineEntity({
  name: 'Workshop',
  tableName: 'workshops',
  // Touches the marketplace rows this row shows on, so their cached cards change version
  // (migration listing_cards, which also creates the function; the DDL here is what it runs).
  triggers: [
    {
      name: 'workshops_touch_listing_cards',
      timing: 'after',
      events: ['update'],
      expression: `create trigger workshops_touch_listing_cards after update on workshops
  for each row when (old.* is distinct from new.*) execute function touch_listing_cards();`,
    },
    ...pageChangeTriggers('workshops', [scope.tenant(), scope.listing]),
    // The marketplace search (public.search.ts, migration public_search, which creates the functions):
    // the documents of this workshop's schedules follow its title, description and price, and the
    // lexicon gets its words.
    {
      name: 'workshops_search',
      timing: 'after',
      events: ['insert', 'update'],
      expression: `create trigger workshops_search after insert or update of title, description, price on workshops
  for each row execute function search_source_changed();`,
    },
  ],
  filters: { ...softDeleteFilters, ...tenantFilter },
  uniques: [{ name: 'workshops_tenant_slug_unique', properties: ['tenant', 'slug'], where: 'deleted_at is null' }],
  properties: {
    ...baseProperties,
    ...softDeleteProperties,
    tenant: () => p.manyToOne(Tenant).deleteRule('cascade').index(),
    coach: () => p.manyToOne(User).index(),
    workshopTemplate: () => p.manyToOne(WorkshopTemplate).nullable().deleteRule('set null'),
    title: p.string().length(255),
    slug: p.string().length(255),
    description: p.text().nullable(),
    image: p.string().length(255).nullable(),
    video: p.string().length(255).nullable(),
    /** "What you will learn": short outcomes shown on the public workshop page (the template's when empty). */
    outcomes: p
      .array()
      .$type<string[]>()
      .defaultRaw(`'{}'`)
      .onCreate(() => []),
    /** Price per seat in minor units of `currency`. */
    price: p.integer().default(0),
    currency: p.string().length(3).default('usd'),
    /**
     * What the price shows beside it ("incl. VAT", "+ VAT"; null: no tax), from the team's tax
     * profile: set when the workshop is made and whenever the profile changes (teams module).
     */
    priceNote: p.string().length(32).nullable(),
    minSeats: p.integer().default(1),
    maxSeats: p.integer().default(10),
    /** What a client who cancels gets back (src/shared/refund-policy.ts); null: the tenant's default. */
    refundPolicy: p.json<RefundPolicy>().nullable(),
    /** What the checkout asks (question.schema.ts): up to 10, in order. Answers keep their own copy of the question. */
    questions: p
      .json<Question[]>()
      .defaultRaw(`'[]'`)
      .onCreate(() => []),
    tags: () =>
      p
        .manyToMany(Tag)
        .owner()
        .pivotEntity(() => WorkshopTag),
  },
})
export class Workshop extends WorkshopSchema.class {}
WorkshopSchema.setClass(Workshop)
audited(Workshop, { resource: 'workshop', owner: 'coach' })

/**
 * The workshop-tag pivot (`workshop_tags`), declared as an entity so it can carry the index on
 * `tag_id` that the marketplace's tag filter needs (the primary key serves lookups by workshop).
 */
export const WorkshopTagSchema = defineEntity({
  name: 'WorkshopTag',
  tableName: 'workshop_tags',
  // Touches the marketplace rows this row shows on, so their cached cards change version
  // (migration listing_cards, which also creates the function; the DDL here is what it runs).
  triggers: [
    {
      name: 'workshop_tags_touch_listing_cards',
      timing: 'after',
      events: ['insert', 'update', 'delete'],
      expression: `create trigger workshop_tags_touch_listing_cards after insert or update or delete on workshop_tags
  for each row execute function touch_listing_cards();`,
    },
    ...pageChangeTriggers('workshop_tags', [`'t:' || (select w.tenant_id from workshops w where w.id = r.workshop_id)`, scope.listing]),
  ],
  indexes: [{ name: 'workshop_tags_tag_id_index', properties: ['tag'] }],
  properties: {
    workshop: () => p.manyToOne(Workshop).primary().deleteRule('cascade').updateRule('cascade'),
    tag: () => p.manyToOne(Tag).primary().deleteRule('cascade').updateRule('cascade'),
  },
})
export class WorkshopTag extends WorkshopTagSchema.class {}
WorkshopTagSchema.setClass(WorkshopTag)
