import type { EntityManager } from '@mikro-orm/postgresql'
import { Elysia, t } from 'elysia'
import * as v from 'valibot'
import { clock } from '../../platform/clock'
import { allTenants } from '../../platform/db/tenant-scope'
import { platform, type RequestContext } from '../../platform/http/context'
import { crud } from '../../platform/http/crud'
import { conflict, fieldError, notFound, parseOrThrow } from '../../platform/http/errors'
import { oneOfOrNone } from '../../platform/http/filters'
import { idFilter } from '../../platform/http/id-filter'
import { isId } from '../../platform/http/ids'
import { ListQuerySchema, listResponse, noIncludes, parseListQuery } from '../../platform/http/list-query'
import { dataOf, ok, pageOf } from '../../platform/openapi/responses'
import { toMajor, toMinor } from '../../shared/money'
import { findBookableSchedule, Workshop, WorkshopSchedule } from '../workshops'
import { Voucher, type VoucherData } from './voucher.entity'
import { VOUCHER_TARGETS, voucherTargets, voucherUsagePage } from './voucher.lists'
import {
  DISCOUNT_TYPES,
  VOUCHER_MODEL_TYPES,
  VoucherCheckView,
  VoucherCreateSchema,
  VoucherDataSchema,
  VoucherRedeemSchema,
  VoucherTargetsQuerySchema,
  VoucherTargetView,
  VoucherUpdateSchema,
  VoucherUsageView,
  VoucherVerifyQuerySchema,
  VoucherView,
  voucherCodeRule,
} from './voucher.schema'
import { discountFor, findVoucherByCode, redeemVoucher, serializeVoucher, serializeVoucherForBooker, VOUCHER_PROBLEMS, voucherProblem } from './voucher.service'

/** API data (decimal amounts) to stored data (minor units for money). */
function toStored(
  d: { discountType: VoucherData['discountType']; discountValue?: number; maxDiscount?: number | null; maxUses?: number | null },
  currency: string,
): VoucherData {
  return {
    discountType: d.discountType,
    discountValue: d.discountType === 'fixed' ? toMinor(d.discountValue ?? 0, currency) : (d.discountValue ?? 0),
    maxDiscount: d.maxDiscount != null ? toMinor(d.maxDiscount, currency) : null,
    maxUses: d.maxUses ?? null,
  }
}
function toApi(d: VoucherData, currency: string) {
  return {
    discountType: d.discountType,
    discountValue: d.discountType === 'fixed' ? toMajor(d.discountValue, currency) : d.discountValue,
    maxDiscount: d.maxDiscount != null ? toMajor(d.maxDiscount, currency) : null,
    maxUses: d.maxUses ?? null,
  }
}

async function assertCodeFree(ctx: RequestContext, code: string, exceptId?: string) {
  const tenant = await ctx.tenant()
  const taken = await ctx.em.count(Voucher, { tenant, code, ...(exceptId ? { id: { $ne: exceptId } } : {}) })
  if (taken) throw fieldError('code', 'The voucher code has already been taken.')
}

/** The target must be a workshop or schedule of the same tenant (the tenant filter is on). */
async function assertTarget(ctx: RequestContext, modelType?: string | null, modelId?: string | null) {
  if (!modelType || !modelId) return
  const found = modelType === 'workshop' ? await ctx.em.count(Workshop, { id: modelId }) : await ctx.em.count(WorkshopSchedule, { id: modelId })
  if (!found) throw fieldError('modelId', 'The selected workshop or schedule was not found.')
}

const vouchers = crud({
  path: '/vouchers',
  tag: 'Vouchers',
  name: 'Voucher',
  entity: Voucher,
  tenantScoped: true,
  softDelete: false,
  actions: ['list', 'show', 'create', 'update', 'delete'],
  access: { list: 'vouchers.manage', show: 'vouchers.manage', create: 'vouchers.manage', update: 'vouchers.manage', delete: 'vouchers.manage' },
  createSchema: VoucherCreateSchema,
  updateSchema: VoucherUpdateSchema,
  sortable: ['code', 'expiresAt', 'uses', 'createdAt', 'updatedAt'],
  defaultSort: '-createdAt',
  searchable: ['code'],
  filters: {
    modelType: (value) => ({ modelType: oneOfOrNone(VOUCHER_MODEL_TYPES, value) }),
    modelId: (value) => ({ modelId: idFilter('modelId', value) }),
    discountType: (value) => ({ data: { discountType: oneOfOrNone(DISCOUNT_TYPES, value) } }),
  },
  view: VoucherView,
  // Amounts are in the team's currency (every voucher of the list is the X-Team team's).
  prepare: async (ctx) => (await ctx.tenant()).currency,
  serialize: (v, _include, _ctx, currency: string) => serializeVoucher(v, currency),
  description:
    'Discount codes of the tenant (X-Team): percentage (0-100, capped by maxDiscount), fixed amount, or free. `PATCH` with `disabled: true` switches a voucher off (it stops applying at once; `false` switches it on again). `GET /v1/vouchers/{id}/bookings` lists the bookings that used it.',
  async create(ctx, data) {
    const tenant = await ctx.tenant()
    await assertCodeFree(ctx, data.code)
    await assertTarget(ctx, data.modelType, data.modelId)
    const stored = toStored(data.data, tenant.currency)
    const v = ctx.em.create(Voucher, {
      tenant,
      code: data.code,
      modelType: data.modelType ?? null,
      modelId: data.modelId ?? null,
      expiresAt: data.expiresAt ?? null,
      data: stored,
      maxUses: stored.maxUses ?? null,
      uses: 0,
    })
    await ctx.em.flush()
    return v
  },
  async update(ctx, row, data) {
    if (data.code && data.code !== row.code) await assertCodeFree(ctx, data.code, row.id)
    const modelType = data.modelType !== undefined ? data.modelType : row.modelType
    const modelId = data.modelId !== undefined ? data.modelId : row.modelId
    if (!modelType !== !modelId) throw fieldError('modelId', 'Please select the workshop or schedule the voucher applies to')
    await assertTarget(ctx, modelType, modelId)
    if (data.data) {
      // Check the merged data as a whole: e.g. switching to percentage re-checks 0-100.
      const { currency } = await ctx.tenant()
      const merged = parseOrThrow(VoucherDataSchema, { ...toApi(row.data, currency), ...data.data })
      row.data = toStored(merged, currency)
      row.maxUses = row.data.maxUses ?? null
    }
    if (data.code) row.code = data.code
    if (data.modelType !== undefined) row.modelType = data.modelType
    if (data.modelId !== undefined) row.modelId = data.modelId
    if (data.expiresAt !== undefined) row.expiresAt = data.expiresAt
    if (data.disabled !== undefined) row.disabledAt = data.disabled ? (row.disabledAt ?? clock.now()) : null
    await ctx.em.flush()
  },
})

export const voucherRoutes = new Elysia({ name: 'vouchers' })
  .use(platform)
  .use(vouchers)
  .get(
    '/vouchers/targets',
    async ({ ctx, query, request }) => {
      noIncludes(new URL(request.url).searchParams)
      const tenant = await ctx.tenant()
      const q = parseOrThrow(VoucherTargetsQuerySchema, query)
      return { data: await voucherTargets(ctx.em as EntityManager, tenant.id, clock.now(), { modelType: q.modelType, modelId: q.modelId }, q.q) }
    },
    {
      access: { tenant: true, can: 'vouchers.manage' },
      detail: {
        responses: ok(dataOf(v.array(VoucherTargetView)), 'The workshops a voucher may apply to'),
        tags: ['Vouchers'],
        summary: 'What a voucher may apply to: the team’s workshops with their next sessions (managers of vouchers)',
        description: `At most ${VOUCHER_TARGETS.workshops} workshops (those running next first), each with up to ${VOUCHER_TARGETS.sessions} coming sessions; \`q\` narrows to titles containing it; \`modelType\` and \`modelId\` keep a voucher's own target in the answer.`,
      },
    },
  )
  .get(
    '/vouchers/:id/bookings',
    async ({ ctx, params, request }) => {
      const tenant = await ctx.tenant()
      const p = parseListQuery(new URL(request.url), {
        sortable: ['booked', 'status', 'discount', 'seats', 'client'],
        filterable: ['status'],
        includes: [],
        defaultSort: '-booked',
      })
      const page = await voucherUsagePage(ctx.em as EntityManager, tenant.id, params.id, {
        page: p.page - 1,
        pageSize: p.perPage,
        sort: p.sort.map((s) => ({ id: s.field, desc: s.dir === 'desc' })),
        filters: p.filter,
      })
      return listResponse(page.rows, page.total, p)
    },
    {
      access: { tenant: true, can: 'vouchers.manage' },
      params: t.Object({ id: t.String() }),
      query: ListQuerySchema,
      detail: {
        responses: ok(pageOf(VoucherUsageView), 'A page of the bookings that used the voucher'),
        tags: ['Vouchers'],
        summary: 'Usage of a voucher: the bookings that used it (managers of its tenant)',
        description:
          'Amounts are decimal. `filter[status]` narrows to one booking status; sort by booked, status, discount, seats, client. Another tenant’s voucher is 404.',
      },
    },
  )
  .get(
    '/vouchers/verify/:code',
    async ({ ctx, params, query }) => {
      const code = parseOrThrow(voucherCodeRule, decodeURIComponent(params.code))
      const q = parseOrThrow(VoucherVerifyQuerySchema, query)
      let schedule: WorkshopSchedule | null = null
      let tenantId: string
      let currency: string
      if (q.workshopScheduleId) {
        // A booker checks a code against a schedule they may book (any tenant's marketplace).
        schedule = await findBookableSchedule(ctx, q.workshopScheduleId)
        tenantId = schedule.tenant.id
        currency = (schedule.workshop as unknown as Workshop).currency
      } else ({ id: tenantId, currency } = await ctx.tenant())
      const voucher = await findVoucherByCode(allTenants(ctx.em as EntityManager), tenantId, code)
      if (!voucher) throw notFound('Voucher')
      const problem = voucherProblem(voucher, schedule)
      const workshop = schedule ? (schedule.workshop as unknown as Workshop) : null
      const seats = q.seats ?? 1
      const total = workshop ? workshop.price * seats : null
      const discount = total != null && !problem ? discountFor(voucher.data, total) : 0
      return {
        data: {
          ...serializeVoucherForBooker(voucher, currency),
          valid: !problem,
          reason: problem,
          message: problem ? VOUCHER_PROBLEMS[problem] : 'This voucher can be applied.',
          workshop: workshop ? { id: workshop.id, title: workshop.title, scheduleId: schedule!.id } : null,
          amount:
            total != null
              ? { seats, currency, total: toMajor(total, currency), discount: toMajor(discount, currency), due: toMajor(total - discount, currency) }
              : null,
        },
      }
    },
    {
      auth: true,
      query: VoucherVerifyQuerySchema,
      detail: {
        responses: ok(dataOf(VoucherCheckView), 'What the code gives, or why not'),
        tags: ['Vouchers'],
        summary: 'Check a voucher code: what it gives on which workshop, or why not (disabled, expired, used_up, wrong_workshop)',
        description:
          "With `workshopScheduleId` (and `seats`) the voucher is looked up in that schedule's tenant (a schedule the caller may book) and the discounted amount is computed; without it, in the X-Team tenant (members only). Answers only what a booker needs: the code, its discount, expiry, whether it applies and the amounts; never the voucher's id, tenant or use counts (managers read those with `GET /v1/vouchers`).",
      },
    },
  )
  .post(
    '/vouchers/:id/redeem',
    async ({ ctx, params, body }) => {
      const input = parseOrThrow(VoucherRedeemSchema, body ?? undefined)
      // The tenant filter is on (X-Team): another tenant's voucher is 404.
      const voucher = isId(params.id) ? await ctx.em.findOne(Voucher, { id: params.id }) : null
      if (!voucher) throw notFound('Voucher')
      if (input?.workshopScheduleId) {
        const schedule = await ctx.em.findOne(WorkshopSchedule, { id: input.workshopScheduleId }, { populate: ['workshop'] })
        if (!schedule || voucherProblem(voucher, schedule) === 'wrong_workshop') throw conflict(VOUCHER_PROBLEMS.wrong_workshop)
      }
      const uses = await redeemVoucher(ctx.em as EntityManager, voucher.id, clock.now())
      if (uses === null) {
        await ctx.em.refresh(voucher)
        throw conflict(VOUCHER_PROBLEMS[voucherProblem(voucher, null) ?? 'used_up'])
      }
      voucher.uses = uses
      return { data: serializeVoucher(voucher, (await ctx.tenant()).currency) }
    },
    {
      tenant: true,
      can: 'vouchers.manage',
      params: t.Object({ id: t.String() }),
      body: VoucherRedeemSchema,
      detail: {
        responses: ok(dataOf(VoucherView), 'The voucher after the use'),
        tags: ['Vouchers'],
        summary: 'Count one use of a voucher by hand (managers of its tenant)',
        description:
          "For the voucher's tenant managers (`vouchers.manage` in the X-Team tenant), e.g. a use made outside the product. Clients never call it: booking with `voucherCode` redeems the voucher in the same transaction that takes the seats. Atomic: of many callers racing for the last use exactly one succeeds; 409 when used up or expired; another tenant's voucher is 404.",
      },
    },
  )
