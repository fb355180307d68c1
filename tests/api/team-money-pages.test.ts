/**
 * /c/settings's money forms: managers get the currency select (the supported currencies, fixed
 * once a booking is held or paid) and the "Tax and invoices" form with what is saved; other
 * members read them; a save through PATCH /v1/t shows on the next render.
 */
import { beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { Membership } from '../../src/modules/tenants/tenant.entity'
import { pageMemo } from '../../src/pages/screens/marketplace/cache'
import { type Actor, actor, app, em } from '../client'
import { book, world } from './bookings.fixtures'

setDefaultTimeout(90_000)

beforeAll(async () => {
  const { buildAssets } = await import('../../src/platform/assets/assets')
  await buildAssets()
  await import('../../src/pages/render')
  pageMemo.ttlMs = 0
}, 180_000)

async function page(path: string, who: Actor) {
  const res = await fetch(app().url + path, { redirect: 'manual', headers: { authorization: `Bearer ${who.client.bearer}` } })
  return { status: res.status, body: await res.text() }
}
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
function islandProps(html: string, name: string): any {
  const at = html.indexOf(`data-island="${name}"`)
  if (at < 0) return null
  const m = /<script type="application\/json" id="[^"]+-props">([\s\S]*?)<\/script>/.exec(html.slice(at))
  return m ? JSON.parse(m[1]!) : null
}

const PROFILE = { legalName: 'Berlin Coaching GmbH', address: 'Torstraße 1, 10119 Berlin', country: 'DE', taxId: 'DE136695976', registered: true }

describe('the team’s currency and tax on /c/settings', () => {
  test('managers edit them, other members read them; the currency is fixed once a booking is held', async () => {
    const w = await world({ price: 5000 })
    await em().nativeUpdate(Membership, { tenant: w.tenant.id, user: w.coach.user.id }, { roles: ['manager', 'coach'] })
    w.coach.client.withTeam(w.tenant.slug)
    const member = await actor({ roles: ['coach'], tenant: w.tenant })

    let r = await page('/c/settings', w.coach)
    expect(r.status).toBe(200)
    const currency = islandProps(r.body, 'team-currency')
    expect(currency).toMatchObject({ currency: 'usd', locked: false })
    expect(currency.options).toContainEqual({ value: 'jpy', label: 'JPY · Japanese Yen' })
    expect(currency.options).toContainEqual({ value: 'eur', label: 'EUR · Euro' })
    expect(currency.options.some((o: { value: string }) => o.value === 'kwd')).toBe(false)
    const tax = islandProps(r.body, 'team-tax')
    expect(tax.profile).toMatchObject({ registered: false, legalName: null, country: null })
    expect(tax.countries).toContainEqual({ value: 'DE', label: 'Germany' })
    expect(text(r.body)).toContain('Tax and invoices')

    expect((await w.coach.client.patch('/v1/t', { taxProfile: PROFILE, currency: 'eur' })).status).toBe(200)
    r = await page('/c/settings', w.coach)
    expect(islandProps(r.body, 'team-currency')).toMatchObject({ currency: 'eur', locked: false })
    expect(islandProps(r.body, 'team-tax').profile).toMatchObject({ ...PROFILE, pricesIncludeTax: false })

    const asMember = await page('/c/settings', member)
    expect(asMember.body).not.toContain('data-island="team-tax"')
    expect(asMember.body).not.toContain('data-island="team-currency"')
    expect(text(asMember.body)).toContain('Registered, DE136695976; prices exclude tax')
    expect(text(asMember.body)).toContain('EUR')

    // A held booking fixes the currency: the select comes disabled, with the reason.
    await em().execute(`update workshops set currency = 'eur' where id = ?`, [w.workshop.id])
    expect((await book(w.client, w.schedule.id, { billing: { country: 'DE' } })).status).toBe(201)
    r = await page('/c/settings', w.coach)
    expect(islandProps(r.body, 'team-currency')).toMatchObject({ currency: 'eur', locked: true })
    expect(text(r.body)).toContain('Fixed: the team has paid or held bookings')
  })
})
