/**
 * The pages a person sees at "Stripe" during Connect, served by the local server itself: the
 * hosted onboarding an account link opens (completed with one click, then `account.updated`
 * fires and the browser goes to the link's `return_url`), and the Express dashboard a login
 * link opens (balance, transfers received, payouts, and "Pay out now"). Plain HTML forms, no
 * script.
 */
import { completeOnboarding, TEST_BANK_ACCOUNTS } from './connect'
import { parseForm } from './form'
import { now, type Obj, type Store } from './store'
import { balanceOf, payOutAll } from './transfers'

const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
/** Minor units with the currency's own decimals (Intl knows ISO 4217's: JPY none). */
const money = (minor: number, currency: string) => {
  const digits = new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).resolvedOptions().maximumFractionDigits ?? 2
  return `${(minor / 10 ** digits).toFixed(digits)} ${currency.toUpperCase()}`
}
const date = (unix: number) => new Date(unix * 1000).toISOString().slice(0, 16).replace('T', ' ')

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f6f9fc; color: #1a1f36; }
  main { max-width: 40rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 8px; box-shadow: 0 1px 3px #0002; }
  h1 { font-size: 1.4rem; margin-top: 0; } h2 { font-size: 1.1rem; margin-top: 1.5rem; }
  .note { background: #fff8e1; border: 1px solid #f0d68a; padding: .5rem .75rem; border-radius: 6px; font-size: .9rem; }
  label { display: block; margin: .75rem 0 .25rem; font-weight: 600; }
  input, select { font: inherit; padding: .4rem .5rem; width: 100%; box-sizing: border-box; border: 1px solid #8792a2; border-radius: 4px; }
  .row { display: flex; gap: .75rem; flex-wrap: wrap; margin-top: 1.25rem; }
  button { font: inherit; padding: .55rem 1rem; border-radius: 6px; border: 1px solid #4b3fd1; background: #fff; color: #3a2fb8; cursor: pointer; }
  button.primary { background: #4b3fd1; color: #fff; }
  table { width: 100%; border-collapse: collapse; font-size: .9rem; } th, td { text-align: left; padding: .35rem .25rem; border-bottom: 1px solid #e3e8ee; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; } dt { color: #4f566b; } dd { margin: 0; }
`

export function html(title: string, body: string, status = 200) {
  return new Response(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`,
    { status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } },
  )
}

const redirect = (to: string) => new Response(null, { status: 303, headers: { location: to } })

const gone = (what: string) =>
  html(`${what} expired`, `<h1>This ${esc(what.toLowerCase())} has expired</h1><p>Go back to the platform and start again to get a new one.</p>`, 410)

function onboardingPage(a: Obj, token: string) {
  const banks = Object.entries(TEST_BANK_ACCOUNTS)
    .map(([n, b]) => `<option value="${n}">${n} (${esc(b.label)})</option>`)
    .join('')
  return html(
    'Set up payouts (test mode)',
    `<h1>Set up your Express account</h1>
    <p class="note">Test mode: the local Stripe-compatible server stands in for Stripe's hosted onboarding. Nothing you enter leaves this machine.</p>
    <dl><dt>Account</dt><dd>${esc(a.id)}</dd><dt>Country</dt><dd>${esc(a.country)}</dd><dt>Currency</dt><dd>${esc(a.default_currency.toUpperCase())}</dd>${a.email ? `<dt>Email</dt><dd>${esc(a.email)}</dd>` : ''}</dl>
    <form method="post" action="/connect/onboarding/${esc(token)}">
      <label for="name">Legal name</label><input id="name" name="name" autocomplete="name" value="Test Coach">
      <label for="bank">Bank account for payouts (test numbers)</label><select id="bank" name="bank">${banks}</select>
      <div class="row">
        <button class="primary" type="submit" name="action" value="complete">Complete onboarding</button>
        <button type="submit" name="action" value="partial">Submit without a bank account</button>
        <button type="submit" name="action" value="later">Finish later</button>
      </div>
    </form>`,
  )
}

function expressPage(s: Store, a: Obj, token: string) {
  const bal = balanceOf(s, a.id)
  const transfers = s.all('transfer').filter((t) => t.destination === a.id)
  const payouts = s.all('payout').filter((p) => p.account === a.id)
  const bank = a.external_accounts.data[0]
  return html(
    'Express dashboard (test mode)',
    `<h1>${esc(a.email ?? a.id)}</h1>
    <p class="note">Test mode: the local Stripe-compatible server's stand-in for the Express dashboard.</p>
    <dl><dt>Account</dt><dd>${esc(a.id)}</dd><dt>Payouts</dt><dd>${a.payouts_enabled ? 'Enabled' : 'Disabled'}</dd><dt>Bank account</dt><dd>${bank ? `•••• ${esc(bank.last4)}` : 'None'}</dd></dl>
    <h2>Balance</h2>
    <ul>${bal.available.map((b) => `<li>${money(b.amount, b.currency)} available</li>`).join('')}</ul>
    <form method="post" action="/connect/express/${esc(token)}/payout"><button class="primary" type="submit">Pay out now</button></form>
    <h2>Transfers received</h2>
    ${
      transfers.length
        ? `<table><thead><tr><th scope="col">Date</th><th scope="col">Transfer</th><th scope="col">Amount</th><th scope="col">Reversed</th></tr></thead><tbody>${transfers
            .map(
              (t) =>
                `<tr><td>${date(t.created)}</td><td>${esc(t.id)}</td><td>${money(t.amount, t.currency)}</td><td>${money(t.amount_reversed, t.currency)}</td></tr>`,
            )
            .join('')}</tbody></table>`
        : '<p>None yet.</p>'
    }
    <h2>Payouts</h2>
    ${
      payouts.length
        ? `<table><thead><tr><th scope="col">Date</th><th scope="col">Payout</th><th scope="col">Amount</th><th scope="col">Status</th></tr></thead><tbody>${payouts
            .map((p) => `<tr><td>${date(p.created)}</td><td>${esc(p.id)}</td><td>${money(p.amount, p.currency)}</td><td>${esc(p.status)}</td></tr>`)
            .join('')}</tbody></table>`
        : '<p>None yet.</p>'
    }`,
  )
}

/** Answers the Connect pages (`/connect/...`), or null for any other path. */
export async function connectPage(s: Store, request: Request, url: URL): Promise<Response | null> {
  const m = /^\/connect\/(onboarding|express)\/([\w-]+)(\/payout)?$/.exec(url.pathname)
  if (!m) return null
  const [, kind, token, payout] = m
  if (kind === 'onboarding' && !payout) {
    const link = s.links.get(token)
    if (!link) return html('Not found', '<h1>This onboarding link does not exist</h1>', 404)
    if (link.used || link.expiresAt < now()) return link.refreshUrl ? redirect(link.refreshUrl) : gone('Onboarding link')
    const account = s.get('account', link.account)
    if (request.method === 'GET') return onboardingPage(account, token)
    if (request.method !== 'POST') return html('Not allowed', '<h1>Method not allowed</h1>', 405)
    const form = parseForm(await request.text())
    link.used = true
    const action = form.action === 'partial' || form.action === 'later' ? form.action : 'complete'
    if (action !== 'later') completeOnboarding(s, account.id, action, typeof form.bank === 'string' ? form.bank : undefined)
    return link.returnUrl ? redirect(link.returnUrl) : html('Done', '<h1>Onboarding saved</h1><p>You can close this page.</p>')
  }
  if (kind === 'express') {
    const login = s.logins.get(token)
    if (!login || login.expiresAt < now()) return gone('Login link')
    const account = s.get('account', login.account)
    if (payout && request.method === 'POST') {
      try {
        payOutAll(s, account.id)
      } catch {}
      return redirect(`/connect/express/${token}`)
    }
    if (request.method === 'GET' && !payout) return expressPage(s, account, token)
  }
  return html('Not found', '<h1>Not found</h1>', 404)
}
