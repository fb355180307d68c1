/**
 * The job-posting editor's parts on the server (they render without a window), the Switch and
 * Checkbox components, and the editor model that maps the form to the API body and checks it
 * with the API's own schemas.
 */
import { describe, expect, test } from 'bun:test'
import { renderToReadableStream } from 'react-dom/server'
import { Checkbox, CheckboxGroup } from '../../design-system/components/checkbox/checkbox'
import { Switch } from '../../design-system/components/switch/switch'
import JobPostingEditor from '../../islands/job-posting-editor'
import { duplicateErrors, fromPosting, toPayload, validate } from '../../islands/job-posting-editor/model'

async function html(node: React.ReactNode): Promise<string> {
  const stream = await renderToReadableStream(node, {
    onError: (e) => {
      throw e
    },
  })
  await stream.allReady
  return await new Response(stream).text()
}

describe('Switch and Checkbox', () => {
  test('render with their recipes and a real input', async () => {
    const s = await html(<Switch label="Accept applications" checked onCheckedChange={() => {}} />)
    expect(s).toContain('switchRecipe__root')
    expect(s).toContain('Accept applications')
    expect(s).toContain('type="checkbox"')
    expect(s).toContain('data-state="checked"')
    const c = await html(<Checkbox label="Remote" checked={false} onCheckedChange={() => {}} />)
    expect(c).toContain('checkbox__root')
    expect(c).toContain('data-state="unchecked"')
  })

  test('a group at its maximum disables the unchecked options', async () => {
    const out = await html(
      <CheckboxGroup label="Categories" options={['IT', 'HR', 'SALES', 'DESIGN']} value={['IT', 'HR', 'SALES']} max={3} onChange={() => {}} />,
    )
    const disabled = out.match(/<label[^>]*data-disabled[^>]*>/g) ?? []
    expect(disabled).toHaveLength(1)
    expect(out).toContain('aria-label="Categories"')
  })
})

describe('job-posting editor model', () => {
  const q = (t: string, enabled = true) => ({ key: t, title: t, enabled })
  test('the body follows the list order; empty text becomes null', () => {
    const f = { ...fromPosting(null), title: 'Role', companyUrl: '', interviewQuestions: [q('B'), q('A', false)] }
    const body = toPayload(f, 'DRAFT')
    expect(body.companyUrl).toBeNull()
    expect(body.interviewQuestions).toEqual([
      { title: 'B', order: 1, enabled: true },
      { title: 'A', order: 2, enabled: false },
    ])
    expect(body.preferences).toMatchObject({ acceptApplications: true, interviewType: 'VIDEO' })
  })

  test('the messages of section 5, from the shared schema', () => {
    const f = { ...fromPosting(null), title: 'ab', categories: ['IT', 'HR', 'SALES', 'DESIGN'], interviewQuestions: [q('Why?'), q(' why? ')] }
    const draft = validate(f, 'DRAFT', true)
    expect(draft.title).toEqual(['Title must be at least 3 characters'])
    expect(draft.categories).toEqual(['Cannot select more than 3 categories'])
    expect(draft['interviewQuestions.1.title']).toEqual(['Question already exists'])
    expect(duplicateErrors(f)).toEqual({ 'interviewQuestions.1.title': ['Question already exists'] })
    const pub = validate({ ...f, title: 'Role', categories: [] }, 'PUBLISHED', false)
    expect(pub.companyName).toEqual(['Company name is required'])
    expect(pub.description).toEqual(['Description is required'])
    const eleven = validate({ ...f, title: 'Role', interviewQuestions: Array.from({ length: 11 }, (_, i) => q(`Q${i}`)) }, 'DRAFT', false)
    expect(eleven.interviewQuestions).toEqual(['Maximum 10 enabled interview questions allowed'])
  })

  test('the editor renders every section on the server', async () => {
    const out = await html(<JobPostingEditor posting={null} members={[{ id: 'u1', name: 'Maya Okafor', email: 'maya@acme.example' }]} />)
    for (const h of [
      'Basics',
      'Description and skills',
      'Company',
      'Location and work mode',
      'Employment and seniority',
      'Categories',
      'Screening',
      'Interview questions',
      'Recruiters',
    ])
      expect(out).toContain(`>${h}</h2>`)
    expect(out).toContain('0 / 25,000 (at least 100)')
    expect(out).toContain('0 enabled · between 5 and 10 needed to publish')
    expect(out).toContain('Save as draft')
    // Recruiters: one type-to-filter field; the members are its options, mounted only while open.
    expect(out).toContain('No recruiter yet.')
    expect(out).toContain('Add a recruiter')
    expect(out).not.toContain('Maya Okafor (maya@acme.example)')
  })

  test('chosen recruiters are listed with Remove; a former member is named as such', async () => {
    const members = [{ id: 'u1', name: 'Maya Okafor', email: 'maya@acme.example' }]
    const posting = { recruiterIds: ['u1', 'u-gone'] } as any
    const out = await html(<JobPostingEditor posting={posting} members={members} />)
    expect(out).toContain('Maya Okafor (maya@acme.example)')
    expect(out).toContain('aria-label="Remove Maya Okafor (maya@acme.example)"')
    expect(out).toContain('A former member')
  })
})
