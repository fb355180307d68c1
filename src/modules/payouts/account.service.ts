/**
 * A coach's Stripe Connect Express account: made on the first "Set up payouts" (the row first,
 * its id the idempotency key, so two clicks or two servers make one account), onboarded through
 * Stripe's hosted pages (an Account Link), kept in step by `account.updated` and by a fetch when
 * the coach comes back. Once payouts are enabled the link opens the Express dashboard instead.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import type Stripe from 'stripe'
import { config } from '../../config'
import { recordAudit } from '../../platform/audit'
import { clock } from '../../platform/clock'
import { transaction } from '../../platform/db/after-commit'
import { log } from '../../platform/log'
import { callStripe, isMissing, stripe } from '../payments'
import type { User } from '../users'
import { ConnectedAccount } from './payout.entity'

export type AccountStatus = 'none' | 'pending' | 'enabled' | 'restricted'

export const accountOf = (em: EntityManager, userId: string) => em.fork().findOne(ConnectedAccount, { user: userId })

/** Transfers may go to it: payouts enabled and the transfers capability active. */
export const isEnabled = (a: ConnectedAccount | null | undefined) => Boolean(a?.stripeAccountId && a.payoutsEnabled && a.transfersActive)

export function accountStatus(a: ConnectedAccount | null): AccountStatus {
  if (!a?.stripeAccountId) return 'none'
  if (isEnabled(a)) return 'enabled'
  return a.detailsSubmitted ? 'restricted' : 'pending'
}

export function serializeAccount(a: ConnectedAccount | null) {
  return {
    status: accountStatus(a),
    payoutsEnabled: Boolean(a?.payoutsEnabled),
    chargesEnabled: Boolean(a?.chargesEnabled),
    requirements: a?.stripeAccountId ? [...(a.requirements ?? [])] : [],
    country: a?.country ?? null,
    defaultCurrency: a?.defaultCurrency ?? null,
  }
}

/** The fields of a Stripe account we keep. */
function fieldsOf(acct: Stripe.Account) {
  const req = acct.requirements
  const due = [...new Set([...(req?.past_due ?? []), ...(req?.currently_due ?? [])])]
  return {
    country: acct.country ?? null,
    defaultCurrency: acct.default_currency ?? null,
    detailsSubmitted: Boolean(acct.details_submitted),
    chargesEnabled: Boolean(acct.charges_enabled),
    payoutsEnabled: Boolean(acct.payouts_enabled),
    transfersActive: acct.capabilities?.transfers === 'active',
    requirements: due,
    disabledReason: req?.disabled_reason ?? null,
    syncedAt: clock.now(),
  }
}

type EnabledHook = (coachId: string) => Promise<void>
const enabledHooks: EnabledHook[] = []

/** Runs `fn` when a coach's account becomes able to receive transfers, whichever path saw it first. */
export function onAccountEnabled(fn: EnabledHook) {
  enabledHooks.push(fn)
}

/**
 * Stores what Stripe says of an account (from the API or an `account.updated` event). Answers
 * the row and whether it just became able to receive transfers; then the waiting money goes
 * (`onAccountEnabled`), whether the webhook, the return from onboarding or another sync saw it
 * first (the others then see no change).
 */
export async function applyAccount(em: EntityManager, acct: Stripe.Account) {
  const m = em.fork()
  const row = await m.findOne(ConnectedAccount, { stripeAccountId: acct.id })
  if (!row) return { row: null, becameEnabled: false }
  const was = isEnabled(row)
  m.assign(row, fieldsOf(acct))
  await m.flush()
  const becameEnabled = !was && isEnabled(row)
  if (becameEnabled)
    for (const fn of enabledHooks)
      await fn(row.user.id).catch((err) =>
        log.warn({ account: acct.id, err: err instanceof Error ? err.message : String(err) }, 'account enabled: hook failed'),
      )
  return { row, becameEnabled }
}

/** Fetches the account from Stripe and stores it; an account Stripe no longer has is forgotten. */
export async function syncAccount(em: EntityManager, row: ConnectedAccount) {
  if (!row.stripeAccountId) return { row, becameEnabled: false }
  try {
    const acct = await stripe().accounts.retrieve(row.stripeAccountId)
    return await applyAccount(em, acct)
  } catch (err) {
    if (!isMissing(err)) throw err
    log.warn({ account: row.stripeAccountId }, 'connected account no longer at Stripe: forgotten')
    await em.fork().nativeDelete(ConnectedAccount, { id: row.id })
    return { row: null, becameEnabled: false }
  }
}

/** The coach's row with a Stripe account behind it, made if missing (exactly one per coach). */
export async function ensureAccount(em: EntityManager, user: User, tenantId: string | null) {
  const conn = em.getConnection()
  await conn.execute(`insert into connected_accounts (id, created_at, updated_at, user_id) values (?, now(), now(), ?) on conflict (user_id) do nothing`, [
    Bun.randomUUIDv7(),
    user.id,
  ])
  let row = await em.fork().findOneOrFail(ConnectedAccount, { user: user.id })
  if (row.stripeAccountId) return row
  const country = user.profile?.country && /^[A-Z]{2}$/.test(user.profile.country) ? user.profile.country : undefined
  const acct = await callStripe(() =>
    stripe().accounts.create(
      {
        type: 'express',
        ...(country ? { country } : {}),
        email: user.email,
        capabilities: { transfers: { requested: true }, card_payments: { requested: true } },
        // Stripe wants a public https address for the business; a local APP_URL is left out.
        business_profile: {
          product_description: 'Workshops and coaching sessions',
          ...(user.username && config.APP_URL.startsWith('https://') ? { url: `${config.APP_URL}/${user.username}` } : {}),
        },
        metadata: { userId: user.id, ...(tenantId ? { tenantId } : {}), connectedAccountId: row.id },
      },
      { idempotencyKey: `summit-account-${row.id}` },
    ),
  )
  const linked = fieldsOf(acct)
  await transaction(em.fork(), async (tem) => {
    const set = await tem.nativeUpdate(ConnectedAccount, { id: row.id, stripeAccountId: null }, { stripeAccountId: acct.id, ...linked })
    // The payout account linked, in the team's audit log (its Stripe id is no secret; nothing of the bank is kept here).
    if (set)
      await recordAudit(tem, {
        tenantId,
        action: 'payout_account.created',
        resource: 'payout_account',
        resourceId: row.id,
        after: { stripeAccountId: acct.id, country: linked.country, defaultCurrency: linked.defaultCurrency },
        ownerId: user.id,
      })
  })
  row = await em.fork().findOneOrFail(ConnectedAccount, { id: row.id })
  return row
}

export const PAYOUTS_PAGE = '/c/account/payouts'

/**
 * Where "Set up payouts" (or "Open the Express dashboard") sends the coach: Stripe's hosted
 * onboarding until payouts are enabled, the Express dashboard afterwards.
 */
export async function accountLink(em: EntityManager, user: User, tenantId: string | null): Promise<{ url: string; kind: 'onboarding' | 'dashboard' }> {
  const link = await makeLink(em, user, tenantId)
  // Opening the way to change where the money goes is recorded (the bank details themselves stay at Stripe).
  await recordAudit(em.fork(), {
    tenantId,
    action: `payout_account.${link.kind}_link`,
    resource: 'payout_account',
    resourceId: link.rowId,
    after: { kind: link.kind },
    ownerId: user.id,
  })
  return { url: link.url, kind: link.kind }
}

async function makeLink(em: EntityManager, user: User, tenantId: string | null): Promise<{ url: string; kind: 'onboarding' | 'dashboard'; rowId: string }> {
  let row = await ensureAccount(em, user, tenantId)
  // An account that finished onboarding meanwhile (the webhook may not be here yet).
  if (!isEnabled(row)) {
    const synced = await syncAccount(em, row)
    row = synced.row ?? (await ensureAccount(em, user, tenantId))
  }
  if (isEnabled(row)) {
    const id = row.stripeAccountId!
    try {
      const login = await stripe().accounts.createLoginLink(id)
      return { url: login.url, kind: 'dashboard', rowId: row.id }
    } catch (err) {
      if (!isMissing(err)) return callStripe(() => Promise.reject(err))
      // Stripe no longer has it (deleted there): forgotten, and set up afresh.
      await syncAccount(em, row)
      row = await ensureAccount(em, user, tenantId)
    }
  }
  const id = row.stripeAccountId!
  const page = `${config.APP_URL}${PAYOUTS_PAGE}`
  const link = await callStripe(() =>
    stripe().accountLinks.create({
      account: id,
      type: 'account_onboarding',
      refresh_url: `${page}?onboarding=refresh`,
      return_url: `${page}?onboarding=return`,
    }),
  )
  return { url: link.url, kind: 'onboarding', rowId: row.id }
}
