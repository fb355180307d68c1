import type { EntityClass, EntityManager, FilterQuery } from '@mikro-orm/core'
import { fieldError } from '../../platform/http/errors'
import { slugify } from './catalogue.rules'

/**
 * A slug free among the non-deleted rows of `where`: an explicit slug that is taken is a 422;
 * a slug derived from the title gets a numeric suffix instead (-2, -3...).
 */
export async function freeSlug<E extends { id: string; slug: string }>(
  em: EntityManager,
  entity: EntityClass<E>,
  where: FilterQuery<E>,
  explicit: string | undefined,
  title: string,
  exceptId?: string,
): Promise<string> {
  const taken = async (slug: string) =>
    (await em.count(entity, { ...(where as object), slug, ...(exceptId ? { id: { $ne: exceptId } } : {}) } as FilterQuery<E>)) > 0
  if (explicit) {
    if (await taken(explicit)) throw fieldError('slug', 'The slug has already been taken.')
    return explicit
  }
  const base = slugify(title)
  const similar = await em.find(entity, { ...(where as object), slug: { $like: `${base}%` } } as FilterQuery<E>, { fields: ['slug'] as any })
  const used = new Set(similar.filter((r) => r.id !== exceptId).map((r) => r.slug))
  if (!used.has(base)) return base
  for (let i = 2; ; i++) if (!used.has(`${base}-${i}`)) return `${base}-${i}`
}
