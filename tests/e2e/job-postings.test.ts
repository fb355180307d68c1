/**
 * Job postings in the browser: a coach writes a posting in the editor (live rules, the
 * duplicate question flagged while typing, a server 422 on its field and focused, the draft
 * kept across a reload), publishes it; a guest applies on the public page without
 * JavaScript; the coach reads and moves the applicant.
 */
import { describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { JobApplication, JobPosting } from '../../src/modules/job-postings'
import { Membership } from '../../src/modules/tenants/tenant.entity'
import { User } from '../../src/modules/users/user.entity'
import { actor, Client, em, tenant as makeTenant } from '../client'
import { axe as axeOf, makeUser, noProblems, open, openAs, useBrowser } from './browser'
import { scrollsSideways, visit } from './client-fixtures'

setDefaultTimeout(120_000)
useBrowser()

const axe = (page: Page) => axeOf(page, { withoutShell: true })

const LONG = (n: number) => 'We build calm, reliable software for coaches. '.repeat(Math.ceil(n / 46)).slice(0, n)

async function team() {
  const t = await makeTenant({ plan: 'pro' })
  const coach = await makeUser({ roles: ['coach'], profile: { firstName: 'Cora', lastName: 'Coach', socialAccounts: [] } })
  const member = await makeUser({ profile: { firstName: 'Rita', lastName: 'Recruiter', socialAccounts: [] } })
  const m = em()
  const c = await m.findOneOrFail(User, { id: coach.id })
  c.defaultTenantSlug = t.slug
  m.create(Membership, { tenant: t.id, user: coach.id, status: 'ACTIVE', roles: [] } as any)
  m.create(Membership, { tenant: t.id, user: member.id, status: 'ACTIVE', roles: [] } as any)
  await m.flush()
  return { t, coach, member }
}

describe('job postings', () => {
  test('create in the editor, publish, a guest applies, the coach reads and moves the applicant', async () => {
    const { t, coach, member } = await team()
    const s = await openAs(coach)
    const { page } = s
    await page.goto('/c/job-postings')
    await page.getByText('No job postings yet.').waitFor()
    await page.getByTestId('plan-usage').getByText('0 of 20 open (published) postings on the pro plan.').waitFor()
    await page.getByRole('link', { name: 'New job posting' }).first().click()
    await page.waitForURL('**/c/job-postings/new')
    const editor = page.getByTestId('job-posting-editor')
    await editor.waitFor()
    await page.waitForFunction(() => document.querySelector('[data-island-hydrated], [data-testid=job-posting-editor]') !== null)

    // Live rules (on change and blur) from the shared schema.
    const title = page.getByRole('textbox', { name: 'Job title' })
    await title.fill('ab')
    await title.blur()
    await page.getByText('Title must be at least 3 characters').waitFor()
    await title.fill('Platform engineer')
    expect(await page.getByText('Title must be at least 3 characters').count()).toBe(0)
    await page.getByRole('textbox', { name: 'Description', exact: true }).fill('Too short')
    await page.getByTestId('char-count').first().getByText('9 / 25,000 (at least 100)').waitFor()
    await page.getByRole('textbox', { name: 'Description', exact: true }).fill(LONG(240))
    await page.getByTestId('char-count').first().getByText('240 / 25,000').waitFor()
    await page.getByRole('textbox', { name: 'Skills', exact: true }).fill(LONG(120))
    await page.getByRole('textbox', { name: 'Company name', exact: true }).fill('Acme Ltd')
    await page.getByRole('textbox', { name: 'Location', exact: true }).fill('Lisbon')
    await page.getByTestId('choices-workplaceTypes').getByText('Remote').click()
    await page.getByRole('combobox', { name: 'Employment type' }).click()
    await page.getByRole('option', { name: 'Full time', exact: true }).click()
    await page.getByRole('combobox', { name: 'Employment type' }).getByText('Full time').waitFor()
    await page.getByRole('combobox', { name: 'Seniority level' }).click()
    await page.getByRole('option', { name: 'Mid-senior level', exact: true }).click()
    await page.getByRole('combobox', { name: 'Seniority level' }).getByText('Mid-senior level').waitFor()
    // Dependent screening fields appear only when they apply.
    expect(await page.getByLabel('Minimum IELTS score').count()).toBe(0)
    await page.getByTestId('pref-ielts').click()
    await page.getByLabel('Minimum IELTS score').fill('6.5')

    // Interview questions: the enabled count is live, a duplicate is flagged while typing.
    for (let i = 0; i < 5; i++) {
      await page.getByRole('button', { name: 'Add question' }).click()
      await page.locator(`input[name="interviewQuestions.${i}.title"]`).fill(`Question ${i + 1}?`)
    }
    await page.getByTestId('enabled-count').getByText('5 enabled').waitFor()
    await page.getByRole('button', { name: 'Add question' }).click()
    await page.locator('input[name="interviewQuestions.5.title"]').pressSequentially('  question 2?')
    await page.getByText('Question already exists').waitFor()
    await page.getByTestId('enabled-count').getByText('6 enabled').waitFor()
    // Publishing is refused in the browser; the duplicate gets focus.
    await page.getByRole('button', { name: 'Publish' }).click()
    // The duplicate is the only thing that stands in the way (every other field was filled above).
    await page.getByTestId('error-summary').getByText('Please fix 1 field: Question already exists').waitFor()
    await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.name === 'interviewQuestions.5.title')
    await page.getByRole('button', { name: 'Remove question 6' }).click()
    expect(await page.getByText('Question already exists').count()).toBe(0)
    // Reorder with the keyboard on the drag handle: question 1 moves below question 2.
    const handle = page.getByRole('button', { name: 'Reorder question 1' })
    await handle.focus()
    await page.keyboard.press('Space')
    // dnd-kit marks the handle pressed once the drag started; it moves on the next frame.
    await page.waitForFunction(() => document.querySelector('[data-testid=question-handle][aria-pressed=true]') !== null)
    // dnd-kit announces each move in its live region: drop only once it is over another question
    // (a first move can still land over the dragged item itself while the list is measured).
    const movedOver = () =>
      page.waitForFunction(
        () =>
          [...document.querySelectorAll('[id^="DndLiveRegion"]')].some((el) => {
            const m = /item (\S+) was moved over droppable area (\S+)/.exec(el.textContent ?? '')
            return !!m && m[1] !== m[2].replace(/\.$/, '')
          }),
        undefined,
        { timeout: 2000 },
      )
    for (let tries = 0; ; tries++) {
      await page.keyboard.press('ArrowDown')
      if (
        await movedOver().then(
          () => true,
          () => false,
        )
      )
        break
      if (tries >= 4) throw new Error('the keyboard drag never moved over the next question')
    }
    await page.keyboard.press('Space')
    await page.waitForFunction(() => (document.querySelector('input[name="interviewQuestions.0.title"]') as HTMLInputElement).value === 'Question 2?')

    // A server 422 lands on its field: the recruiter stopped being an active member meanwhile.
    // Recruiters are added through a type-to-filter field (its options exist only while open).
    await page.getByRole('combobox', { name: 'Add a recruiter' }).fill('Rita')
    await page.getByRole('option', { name: /Rita Recruiter/ }).click()
    await page.getByTestId('choices-recruiterIds').getByRole('listitem').filter({ hasText: 'Rita Recruiter' }).waitFor()
    await em().nativeUpdate(Membership, { user: member.id }, { status: 'SUSPENDED' })
    const created = page.waitForResponse((r) => r.url().endsWith('/v1/t/job-postings') && r.request().method() === 'POST')
    await page.getByRole('button', { name: 'Save as draft' }).click()
    expect((await created).status()).toBe(422)
    await page.getByText('Recruiters must be active members of this team').first().waitFor()
    await page.waitForFunction(() => !!document.activeElement?.closest('[data-section=recruiters]'))
    await page.getByRole('button', { name: /^Remove Rita Recruiter/ }).click()
    await page.getByTestId('choices-recruiterIds').getByRole('listitem').filter({ hasText: 'Rita Recruiter' }).waitFor({ state: 'detached' })

    await page.getByRole('button', { name: 'Save as draft' }).click()
    await page.waitForURL(/\/c\/job-postings\/[0-9a-f-]{36}$/)
    const id = page.url().split('/').pop()!
    await page.getByTestId('posting-status').getByText('Draft').waitFor()
    const saved = await em().findOneOrFail(JobPosting, { id }, { filters: false })
    expect(saved).toMatchObject({
      title: 'Platform engineer',
      status: 'DRAFT',
      companyName: 'Acme Ltd',
      employmentStatus: 'FULL_TIME',
      workplaceTypes: ['Remote'],
    })
    expect(saved.interviewQuestions.map((q) => q.title)).toEqual(['Question 2?', 'Question 1?', 'Question 3?', 'Question 4?', 'Question 5?'])
    expect(saved.preferences).toMatchObject({ ieltsAssessmentRequired: true, ieltsAssessmentMinScore: 6.5 })

    // Unsaved changes survive a reload.
    await page.getByRole('textbox', { name: 'Job title' }).fill('Platform engineer (remote)')
    await page.waitForFunction(() => Object.keys(localStorage).some((k) => k.startsWith('summit:job-posting-draft:')))
    await page.reload()
    await page.getByText('Your unsaved changes from before were restored.').waitFor()
    expect(await page.getByRole('textbox', { name: 'Job title' }).inputValue()).toBe('Platform engineer (remote)')

    const published = page.waitForResponse((r) => r.url().endsWith(`/v1/t/job-postings/${id}`) && r.request().method() === 'PATCH')
    await page.getByRole('button', { name: 'Publish' }).click()
    expect((await published).status()).toBe(200)
    await page.getByTestId('posting-status').getByText('Published').waitFor()
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('summit:job-posting-draft:')).length)).toBe(0)
    expect(noProblems(s)).toEqual([])

    // A guest finds and applies, without any JavaScript on the page.
    const g = await open()
    // The list is memoized for two seconds per URL (as /workshops): a search of its own is fresh.
    await g.page.goto(`/jobs?q=${encodeURIComponent('Platform engineer')}`)
    await g.page.getByRole('link', { name: 'Platform engineer (remote)' }).click()
    await g.page.waitForURL(`**/jobs/${id}`)
    const ld = JSON.parse((await g.page.locator('script[type="application/ld+json"]').textContent()) ?? '{}')
    expect(ld).toMatchObject({
      '@type': 'JobPosting',
      title: 'Platform engineer (remote)',
      employmentType: 'FULL_TIME',
      hiringOrganization: { name: 'Acme Ltd' },
    })
    expect(g.scripts).toEqual([])
    await g.page.getByLabel('Full name').fill('Grace Guest')
    await g.page.getByLabel('Email').fill('grace@example.com')
    await g.page.getByLabel('IELTS score').fill('7')
    for (let i = 0; i < 5; i++) await g.page.locator(`#apply-q-${i}`).fill(`My answer ${i + 1}`)
    await g.page.getByRole('button', { name: 'Send application' }).click()
    await g.page.getByTestId('apply-success').waitFor()
    expect(g.scripts).toEqual([])
    await g.close()

    // The coach reads the application and shortlists the applicant.
    await page.goto(`/c/job-postings/${id}/applicants`)
    const card = page.getByTestId('applicant').filter({ hasText: 'Grace Guest' })
    await card.getByText('grace@example.com').waitFor()
    await card.getByText(/Answers \(5\)/).click()
    await card.getByText('My answer 1').waitFor()
    await card.getByText('IELTS score:').waitFor()
    await card.getByRole('button', { name: 'Shortlisted' }).click()
    await card.getByTestId('applicant-status').getByText('Shortlisted').waitFor()
    const a = await em().findOneOrFail(JobApplication, { email: 'grace@example.com' }, { filters: false })
    expect(a.status).toBe('SHORTLISTED')
    expect(noProblems(s)).toEqual([])
    await s.close()
    void t
  })

  test('every job page: no serious axe violations, no console problems, no sideways scroll at 390 px', async () => {
    const { t, coach } = await team()
    const api = (await actor({ roles: ['coach'], tenant: t })).client.withTeam(t.slug)
    const questions = Array.from({ length: 5 }, (_, i) => ({ title: `Question ${i + 1}?`, order: i + 1 }))
    const r = await api.post('/v1/t/job-postings', {
      title: 'Accessible role',
      description: LONG(200),
      skillsDescription: LONG(120),
      companyName: 'Acme Ltd',
      location: 'Porto',
      employmentStatus: 'PART_TIME',
      experienceLevel: 'ASSOCIATE',
      workplaceTypes: ['Hybrid'],
      categories: ['DESIGN'],
      interviewQuestions: questions,
      status: 'PUBLISHED',
      preferences: { ieltsAssessmentRequired: true, ieltsAssessmentMinScore: 6 },
    })
    expect(r.status).toBe(201)
    const id = r.body.data.id
    const answers = Object.fromEntries(r.body.data.interviewQuestions.map((q: any) => [q.id, 'An answer']))
    expect(
      (await new Client().post(`/v1/public/jobs/${id}/applications`, { name: 'Ana Applicant', email: 'ana@example.com', answers, ieltsScore: 7 })).status,
    ).toBe(201)
    const failures: string[] = []
    for (const [w, h] of [
      [1280, 900],
      [390, 844],
    ]) {
      const s = await openAs(coach)
      await s.page.setViewportSize({ width: w, height: h })
      for (const path of [
        '/jobs',
        `/jobs/${id}`,
        `/jobs/${id}?error=x&errors=${encodeURIComponent(JSON.stringify({ name: ['Please enter your name'] }))}`,
        '/c/job-postings',
        '/c/job-postings/new',
        `/c/job-postings/${id}`,
        `/c/job-postings/${id}/applicants`,
      ]) {
        const res = await visit(s.page, path)
        if (res?.status() !== 200) failures.push(`${w} ${path}: ${res?.status()}`)
        for (const v of await axe(s.page)) failures.push(`${w} ${path}: ${v}`)
        if (w === 390 && !path.startsWith('/c/') && (await scrollsSideways(s.page))) failures.push(`${w} ${path}: scrolls sideways`)
      }
      failures.push(...noProblems(s).map((p) => `${w}: ${p}`))
      await s.close()
    }
    expect(failures).toEqual([])
  }, 480_000)
})
