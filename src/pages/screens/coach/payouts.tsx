/**
 * /c/account/payouts: the coach's payout account (the "Set up payouts" step, then its state,
 * what Stripe still needs, the Express dashboard), the balance per currency and how it
 * reconciles to the bookings, the transfers of each paid booking, and the CSV of the ledger.
 */
import { css } from 'styled-system/css'
import { coachWorkshopRatings } from '../../../modules/coach'
import { accountOf, coachBalance, serializeAccount, syncAccount, transferSessions } from '../../../modules/payouts'
import { log } from '../../../platform/log'
import { PAYOUT_ACCOUNT_STATUS } from '../../../shared/vocabulary'
import { Island } from '../../island'
import type { PageContext, PageModule } from '../../routes'
import { loadTableData, tableView } from '../../tables'
import { useTz } from '../client/parts'
import { card, fmtDateTime, money, muted, outlineLink, PageHeader, Stat, Status, stack } from './ui'

async function load(ctx: PageContext) {
  const user = ctx.user!
  const onboarding = ctx.url.searchParams.get('onboarding')
  let account = await accountOf(ctx.em, user.id)
  // Back from Stripe's onboarding: what it says now (its webhook may still be on its way).
  if (onboarding === 'return' && account?.stripeAccountId) {
    account = await syncAccount(ctx.em, account)
      .then((r) => r.row)
      .catch((err) => {
        log.warn({ err: err instanceof Error ? err.message : err }, 'payout account not synced')
        return account
      })
  }
  // The Session filter follows the chosen workshop (its sessions): offered once a workshop is.
  const workshop = ctx.url.searchParams.get('workshop')
  const bySession = !!(workshop || ctx.url.searchParams.get('schedule'))
  const [balance, workshops, sessions] = await Promise.all([
    coachBalance(ctx.em, user.id),
    // The account's payouts, from every team the coach works in.
    coachWorkshopRatings(ctx.em, user.id, null, { everyTeam: true, selected: workshop }),
    bySession ? transferSessions(ctx.em, user.id, workshop) : [],
  ])
  const table = await loadTableData(ctx, 'coach-transfers', {
    options: {
      workshop: workshops.map((w): [string, string] => [w.id, w.title]),
      // Within the chosen workshop a session is its start.
      schedule: sessions.map((s): [string, string] => [
        s.id,
        workshop ? fmtDateTime(s.startDate, s.timezone) : `${s.title}, ${fmtDateTime(s.startDate, s.timezone)}`,
      ]),
    },
    reload: true,
  })
  return { account: serializeAccount(account), balance, table, onboarding, bySession }
}
type Data = Awaited<ReturnType<typeof load>>

/** Stripe's requirement names in words (grouped: one line per kind of thing still due). */
function requirementLabels(names: string[]) {
  const out = new Set<string>()
  for (const n of names) {
    if (n === 'external_account') out.add('A bank account for your payouts')
    else if (n.startsWith('tos_acceptance')) out.add("Accepting Stripe's terms of service")
    else if (n.startsWith('individual.') || n.startsWith('person_') || n.startsWith('representative.'))
      out.add('Your personal details (name, date of birth, address, phone)')
    else if (n.startsWith('business_profile') || n === 'business_type' || n.startsWith('company.')) out.add('Details of your business')
    else if (n.includes('verification')) out.add('Proof of identity')
    else out.add(n.replace(/[._]/g, ' '))
  }
  return [...out]
}

const ACCOUNT_TEXT = {
  none: {
    title: 'Set up payouts',
    badge: null,
    text: 'Connect a Stripe account once and the money of each paid booking is transferred to it after the session. Stripe asks for your details and your bank account on its own secure pages, then sends you back here.',
  },
  pending: {
    title: 'Finish setting up payouts',
    badge: PAYOUT_ACCOUNT_STATUS.pending,
    text: 'Your Stripe account is made, but Stripe still needs a few details before it can pay you.',
  },
  restricted: {
    title: 'Payout account',
    badge: PAYOUT_ACCOUNT_STATUS.restricted,
    text: 'Stripe has your details but needs more before payouts can start again.',
  },
  // The state is said once: by the badge, beside a title that names the thing.
  enabled: {
    title: 'Payout account',
    badge: PAYOUT_ACCOUNT_STATUS.enabled,
    text: 'Your money is transferred to your Stripe account after each session; Stripe pays it out to your bank. See the transfers and payouts in the Express dashboard.',
  },
} as const

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' })

function AccountCard({ account, onboarding, currencies }: Pick<Data, 'account' | 'onboarding'> & { currencies: string[] }) {
  const t = ACCOUNT_TEXT[account.status]
  const due = requirementLabels(account.requirements)
  const bank = account.defaultCurrency?.toUpperCase() ?? null
  // Amounts stay in the currency the workshops were sold in; Stripe converts when the bank's differs.
  const converted = bank ? currencies.map((c) => c.toUpperCase()).filter((c) => c !== bank) : []
  return (
    <section className={card} aria-labelledby="payout-account">
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center', justifyContent: 'space-between' })}>
        <h2 id="payout-account" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
          {t.title}
        </h2>
        {t.badge && <Status value={account.status === 'enabled' ? 'CONFIRMED' : account.status === 'restricted' ? 'CANCELLED' : 'PENDING'} label={t.badge} />}
      </div>
      {onboarding === 'refresh' && (
        <p role="status" className={muted}>
          The setup link expired before it was finished. Start again: Stripe keeps what you already entered.
        </p>
      )}
      {onboarding === 'return' && account.status !== 'enabled' && account.status !== 'none' && (
        <p role="status" className={muted}>
          Thanks: Stripe has what you sent. Payouts start once Stripe has everything it needs.
        </p>
      )}
      <p>{t.text}</p>
      {account.status === 'enabled' && (
        <dl className={css({ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: '4', rowGap: '1', fontSize: 'sm' })}>
          <dt className={muted}>Country</dt>
          <dd data-testid="account-country">{account.country ? (regionNames.of(account.country) ?? account.country) : '—'}</dd>
          <dt className={muted}>Bank currency</dt>
          <dd data-testid="account-currency">{bank ?? '—'}</dd>
        </dl>
      )}
      {account.status === 'enabled' && converted.length > 0 && (
        <p className={muted} data-testid="currency-note">
          Your bookings are paid in {converted.join(' and ')}, so the amounts on this page are in{' '}
          {converted.length === 1 ? 'that currency' : 'those currencies'}. Stripe converts each transfer to {bank} at its exchange rate when it pays out to your
          bank; the Express dashboard shows the converted amounts.
        </p>
      )}
      {due.length > 0 && account.status !== 'enabled' && (
        <div>
          <p className={css({ fontWeight: 'medium' })}>Stripe still needs:</p>
          <ul className={css({ listStyle: 'disc', pl: '5' })} data-testid="requirements">
            {due.map((d) => (
              <li key={d}>{d}</li>
            ))}
          </ul>
        </div>
      )}
      <Island name="coach-payouts" props={{ status: account.status }} />
      {account.status !== 'enabled' && (
        <p className={muted} data-testid="money-waits">
          You can sell before this is done: the money of your bookings waits on the platform and is transferred to you once your account is enabled.
        </p>
      )}
    </section>
  )
}

function Balance({ balance, enabled }: Pick<Data, 'balance'> & { enabled: boolean }) {
  if (!balance.length) {
    return (
      <section className={card} aria-labelledby="balance">
        <h2 id="balance" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
          Balance
        </h2>
        <p className={muted}>Nothing yet: your balance grows with each paid booking.</p>
      </section>
    )
  }
  return (
    <>
      {balance.map((b) => {
        const id = balance.length > 1 ? `-${b.currency}` : ''
        return (
          <section key={b.currency} aria-labelledby={`balance${id}`} className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
            <h2 id={`balance${id}`} className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
              Balance{balance.length > 1 ? ` in ${b.currency.toUpperCase()}` : ''}
            </h2>
            <div
              className={css({
                display: 'grid',
                gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
                gap: { base: '3', md: '4' },
              })}
            >
              <Stat label="Pending" value={money(b.pending, b.currency)} hint="Sessions not over, or in their refund window" testId={`balance-pending${id}`} />
              <Stat
                label="Available to transfer"
                value={money(b.available, b.currency)}
                hint={enabled ? 'Due to you, on its way to your account' : 'Due to you: waits for your payout account'}
                testId={`balance-available${id}`}
              />
              <Stat label="Transferred" value={money(b.transferred, b.currency)} hint="In your Stripe account" testId={`balance-transferred${id}`} />
              <Stat label="Paid out" value={money(b.paidOut, b.currency)} hint="From Stripe to your bank" testId={`balance-paid-out${id}`} />
            </div>
            <p className={muted} data-testid={`reconciliation${id}`}>
              Paid bookings {money(b.gross, b.currency)} − refunds {money(b.refunded, b.currency)} − platform fee {money(b.fee, b.currency)} = your net{' '}
              {money(b.net, b.currency)} = pending + available + transferred
              {b.reversing ? ` (${money(b.reversing, b.currency)} of refunds still being taken back from transfers)` : ''}.
            </p>
          </section>
        )
      })}
    </>
  )
}

function Page({ data }: { data: Data }) {
  const tz = useTz()
  const f = data.table.state.filters
  const csv = new URLSearchParams()
  if (f.workshop) csv.set('filter[workshop]', f.workshop)
  const transfers = tableView(data.table, tz, 'Transfers')
  if (!data.bySession) transfers.filters = transfers.filters.filter((x) => x.key !== 'schedule')
  return (
    <div className={stack}>
      <PageHeader
        title="Payouts"
        subtitle="Your money from paid bookings, and where it is on its way to you."
        actions={
          <a className={outlineLink} href={`/v1/coach/payouts.csv${csv.size ? `?${csv}` : ''}`} download>
            Export CSV
          </a>
        }
      />
      <AccountCard account={data.account} onboarding={data.onboarding} currencies={data.balance.map((b) => b.currency)} />
      <Balance balance={data.balance} enabled={data.account.status === 'enabled'} />
      <section aria-labelledby="transfers" className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
        <h2 id="transfers" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
          Transfers
        </h2>
        <Island name="data-table" props={transfers} />
      </section>
    </div>
  )
}

export default { title: 'Payouts', stream: true, load, Page } satisfies PageModule<Data>
