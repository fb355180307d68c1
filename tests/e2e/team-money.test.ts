/**
 * A manager sets the team's tax profile on /c/settings in Chromium: a tax ID that fails its
 * country's check shows the schema's message under the field (nothing is saved), a valid one
 * saves, and the currency select changes what the team sells in.
 */
import { describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { Locator } from 'playwright-core'
import { Membership } from '../../src/modules/tenants/tenant.entity'
import { User } from '../../src/modules/users/user.entity'
import { actor, em, tenant } from '../client'
import { noProblems, openAs, useBrowser } from './browser'
import { visit } from './client-fixtures'

setDefaultTimeout(120_000)
useBrowser()

const shows = (l: Locator) => l.first().waitFor({ state: 'visible' })

describe('the team’s money settings', () => {
  test('tax ID checked for its country under the field; a valid profile saves; the currency changes', async () => {
    const t = await tenant()
    const manager = await actor({ roles: ['coach'], tenant: t })
    await em().nativeUpdate(Membership, { tenant: t.id, user: manager.user.id }, { roles: ['manager', 'coach'] })
    await em().nativeUpdate(User, { id: manager.user.id }, { defaultTenantSlug: t.slug })
    const s = await openAs(await em().findOneOrFail(User, { id: manager.user.id }))
    const { page } = s
    await visit(page, '/c/settings')
    const form = page.getByRole('form', { name: 'Tax and invoices' })
    await shows(form)
    await form.getByText('Registered for VAT or sales tax').click()
    await form.getByLabel('Legal name').fill('Berlin Coaching GmbH')
    await form.getByLabel('Country').selectOption('DE')
    await form.getByLabel('Tax ID').fill('DE136695975')
    await form.getByLabel('Address').fill('Torstraße 1, 10119 Berlin')
    await form.getByRole('button', { name: 'Save tax and invoices' }).click()
    await shows(form.getByText('Please enter a valid VAT ID of DE'))
    const stored = async () => (await em().execute(`select tax_id from tax_profiles where tenant_id = ?`, [t.id]))[0]?.tax_id ?? null
    expect(await stored()).toBeNull()

    await form.getByLabel('Tax ID').fill('DE136695976')
    await form.getByRole('button', { name: 'Save tax and invoices' }).click()
    await shows(page.getByText('Tax and invoices saved'))
    expect(await stored()).toBe('DE136695976')

    // The team's own rate replaces the table's: a rate over 100 % is refused under its field, 7 % saves.
    const rates = form.getByTestId('tax-rates')
    await rates.getByRole('button', { name: 'Add a rate' }).click()
    await rates.getByLabel('Country of rate 1').selectOption('DE')
    await rates.getByLabel('Rate (%)').fill('101')
    await form.getByRole('button', { name: 'Save tax and invoices' }).click()
    await shows(rates.getByText('A rate is a percentage from 0 to 100 with at most 3 decimals'))
    await rates.getByLabel('Rate (%)').fill('7')
    await form.getByRole('button', { name: 'Save tax and invoices' }).click()
    const savedRates = async () => (await em().execute(`select rates from tax_profiles where tenant_id = ?`, [t.id]))[0]?.rates
    /** Polls the stored rates until they are `want` (the save is on its way), for at most 20 s. */
    const ratesBecome = async (want: unknown) => {
      for (let i = 0; i < 200 && !Bun.deepEquals(await savedRates(), want); i++) await new Promise((r) => setTimeout(r, 100))
      expect(await savedRates()).toEqual(want)
    }
    await ratesBecome([{ country: 'DE', region: null, rate: 7 }])
    await rates.getByRole('button', { name: 'Remove rate 1' }).click()
    await form.getByRole('button', { name: 'Save tax and invoices' }).click()
    await ratesBecome([])

    const currency = page.getByRole('form', { name: 'Team currency' })
    await currency.getByLabel('Currency').selectOption('eur')
    await currency.getByRole('button', { name: 'Change currency' }).click()
    await shows(page.getByText('Currency changed'))
    expect((await em().execute(`select currency from tenants where id = ?`, [t.id]))[0].currency).toBe('eur')
    expect(noProblems(s)).toEqual([])
    await s.close()
  })
})
