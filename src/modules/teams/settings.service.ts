/**
 * A team's settings page: its name, slug, currency, default refund policy, tax profile and plan,
 * the plan's limits in use (counted by the very functions the limit checks call) and what each
 * plan allows; and the changes of its money settings (currency, tax profile).
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { transaction } from '../../platform/db/after-commit'
import { fieldError } from '../../platform/http/errors'
import { exponentOf } from '../../shared/money'
import { countOpenJobPostings } from '../job-postings'
import { changeSessionTypesCurrency } from '../sessions'
import { loadTaxProfile, saveTaxProfile, serializeTaxProfile, type TaxProfileInput } from '../tax'
import { Membership, PLAN_LIMITS, TENANT_PLANS, type Tenant, type TenantPlan } from '../tenants'
import { rescaleTeamVouchers } from '../vouchers'
import { changeTeamCurrency, countPublishedSchedules, setTeamPriceNotes } from '../workshops'
import { TEAM_MESSAGES } from './team.schema'

/** Bookings that fix the team's currency: paid (even if refunded since), or held and waiting for payment. */
const LOCKING_BOOKINGS = `select 1 from bookings b where b.tenant_id = ? and (b.amount_paid > 0 or (b.status = 'PENDING' and b.amount_due > 0))`

export async function teamSettings(em: EntityManager, tenant: Tenant) {
  const limits = PLAN_LIMITS[tenant.plan as TenantPlan]
  const published = await countPublishedSchedules(em, tenant.id)
  const open = await countOpenJobPostings(em, tenant.id)
  const members = await em.count(Membership, { tenant: tenant.id, status: 'ACTIVE' })
  const [locked] = await em.execute(`select exists (${LOCKING_BOOKINGS}) as locked`, [tenant.id])
  return {
    id: tenant.id,
    name: tenant.name,
    slug: tenant.slug,
    currency: tenant.currency,
    currencyLocked: !!locked?.locked,
    plan: tenant.plan as string,
    refundPolicy: tenant.refundPolicy ?? null,
    taxProfile: serializeTaxProfile(await loadTaxProfile(em, tenant.id)),
    members,
    limits: {
      publishedSchedules: { used: published, max: limits.publishedSchedules },
      openJobPostings: { used: open, max: limits.openJobPostings },
    },
    plans: TENANT_PLANS.map((plan) => ({ plan, ...PLAN_LIMITS[plan] })),
  }
}
export type TeamSettings = Awaited<ReturnType<typeof teamSettings>>

/**
 * The team sells in `to` from now on, with its workshops' and session types' prices and its
 * vouchers' amounts moved to it (the amounts typed stay, rescaled to the new minor unit): one
 * transaction, and only while no booking is paid or held (the guarded UPDATE decides; a booking made meanwhile keeps its own
 * currency). 422 on `currency` otherwise.
 */
export async function changeCurrency(em: EntityManager, tenant: Tenant, to: string) {
  const from = tenant.currency
  if (to === from) return
  await transaction(em.fork() as EntityManager, async (tem) => {
    const changed = await tem.execute(`update tenants set currency = ?, updated_at = now() where id = ? and not exists (${LOCKING_BOOKINGS}) returning id`, [
      to,
      tenant.id,
      tenant.id,
    ])
    if (!changed.length) throw fieldError('currency', TEAM_MESSAGES.currencyLocked)
    await changeTeamCurrency(tem, tenant.id, from, to)
    await changeSessionTypesCurrency(tem, tenant.id, from, to)
    await rescaleTeamVouchers(tem, tenant.id, exponentOf(to) - exponentOf(from))
  })
  tenant.currency = to
}

/** Saves the tax profile and sets the note beside every price of the team, in one transaction. */
export async function changeTaxProfile(em: EntityManager, tenant: Tenant, input: TaxProfileInput) {
  await transaction(em.fork() as EntityManager, async (tem) => {
    const { priceNote } = await saveTaxProfile(tem, tenant.id, input)
    await setTeamPriceNotes(tem, tenant.id, priceNote)
  })
}
