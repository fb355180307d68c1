import type { EntityClass, EntityData, FilterQuery, QueryOrderMap, RequiredEntityData } from '@mikro-orm/core'
import { Elysia, t } from 'elysia'
import type * as v from 'valibot'
import { dataOf, pageOf, type ViewOf } from '../../shared/view'
import { SOFT_DELETE } from '../db/schemas'
import { created, noContent, ok } from '../openapi/responses'
import { type AccessRule, checkedValue, type Permission, platform, type RequestContext } from './context'
import { forbidden, notFound, parseOrThrow } from './errors'
import { isId } from './ids'
import { findPage, type ListParams, ListQuerySchema, listResponse, parseIncludes, parseListQuery, ShowQuerySchema } from './list-query'

/** Who may call an action: anyone, any signed-in user, a permission, or a custom check. */
export type Access = 'public' | 'auth' | Permission | ((ctx: RequestContext) => Promise<void> | void)

type Row = { id: string; deletedAt?: Date | null }
export type Filterer<E> = (value: string, ctx: RequestContext) => FilterQuery<E>

export interface CrudOptions<E extends Row, V extends v.GenericSchema = v.GenericSchema> {
  /** Path under /v1, e.g. `/tenants` or `/workshops/:workshopId/resources`. */
  path: string
  tag: string
  /** Human name used in messages ("Tenant not found."). */
  name: string
  entity: EntityClass<E>
  softDelete?: boolean
  /**
   * Name of the row id in the path (default `id`). Nested paths whose parent sits where a
   * sibling route has `:id` must reuse `:id` for the parent (the router needs one name per
   * position): `/workshops/:id/resources` with `idParam: 'resourceId'`.
   */
  idParam?: string
  /** Tenant-owned: the route resolves the team and the tenant filter scopes every query. */
  tenantScoped?: boolean
  actions?: Array<'list' | 'show' | 'create' | 'update' | 'delete' | 'restore'>
  access: Partial<Record<'list' | 'show' | 'create' | 'update' | 'delete' | 'restore', Access>>
  createSchema?: v.GenericSchema
  updateSchema?: v.GenericSchema
  /** Row-level visibility on top of tenant scope (e.g. a client sees own bookings only). */
  scope?: (ctx: RequestContext, params: Record<string, string>) => FilterQuery<E> | Promise<FilterQuery<E>>
  /** Extra check before a create, with the path params (the parent row): throw 404/403. Runs before the body is validated. */
  authorizeCreate?: (ctx: RequestContext, params: Record<string, string>) => Promise<void> | void
  /** Extra check before a change (update, delete, restore); throw 403/404/409. */
  authorizeChange?: (ctx: RequestContext, row: E, action: 'update' | 'delete' | 'restore') => Promise<void> | void
  sortable?: readonly string[]
  defaultSort?: string
  filters?: Record<string, Filterer<E>>
  /** Fields matched by `q` (case-insensitive substring). */
  searchable?: readonly string[]
  /** include name -> populate path */
  includes?: Record<string, string>
  /** Relations always loaded with the rows (list, show and after a change). */
  populate?: readonly string[]
  /**
   * The list's page in one statement of its own (rows already in the view's shape, and the
   * total), for a list read often that needs no entity (the global tags): instead of loading
   * entities and counting a full page in a second statement. Access, query parsing (422s) and
   * the answer's shape stay those of every list.
   */
  listPage?: (ctx: RequestContext, p: ListParams) => Promise<{ rows: ViewOf<V>[]; total: number }>
  /** Loads per-page extras in a fixed number of queries (e.g. aggregates); passed to serialize. */
  prepare?: (ctx: RequestContext, rows: E[]) => Promise<unknown>
  /** What one row looks like in answers (a valibot view): documents every response and types `serialize`. */
  view: V
  serialize: (row: E, include: string[], ctx: RequestContext, extra?: any) => ViewOf<V>
  create?: (ctx: RequestContext, data: any, params: Record<string, string>) => Promise<E>
  update?: (ctx: RequestContext, row: E, data: any) => Promise<void>
  destroy?: (ctx: RequestContext, row: E) => Promise<void>
  /** Documentation of the item shape for OpenAPI. */
  description?: string
}

async function check(ctx: RequestContext, access: Access | undefined) {
  if (access === undefined) throw forbidden()
  if (access === 'public') return
  if (access === 'auth') return void ctx.requireUser()
  if (typeof access === 'function') return access(ctx)
  await ctx.authorize(access)
}

/**
 * Who, which team, may they, and then the row (`then`): the platform's `access` route option,
 * run before Elysia validates the body, so a stranger gets 401 (not 400 "No team selected" nor
 * 422) and a member without the permission 403 (not 422).
 */
function accessRule(access: Access | undefined, tenantScoped: boolean, then?: (ctx: RequestContext, params: Params) => unknown): AccessRule {
  return {
    auth: access !== 'public',
    tenant: tenantScoped,
    check: async (ctx, params) => {
      await check(ctx, access)
      await then?.(ctx, params)
    },
  }
}

type Params = Record<string, string | undefined>
const paramsOf = (params: Params) => params as Record<string, string>

export function escapeLike(s: string) {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`)
}

/** The whole REST surface of one resource, built the same way for every module. */
export function crud<E extends Row, V extends v.GenericSchema>(o: CrudOptions<E, V>) {
  const actions = new Set(o.actions ?? ['list', 'show', 'create', 'update', 'delete', ...(o.softDelete ? (['restore'] as const) : [])])
  const includes = o.includes ?? {}
  const includeNames = Object.keys(includes)
  const one_ = dataOf(o.view)
  const docs = {
    list: ok(pageOf(o.view), `A page of ${o.name.toLowerCase()}s`),
    show: ok(one_, `The ${o.name.toLowerCase()}`),
    create: created(one_, `The new ${o.name.toLowerCase()}`),
    update: ok(one_, `The changed ${o.name.toLowerCase()}`),
    delete: noContent('Deleted'),
    restore: ok(one_, `The restored ${o.name.toLowerCase()}`),
  }
  const detail = (summary: string, action: keyof typeof docs) => ({ tags: [o.tag], summary, responses: docs[action] })
  const scoped = !!o.tenantScoped
  const guarded = (action: keyof CrudOptions<E>['access'], then?: (ctx: RequestContext, params: Params) => unknown) => ({
    access: accessRule(o.access[action], scoped, then),
  })
  const idName = o.idParam ?? 'id'
  const one = `${o.path}/:${idName}`
  const idParam = t.Object({ [idName]: t.String({ description: 'Row id' }) }, { additionalProperties: true })

  async function trashedOptions(ctx: RequestContext, wanted: boolean) {
    if (!wanted) return {}
    if (!ctx.isSuperAdmin) throw forbidden('Only super-admins can see deleted rows.')
    return { filters: { [SOFT_DELETE]: false } }
  }

  async function findRow(ctx: RequestContext, params: Record<string, string>, opts: { trashed?: boolean; populate?: string[] } = {}) {
    const id = params[idName]
    const where = { ...(((await o.scope?.(ctx, params)) ?? {}) as object), id } as FilterQuery<E>
    if (!isId(id ?? '')) throw notFound(o.name)
    const row = await ctx.em.findOne(o.entity, where, {
      populate: populateHint([...(o.populate ?? []), ...(opts.populate ?? [])]),
      ...(opts.trashed ? { filters: { [SOFT_DELETE]: false } } : {}),
    })
    if (!row) throw notFound(o.name)
    return row
  }

  /** The row an update's access check loaded and authorized, for its handler. */
  const changing = checkedValue<E>()
  const app = new Elysia({ name: `crud:${o.path}` }).use(platform)

  if (actions.has('list'))
    app.get(
      o.path,
      async ({ ctx, request, params }) => {
        const p: ListParams = parseListQuery(new URL(request.url), {
          sortable: o.sortable ?? ['createdAt', 'updatedAt'],
          filterable: Object.keys(o.filters ?? {}),
          includes: includeNames,
          defaultSort: o.defaultSort,
        })
        if (o.listPage) {
          await trashedOptions(ctx, p.withTrashed || p.onlyTrashed)
          const { rows, total } = await o.listPage(ctx, p)
          return listResponse(rows, total, p)
        }
        const where: FilterQuery<E>[] = [(await o.scope?.(ctx, paramsOf(params))) ?? {}]
        for (const [field, value] of Object.entries(p.filter)) where.push(o.filters![field](value, ctx))
        if (p.q && o.searchable?.length) where.push({ $or: o.searchable.map((f) => ({ [f]: { $ilike: `%${escapeLike(p.q!)}%` } })) } as FilterQuery<E>)
        if (p.onlyTrashed) where.push({ deletedAt: { $ne: null } } as FilterQuery<E>)
        const [rows, total] = await findPage(ctx.em, o.entity, { $and: where } as FilterQuery<E>, {
          limit: p.perPage,
          offset: p.offset,
          orderBy: [...p.sort.map((s) => ({ [s.field]: s.dir })), { id: 'asc' }] as QueryOrderMap<E>[],
          populate: populateHint([...(o.populate ?? []), ...p.include.map((i) => includes[i])]),
          ...(await trashedOptions(ctx, p.withTrashed || p.onlyTrashed)),
        })
        const extra = await o.prepare?.(ctx, rows)
        return listResponse(
          rows.map((r) => o.serialize(r, p.include, ctx, extra)),
          total,
          p,
        )
      },
      { ...guarded('list'), query: ListQuerySchema, detail: detail(`List ${o.name.toLowerCase()}s`, 'list') },
    )

  if (actions.has('show'))
    app.get(
      one,
      async ({ ctx, params, request }) => {
        // From the URL: Elysia turns `include=a,b` into an array.
        const url = new URL(request.url)
        const include = parseIncludes(url.searchParams.get('include'), includeNames)
        const trashed = ['1', 'true'].includes(url.searchParams.get('withTrashed') ?? '')
        await trashedOptions(ctx, trashed)
        const row = await findRow(ctx, params, { trashed, populate: include.map((i) => includes[i]) })
        return { data: o.serialize(row, include, ctx, await o.prepare?.(ctx, [row])) }
      },
      { ...guarded('show'), params: idParam, query: ShowQuerySchema, detail: detail(`Show a ${o.name.toLowerCase()}`, 'show') },
    )

  if (actions.has('create'))
    app.post(
      o.path,
      async ({ ctx, body, params, set }) => {
        const data = parseOrThrow(o.createSchema!, body)
        const row = o.create ? await o.create(ctx, data, paramsOf(params)) : await defaultCreate(ctx, o, data)
        set.status = 201
        if (o.populate?.length) await ctx.em.populate(row, populateHint(o.populate))
        return { data: o.serialize(row, [], ctx, await o.prepare?.(ctx, [row])) }
      },
      {
        // The parent row and the right to add to it come before the body (404/403 before 422).
        ...guarded('create', (ctx, params) => o.authorizeCreate?.(ctx, paramsOf(params))),
        body: o.createSchema,
        detail: detail(`Create a ${o.name.toLowerCase()}`, 'create'),
      },
    )

  if (actions.has('update'))
    app.patch(
      one,
      async ({ ctx, body }) => {
        const row = changing.take(ctx)
        const data = parseOrThrow(o.updateSchema!, body)
        if (o.update) await o.update(ctx, row, data)
        else {
          ctx.em.assign<Row>(row, data as EntityData<Row>)
          await ctx.em.flush()
        }
        return { data: o.serialize(row, [], ctx, await o.prepare?.(ctx, [row])) }
      },
      {
        // The row and the right to change it come before the body (404/403 before 422).
        ...guarded('update', async (ctx, params) => {
          const row = await findRow(ctx, paramsOf(params))
          await o.authorizeChange?.(ctx, row, 'update')
          changing.keep(ctx, row)
        }),
        params: idParam,
        body: o.updateSchema,
        detail: detail(`Update a ${o.name.toLowerCase()} (partial)`, 'update'),
      },
    )

  if (actions.has('delete'))
    app.delete(
      one,
      async ({ ctx, params, set }) => {
        const row = await findRow(ctx, params)
        await o.authorizeChange?.(ctx, row, 'delete')
        if (o.destroy) await o.destroy(ctx, row)
        else if (o.softDelete) {
          row.deletedAt = new Date()
          await ctx.em.flush()
        } else await ctx.em.remove(row).flush()
        set.status = 204
        return null
      },
      {
        ...guarded('delete'),
        params: idParam,
        detail: detail(o.softDelete ? `Delete a ${o.name.toLowerCase()} (soft: restorable)` : `Delete a ${o.name.toLowerCase()}`, 'delete'),
      },
    )

  if (actions.has('restore'))
    app.post(
      `${one}/restore`,
      async ({ ctx, params }) => {
        const row = await findRow(ctx, params, { trashed: true })
        await o.authorizeChange?.(ctx, row, 'restore')
        row.deletedAt = null
        await ctx.em.flush()
        return { data: o.serialize(row, [], ctx, await o.prepare?.(ctx, [row])) }
      },
      { ...guarded('restore'), params: idParam, detail: detail(`Restore a deleted ${o.name.toLowerCase()}`, 'restore') },
    )

  return app
}

/**
 * Populate paths named by a module's options. crud() is generic over the entity, so the
 * compiler cannot check them against it; MikroORM checks them when the query runs.
 */
function populateHint(paths: readonly string[]) {
  return paths as readonly never[]
}

async function defaultCreate<E extends Row>(ctx: RequestContext, o: CrudOptions<E>, data: unknown): Promise<E> {
  const extra = o.tenantScoped ? { tenant: await ctx.tenant() } : {}
  const row = ctx.em.create(o.entity, { ...(data as object), ...extra } as RequiredEntityData<E>)
  await ctx.em.flush()
  return row
}
