/**
 * Demo payouts: Maya (maya@acme.example) has an enabled Stripe Express account and the money
 * of her past sessions (past their refund window) already transferred, part of it paid out to
 * her bank; Leo (leo@acme.example) has no account, so his money waits on the platform.
 *
 * Connected accounts, charges and transfers live at the payment provider, and the local
 * Stripe-compatible server keeps them in memory: on every start of a demo (local payments
 * only) `ensureDemoPayouts` gives Maya an onboarded account there again (onboarded through the
 * hosted page, one click, as a person would) and pays again at the provider, without booking
 * metadata, the demo payments whose money still waits, so their transfers can be made. Only the
 * demo's own payments: their bookings carry `meta.demo` (set when the demo is loaded; the
 * payment ids change on the first restart, so they cannot tell). A payment someone made in the
 * app is never touched: its ids stay what the provider answered, so its refund finds it.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { config } from '../config'
import { paymentsMode, stripe } from '../modules/payments'
import { ConnectedAccount, netOf, settleSchedule, syncAccount } from '../modules/payouts'
import { User } from '../modules/users'
import { log } from '../platform/log'

const HOUR = 3_600_000

export async function seedPayouts(em: EntityManager) {
  // Every paid demo booking has its card payment (the payment trigger gives it its transfer row).
  await em.execute(`insert into payments (id, created_at, updated_at, tenant_id, booking_id, user_id, kind, status, amount, amount_refunded,
                      currency, provider, payment_intent_id, charge_id, card_brand, card_last4)
                    select gen_random_uuid(), coalesce(b.confirmed_at, b.created_at), coalesce(b.confirmed_at, b.created_at), b.tenant_id, b.id, b.user_id,
                      'payment', 'succeeded', b.amount_paid, 0, b.currency, 'stripe', 'pi_demo_' || substr(b.id::text, 25), 'ch_demo_' || substr(b.id::text, 25), 'visa', '4242'
                    from bookings b where b.amount_paid > 0 and not exists (select 1 from payments p where p.booking_id = b.id)`)
  // Those bookings are the demo's: marked so a later start knows which payments it may pay again.
  await em.execute(`update bookings b set meta = coalesce(b.meta, '{}'::jsonb) || '{"demo": true}'::jsonb
                    where exists (select 1 from payments p where p.booking_id = b.id and p.payment_intent_id like 'pi\\_demo\\_%')`)
  const maya = await em.findOne(User, { username: 'maya' }, { filters: false })
  if (!maya) return
  em.create(ConnectedAccount, {
    user: maya,
    stripeAccountId: 'acct_demo_maya',
    country: 'GB',
    defaultCurrency: 'gbp',
    detailsSubmitted: true,
    chargesEnabled: true,
    payoutsEnabled: true,
    transfersActive: true,
    requirements: [],
    syncedAt: new Date(),
  })
  await em.flush()
  // Her sessions past their refund window: transferred a day after it closed.
  const due = new Date(Date.now() - config.PAYOUT_REFUND_WINDOW_HOURS * HOUR)
  const rows = await em.execute<any[]>(
    `select t.id, t.workshop_schedule_id, s.end_date,
            coalesce(sum(p.amount) filter (where p.kind = 'payment' and p.status in ('succeeded', 'refunded')), 0)::int as gross,
            coalesce(sum(p.amount) filter (where p.kind = 'refund' and p.status in ('pending', 'succeeded')), 0)::int as refunded
       from payout_transfers t join workshop_schedules s on s.id = t.workshop_schedule_id left join payments p on p.booking_id = t.booking_id
      where t.coach_id = ? and s.end_date <= ? group by t.id, s.end_date order by s.end_date`,
    [maya.id, due],
  )
  const pct = config.PLATFORM_FEE_PERCENT
  let transferred = 0
  for (const r of rows) {
    const base = Math.max(r.gross - r.refunded, 0)
    const net = netOf(base, pct)
    const at = new Date(new Date(r.end_date).getTime() + (config.PAYOUT_REFUND_WINDOW_HOURS + 1) * HOUR)
    await em.execute(
      `update payout_transfers set state = ?, gross = ?, refunded = ?, fee_percent = ?, fee = ?, amount = ?, destination = 'acct_demo_maya',
              stripe_transfer_id = ?, transferred_at = ? where id = ?`,
      [net > 0 ? 'transferred' : 'void', r.gross, r.refunded, pct, base - net, net, net > 0 ? `tr_demo_${r.id.slice(24)}` : null, net > 0 ? at : null, r.id],
    )
    transferred += net
  }
  for (const id of new Set(rows.map((r) => r.workshop_schedule_id as string))) await settleSchedule(em, id)
  // Stripe paid most of it out to her bank.
  const account = await em.findOneOrFail(ConnectedAccount, { user: maya.id })
  if (transferred > 0) {
    await em.execute(
      `insert into connect_payouts (id, created_at, updated_at, account_id, stripe_payout_id, amount, currency, status, arrival_date)
       values (gen_random_uuid(), now() - interval '5 days', now() - interval '5 days', ?, 'po_demo_maya_1', ?, 'usd', 'paid', now() - interval '3 days')`,
      [account.id, Math.round(transferred * 0.8)],
    )
  }
  log.info({ transferred }, 'demo payouts loaded')
}

/** Local payments only: the provider's side of the demo payouts, again on every start. */
export async function ensureDemoPayouts(em: EntityManager) {
  if (paymentsMode() !== 'local') return
  try {
    await ensureMayaAccount(em)
    await payWaitingDemoCharges(em)
  } catch (err) {
    log.warn({ err: err instanceof Error ? err.message : err }, 'demo payouts not restored at the local payment server')
  }
}

async function ensureMayaAccount(em: EntityManager) {
  const maya = await em.findOne(User, { username: 'maya' }, { filters: false })
  const row = maya ? await em.fork().findOne(ConnectedAccount, { user: maya.id }) : null
  if (!maya || !row?.stripeAccountId) return
  const known = await stripe()
    .accounts.retrieve(row.stripeAccountId)
    .then(() => true)
    .catch(() => false)
  if (known) return
  const acct = await stripe().accounts.create({
    type: 'express',
    country: 'GB',
    email: maya.email,
    capabilities: { transfers: { requested: true }, card_payments: { requested: true } },
    metadata: { userId: maya.id, connectedAccountId: row.id },
  })
  await em.fork().nativeUpdate(ConnectedAccount, { id: row.id }, { stripeAccountId: acct.id })
  await em.execute(`update payout_transfers set destination = ? where coach_id = ? and destination is not null`, [acct.id, maya.id])
  const page = `${config.APP_URL}/c/account/payouts`
  const link = await stripe().accountLinks.create({ account: acct.id, type: 'account_onboarding', refresh_url: page, return_url: page })
  // The hosted onboarding, completed with its one button.
  await fetch(link.url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action: 'complete', bank: '000123456789' }),
    redirect: 'manual',
  })
  await syncAccount(em, (await em.fork().findOneOrFail(ConnectedAccount, { id: row.id }))!)
}

/**
 * Demo payments whose money still waits for a transfer get a charge the local server knows. The
 * demo's own only: a booking marked `meta.demo`, or (a demo loaded before that mark) a payment
 * still holding its seeded `pi_demo_` id.
 */
async function payWaitingDemoCharges(em: EntityManager) {
  const rows = await em.execute<any[]>(
    `select p.id, p.amount, p.currency, p.charge_id from payments p join payout_transfers t on t.booking_id = p.booking_id
       join bookings b on b.id = p.booking_id
      where t.state = 'pending' and p.kind = 'payment' and p.status = 'succeeded' and p.amount_refunded = 0 and p.charge_id is not null
        and (b.meta->>'demo' = 'true' or p.payment_intent_id like 'pi\\_demo\\_%')`,
  )
  for (const r of rows) {
    const known = await stripe()
      .charges.retrieve(r.charge_id)
      .then(() => true)
      .catch(() => false)
    if (known) continue
    const pi = await stripe().paymentIntents.create({
      amount: r.amount,
      currency: r.currency,
      payment_method: 'pm_card_visa',
      confirm: true,
      description: 'Demo payment',
    })
    await em.execute(`update payments set payment_intent_id = ?, charge_id = ? where id = ?`, [pi.id, pi.latest_charge as string, r.id])
  }
}
