import type { EntityManager } from '@mikro-orm/postgresql'
import { now } from '../../platform/clock'
import { transaction } from '../../platform/db/after-commit'
import type { RequestContext } from '../../platform/http/context'
import { crud } from '../../platform/http/crud'
import { conflict, fieldError, forbidden } from '../../platform/http/errors'
import { count } from '../../shared/words'
import { loadTaxProfile, priceNoteOf } from '../tax'
import { Membership } from '../tenants'
import type { User } from '../users'
import { assertOwner, isUuid } from './access'
import { seatsAdded } from './capacity.hooks'
import { WorkshopView } from './catalogue.views'
import { WorkshopSchedule } from './schedule.entity'
import { serializeWorkshop } from './serialize'
import { freeSlug } from './slug'
import { Tag } from './tag.entity'
import { priceInMinor } from './team-money'
import { WorkshopTemplate } from './template.entity'
import { Workshop } from './workshop.entity'
import { WorkshopCreateSchema, WorkshopUpdateSchema } from './workshop.schema'

/** Tag ids or slugs -> tags; unknown ones are a 422 naming them. */
async function resolveTags(em: EntityManager, refs: string[]) {
  if (!refs.length) return []
  const ids = refs.filter(isUuid)
  const slugs = refs.filter((r) => !isUuid(r)).map((s) => s.toLowerCase())
  const tags = await em.find(Tag, { $or: [{ id: { $in: ids } }, { slug: { $in: slugs } }] })
  const missing = refs.filter((r) => !tags.some((t) => t.id === r || t.slug === r.toLowerCase()))
  if (missing.length) throw fieldError('tags', `Unknown tag: ${missing.join(', ')}`)
  return tags
}

async function resolveCoach(ctx: RequestContext, coachId: string | undefined) {
  const me = ctx.requireUser()
  if (!coachId || coachId === me.id) return me
  if (!ctx.isSuperAdmin) throw forbidden('Coaches create workshops for themselves only.')
  const tenant = await ctx.tenant()
  const member = await ctx.em.findOne(Membership, { tenant, user: coachId, status: 'ACTIVE' }, { populate: ['user'] })
  if (!member || !(member.user as User).roles.includes('coach')) throw fieldError('coachId', 'The coach must be an active coach of this team.')
  return member.user as User
}

/** A workshop's maxSeats never drops below the seats already held on its coming schedules. */
async function assertSeatsFit(em: EntityManager, workshop: Workshop, maxSeats: number) {
  const rows = await em.find(WorkshopSchedule, { workshop, endDate: { $gt: now() } }, { fields: ['seatsTaken'], orderBy: { seatsTaken: 'desc' }, limit: 1 })
  const held = rows[0]?.seatsTaken ?? 0
  if (maxSeats < held) throw fieldError('maxSeats', `Maximum seats cannot be lower than the ${held} seats already booked on a coming schedule.`)
}

/** A template's suggested price, when it is in the team's currency; else the workshop needs its own price. */
function templatePrice(template: WorkshopTemplate | null, currency: string) {
  if (!template) return 0
  if (template.currency === currency) return template.price
  throw fieldError('price', `Price is required (the template's price is in ${template.currency.toUpperCase()}: set one in ${currency.toUpperCase()})`)
}

export const workshopRoutes = crud({
  path: '/workshops',
  tag: 'Workshops',
  name: 'Workshop',
  entity: Workshop,
  softDelete: true,
  tenantScoped: true,
  access: { list: 'auth', show: 'auth', create: 'workshops.manage', update: 'workshops.manage', delete: 'workshops.manage', restore: 'workshops.manage' },
  createSchema: WorkshopCreateSchema,
  updateSchema: WorkshopUpdateSchema,
  sortable: ['title', 'price', 'createdAt', 'updatedAt'],
  defaultSort: '-createdAt',
  searchable: ['title', 'description'],
  populate: ['tags'],
  includes: { coach: 'coach', workshopTemplate: 'workshopTemplate' },
  filters: {
    coach: (value, ctx) => ({ coach: value === 'me' ? (ctx.user?.id ?? '') : isUuid(value) ? value : '00000000-0000-0000-0000-000000000000' }),
    workshopTemplate: (value) => ({ workshopTemplate: isUuid(value) ? value : '00000000-0000-0000-0000-000000000000' }),
    tag: (value) => ({ tags: { $some: { slug: value.toLowerCase() } } }),
  },
  view: WorkshopView,
  serialize: (row, include) => serializeWorkshop(row, include),
  description: 'A workshop a coach sells. Prices are decimal amounts; `filter[coach]=me` lists your own.',
  async authorizeChange(ctx, row, action) {
    assertOwner(ctx, row.coach.id)
    if (action !== 'delete') return
    const booked = await ctx.em.count(WorkshopSchedule, { workshop: row, endDate: { $gt: now() }, seatsTaken: { $gt: 0 } })
    if (booked) throw conflict(`This workshop has ${count(booked, 'coming schedule')} with booked seats. Cancel those bookings before deleting it.`)
    // A workshop with bookings (past ones, cancelled ones) carries money and history: deleting it is a sensitive action.
    const [had] = await ctx.em.execute(
      `select exists (select 1 from bookings b join workshop_schedules s on s.id = b.workshop_schedule_id where s.workshop_id = ? and b.deleted_at is null) as yes`,
      [row.id],
    )
    if (had?.yes) ctx.requireRecentVerification()
  },
  async create(ctx, data) {
    const tenant = await ctx.tenant()
    const coach = await resolveCoach(ctx, data.coachId)
    const template = data.workshopTemplateId ? await ctx.em.findOne(WorkshopTemplate, { id: data.workshopTemplateId }) : null
    if (data.workshopTemplateId && !template) throw fieldError('workshopTemplateId', 'Please select a valid workshop template')
    const slug = await freeSlug(ctx.em, Workshop, {}, data.slug, data.title)
    const workshop = ctx.em.create(Workshop, {
      tenant,
      coach,
      workshopTemplate: template,
      title: data.title,
      slug,
      description: data.description ?? template?.description ?? null,
      image: data.image || template?.image || null,
      video: data.video || template?.video || null,
      outcomes: data.outcomes?.length ? data.outcomes : (template?.outcomes ?? []),
      price: data.price !== undefined ? priceInMinor(data.price, tenant.currency) : templatePrice(template, tenant.currency),
      currency: tenant.currency,
      priceNote: priceNoteOf(await loadTaxProfile(ctx.em as EntityManager, tenant.id)),
      minSeats: data.minSeats,
      maxSeats: data.maxSeats,
      refundPolicy: data.refundPolicy ?? null,
      questions: data.questions ?? [],
    })
    workshop.tags.set(await resolveTags(ctx.em, data.tags ?? []))
    await ctx.em.flush()
    return workshop
  },
  async update(ctx, row, data) {
    const { tags, workshopTemplateId, price, refundPolicy, ...rest } = data
    const minSeats = rest.minSeats ?? row.minSeats
    const maxSeats = rest.maxSeats ?? row.maxSeats
    if (maxSeats < minSeats) throw fieldError('maxSeats', 'Maximum seats must be at least the minimum seats')
    if (rest.maxSeats !== undefined && rest.maxSeats < row.maxSeats) await assertSeatsFit(ctx.em, row, rest.maxSeats)
    if (rest.slug && rest.slug !== row.slug) rest.slug = await freeSlug(ctx.em, Workshop, {}, rest.slug, row.title, row.id)
    if (workshopTemplateId !== undefined) {
      const template = workshopTemplateId ? await ctx.em.findOne(WorkshopTemplate, { id: workshopTemplateId }) : null
      if (workshopTemplateId && !template) throw fieldError('workshopTemplateId', 'Please select a valid workshop template')
      row.workshopTemplate = template
    }
    if (price !== undefined) row.price = priceInMinor(price, row.currency)
    if (refundPolicy !== undefined) row.refundPolicy = refundPolicy
    for (const k of ['image', 'video'] as const) if (rest[k] === '') rest[k] = null
    const raised = rest.maxSeats !== undefined && rest.maxSeats > row.maxSeats
    ctx.em.assign(row, rest)
    if (tags) row.tags.set(await resolveTags(ctx.em, tags))
    if (!raised) return void (await ctx.em.flush())
    // More seats: the waitlists of the coming schedules get them in the same transaction.
    await transaction(ctx.em as EntityManager, async (tem) => {
      await tem.flush()
      await seatsAdded(tem, row.id, now())
    })
  },
})
