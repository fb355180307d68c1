import type { RequestContext } from '../../platform/http/context'
import { crud, escapeLike } from '../../platform/http/crud'
import type { ListParams } from '../../platform/http/list-query'
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
  listPage,
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

const TAG_COLUMNS: Record<string, string> = { name: 'name', slug: 'slug', createdAt: 'created_at' }

/**
 * The tag list (every marketplace filter reads it) in one statement: the page and its total
 * (`count(*) over ()`), as plain rows in the view's shape; no entities, no second count.
 */
async function listPage(ctx: RequestContext, p: ListParams) {
  // Tags are never soft-deleted: there is nothing to list among deleted ones.
  if (p.onlyTrashed) return { rows: [], total: 0 }
  const params: unknown[] = []
  let where = ''
  if (p.q) {
    const like = `%${escapeLike(p.q)}%`
    where = 'where name ilike ? or slug ilike ?'
    params.push(like, like)
  }
  // Sort fields were checked against `sortable` by the list's query parser: only known columns reach the SQL.
  const order = [...p.sort.map((s) => `${TAG_COLUMNS[s.field]} ${s.dir}`), 'id asc'].join(', ')
  const rows = await ctx.em.execute<{ id: string; name: string; slug: string; __total: string }[]>(
    `select id, name, slug, count(*) over () as __total from tags ${where} order by ${order} limit ${p.perPage} offset ${p.offset}`,
    params,
  )
  let total = Number(rows[0]?.__total ?? 0)
  // Past the end: the page is empty, the total still counts.
  if (!rows.length && p.offset > 0) total = Number((await ctx.em.execute<{ n: string }[]>(`select count(*) as n from tags ${where}`, params))[0]?.n ?? 0)
  return { rows: rows.map((r) => ({ id: r.id, name: r.name, slug: r.slug })), total }
}
