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

    const currency = page.getByRole('form', { name: 'Team currency' })
    await currency.getByLabel('Currency').selectOption('eur')
    await currency.getByRole('button', { name: 'Change currency' }).click()
    await shows(page.getByText('Currency changed'))
    expect((await em().execute(`select currency from tenants where id = ?`, [t.id]))[0].currency).toBe('eur')
    expect(noProblems(s)).toEqual([])
    await s.close()
  })
})
