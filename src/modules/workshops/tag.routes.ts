import { crud } from '../../platform/http/crud'
import { TagView } from './catalogue.views'
import { serializeTag } from './serialize'
import { freeSlug } from './slug'
import { Tag } from './tag.entity'
import { TagCreateSchema, TagUpdateSchema } from './tag.schema'

/** Global tags: anyone reads them (marketplace filters), super-admins manage them. */
export const tagRoutes = crud({
  path: '/tags',
  tag: 'Tags',
  name: 'Tag',
  entity: Tag,
  access: { list: 'public', show: 'public', create: 'tags.manage', update: 'tags.manage', delete: 'tags.manage' },
  createSchema: TagCreateSchema,
  updateSchema: TagUpdateSchema,
  sortable: ['name', 'slug', 'createdAt'],
  defaultSort: 'name',
  searchable: ['name', 'slug'],
  view: TagView,
  serialize: serializeTag,
  async create(ctx, data) {
    const slug = await freeSlug(ctx.em, Tag, {}, data.slug, data.name)
    const tag = ctx.em.create(Tag, { name: data.name, slug })
    await ctx.em.flush()
    return tag
  },
  async update(ctx, row, data) {
    if (data.slug && data.slug !== row.slug) row.slug = await freeSlug(ctx.em, Tag, {}, data.slug, row.name, row.id)
    if (data.name) row.name = data.name
    await ctx.em.flush()
  },
})
