import { defineEntity, p } from '@mikro-orm/core'
import { baseProperties, pageGenerationTrigger, softDeleteFilters, softDeleteProperties, tenantFilter } from '../../platform/db/schemas'
import type { RefundPolicy } from '../../shared/refund-policy'
import { Tenant } from '../tenants'
import { User } from '../users'
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
    pageGenerationTrigger('workshops'),
    // The marketplace search's lexicon (public.search.ts): the title's and description's words and
    // their one-letter deletions, for typo-tolerant matching (migration public_search creates the function).
    {
      name: 'workshops_search_terms',
      timing: 'after',
      events: ['insert', 'update'],
      expression: `create trigger workshops_search_terms after insert or update of title, description on workshops
  for each row execute function add_search_terms();`,
    },
  ],
  filters: { ...softDeleteFilters, ...tenantFilter },
  uniques: [{ name: 'workshops_tenant_slug_unique', properties: ['tenant', 'slug'], where: 'deleted_at is null' }],
  indexes: [
    // Marketplace text search (`q`, public.search.ts): the words of the title, and of the title and description.
    { name: 'workshops_search_title_idx', expression: `create index "workshops_search_title_idx" on "workshops" using gin ("search_title")` },
    { name: 'workshops_search_text_idx', expression: `create index "workshops_search_text_idx" on "workshops" using gin ("search_text")` },
  ],
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
    minSeats: p.integer().default(1),
    maxSeats: p.integer().default(10),
    /** What a client who cancels gets back (src/shared/refund-policy.ts); null: the tenant's default. */
    refundPolicy: p.json<RefundPolicy>().nullable(),
    /** The title's words (tsvector, 'simple': no stemming), kept by PostgreSQL for the marketplace search. */
    searchTitle: p
      .string()
      .columnType('tsvector')
      .generated(`(to_tsvector('simple'::regconfig, (coalesce(title, ''::character varying))::text)) stored`)
      .nullable()
      .lazy()
      .hidden(),
    /** The title's and description's words, kept by PostgreSQL for the marketplace search. */
    searchText: p
      .string()
      .columnType('tsvector')
      .generated(
        `(to_tsvector('simple'::regconfig, (((coalesce(title, ''::character varying))::text || ' '::text) || coalesce(description, ''::text)))) stored`,
      )
      .nullable()
      .lazy()
      .hidden(),
    tags: () =>
      p
        .manyToMany(Tag)
        .owner()
        .pivotEntity(() => WorkshopTag),
  },
})
export class Workshop extends WorkshopSchema.class {}
WorkshopSchema.setClass(Workshop)

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
    pageGenerationTrigger('workshop_tags'),
  ],
  indexes: [{ name: 'workshop_tags_tag_id_index', properties: ['tag'] }],
  properties: {
    workshop: () => p.manyToOne(Workshop).primary().deleteRule('cascade').updateRule('cascade'),
    tag: () => p.manyToOne(Tag).primary().deleteRule('cascade').updateRule('cascade'),
  },
})
export class WorkshopTag extends WorkshopTagSchema.class {}
WorkshopTagSchema.setClass(WorkshopTag)
