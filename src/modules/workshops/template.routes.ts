import { config } from '../../config'
import { crud } from '../../platform/http/crud'
import { oneOfOrNone } from '../../platform/http/filters'
import { toMinor } from '../../shared/money'
import { TemplateView } from './catalogue.views'
import { SKILL_LEVELS } from './enums'
import { serializeTemplate } from './serialize'
import { freeSlug } from './slug'
import { WorkshopTemplate } from './template.entity'
import { TemplateCreateSchema, TemplateUpdateSchema } from './template.schema'

/** Templates are global: super-admins manage them; every signed-in user reads them. */
export const templateRoutes = crud({
  path: '/workshop-templates',
  tag: 'Workshop templates',
  name: 'Workshop template',
  entity: WorkshopTemplate,
  softDelete: true,
  access: {
    list: 'auth',
    show: 'auth',
    create: 'workshop-templates.manage',
    update: 'workshop-templates.manage',
    delete: 'workshop-templates.manage',
    restore: 'workshop-templates.manage',
  },
  createSchema: TemplateCreateSchema,
  updateSchema: TemplateUpdateSchema,
  sortable: ['title', 'price', 'level', 'createdAt', 'updatedAt'],
  defaultSort: 'title',
  searchable: ['title', 'description'],
  filters: { level: (value) => ({ level: oneOfOrNone(SKILL_LEVELS, value) }) },
  view: TemplateView,
  serialize: serializeTemplate,
  description: 'Prices are decimal amounts (49.99); stored in minor units.',
  async create(ctx, data) {
    const slug = await freeSlug(ctx.em, WorkshopTemplate, {}, data.slug, data.title)
    const currency = config.CURRENCY.toLowerCase()
    const row = ctx.em.create(WorkshopTemplate, { ...data, slug, price: toMinor(data.price, currency), currency })
    await ctx.em.flush()
    return row
  },
  async update(ctx, row, data) {
    if (data.slug && data.slug !== row.slug) data.slug = await freeSlug(ctx.em, WorkshopTemplate, {}, data.slug, row.title, row.id)
    if (data.price !== undefined) data.price = toMinor(data.price, row.currency)
    ctx.em.assign(row, data)
    await ctx.em.flush()
  },
})
