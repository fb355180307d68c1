import { describe, expect, setDefaultTimeout, test } from 'bun:test'
import { actor, Client, em } from '../client'
import { scriptsOf } from '../html'
import { waitForMail } from '../mail'
import { complete, jobWorld } from './job-postings.fixtures'

setDefaultTimeout(90_000)
const P = '/v1/t/job-postings'
const PDF = new Uint8Array([...new TextEncoder().encode('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n')])

async function publish(prefs: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  const w = await jobWorld('enterprise')
  const r = await w.coach.client.post(P, complete({ status: 'PUBLISHED', preferences: prefs, ...extra }))
  expect(r.status).toBe(201)
  return { ...w, posting: r.body.data }
}
const answersFor = (posting: any) =>
  Object.fromEntries(posting.interviewQuestions.filter((q: any) => q.enabled).map((q: any) => [q.id, `Answer to ${q.title}`]))
const guest = () => new Client()

describe('applications: the screening settings', () => {
  test('a guest applies with answers to the enabled questions; the coach reads and moves the applicant', async () => {
    const { posting, coach } = await publish(
      {},
      { interviewQuestions: [...(complete().interviewQuestions as any[]), { title: 'Disabled one', order: 6, enabled: false }] },
    )
    let r = await guest().post(`/v1/public/jobs/${posting.id}/applications`, { name: 'Ada', email: 'ADA@example.com' })
    expect(r.status).toBe(422)
    const enabled = posting.interviewQuestions.filter((q: any) => q.enabled)
    for (const q of enabled) expect(r.body.errors[`answers.${q.id}`]).toEqual(['Please answer this question'])
    expect(Object.keys(r.body.errors)).toHaveLength(5)
    r = await guest().post(`/v1/public/jobs/${posting.id}/applications`, { name: '', email: 'nope', answers: answersFor(posting) })
    expect(r.body.errors).toMatchObject({ name: ['Please enter your name'], email: ['Please enter a valid email address'] })
    r = await guest().post(`/v1/public/jobs/${posting.id}/applications`, { name: 'Ada', email: 'ADA@example.com', answers: answersFor(posting) })
    expect(r.status).toBe(201)
    expect(r.body.data).toMatchObject({ status: 'NEW', autoRejected: false })
    // One application per email.
    expect(
      (await guest().post(`/v1/public/jobs/${posting.id}/applications`, { name: 'Ada', email: 'ada@example.com', answers: answersFor(posting) })).status,
    ).toBe(409)

    const list = await coach.client.get(`${P}/${posting.id}/applications`)
    expect(list.status).toBe(200)
    expect(list.body.data).toHaveLength(1)
    const a = list.body.data[0]
    expect(a).toMatchObject({ name: 'Ada', email: 'ada@example.com', status: 'NEW', resume: null })
    expect(a.answers).toHaveLength(5)
    expect(a.answers[0]).toMatchObject({ questionId: enabled[0].id, question: enabled[0].title, answer: `Answer to ${enabled[0].title}` })
    for (const status of ['SHORTLISTED', 'REJECTED', 'HIRED', 'NEW'])
      expect((await coach.client.patch(`${P}/${posting.id}/applications/${a.id}`, { status })).body.data.status).toBe(status)
    expect((await coach.client.patch(`${P}/${posting.id}/applications/${a.id}`, { status: 'MAYBE' })).status).toBe(422)
    expect((await coach.client.get(`${P}/${posting.id}/applications?filter[status]=NEW`)).body.data).toHaveLength(1)
    expect((await coach.client.get(`${P}/${posting.id}`)).body.data.applicantCount).toBe(1)
    // Another team cannot read or move them.
    const other = await jobWorld()
    expect((await other.coach.client.patch(`${P}/${posting.id}/applications/${a.id}`, { status: 'HIRED' })).status).toBe(404)
    // Only published postings take applications.
    const draft = (await coach.client.post(P, { title: 'Draft' })).body.data
    expect((await guest().post(`/v1/public/jobs/${draft.id}/applications`, { name: 'Ada', email: 'x@example.com' })).status).toBe(404)
    expect((await guest().get(`/v1/public/jobs/${draft.id}`)).status).toBe(404)
    expect((await guest().get(`/v1/public/jobs/${posting.id}`)).body.data.interviewQuestions).toHaveLength(5)
  })

  test('resume required, type checked by content; the coach downloads it', async () => {
    const { posting, coach } = await publish({ resumeRequired: true })
    const form = (file?: Blob, name = 'cv.pdf') => {
      const f = new FormData()
      f.set('name', 'Grace')
      f.set('email', `grace-${Math.random()}@example.com`)
      for (const [id, text] of Object.entries(answersFor(posting))) f.set(`answers[${id}]`, text as string)
      if (file) f.set('resume', file, name)
      return f
    }
    let r = await guest().post(`/v1/public/jobs/${posting.id}/applications`, form())
    expect(r.status).toBe(422)
    expect(r.body.errors.resume).toEqual(['Please attach your resume (PDF or Word document)'])
    // A text file named .pdf is refused: the bytes decide.
    r = await guest().post(`/v1/public/jobs/${posting.id}/applications`, form(new Blob(['just text'], { type: 'application/pdf' }), 'cv.pdf'))
    expect(r.body.errors.resume).toEqual(['The resume must be a PDF or Word document (pdf, doc, docx)'])
    r = await guest().post(`/v1/public/jobs/${posting.id}/applications`, form(new Blob([PDF], { type: 'text/plain' }), 'my cv.txt'))
    expect(r.status).toBe(201)
    const a = (await coach.client.get(`${P}/${posting.id}/applications`)).body.data[0]
    expect(a.resume).toMatchObject({ name: 'my cv.txt', type: 'application/pdf' })
    const dl = await coach.client.get(a.resume.url)
    expect(dl.status).toBe(200)
    expect(dl.headers.get('content-type')).toBe('application/pdf')
    expect(dl.headers.get('content-disposition')).toContain('attachment')
    expect((await guest().get(a.resume.url)).status).toBe(401)
  })

  test('IELTS score when required; auto-reject below the minimum', async () => {
    const { posting, coach } = await publish({ ieltsAssessmentRequired: true, ieltsAssessmentMinScore: 6.5, ieltsAutoReject: true })
    const send = (email: string, ieltsScore?: unknown) =>
      guest().post(`/v1/public/jobs/${posting.id}/applications`, { name: 'Lin', email, answers: answersFor(posting), ieltsScore })
    expect((await send('a@example.com')).body.errors.ieltsScore).toEqual(['Please enter your IELTS score (0 to 9 in steps of 0.5)'])
    expect((await send('a@example.com', 6.3)).body.errors.ieltsScore).toEqual(['Please enter your IELTS score (0 to 9 in steps of 0.5)'])
    expect((await send('a@example.com', 10)).status).toBe(422)
    expect((await send('low@example.com', 6)).body.data).toMatchObject({ status: 'REJECTED', autoRejected: true })
    expect((await send('ok@example.com', 6.5)).body.data).toMatchObject({ status: 'NEW', autoRejected: false })
    // Without auto-reject a low score stays NEW.
    await coach.client.patch(`${P}/${posting.id}`, { preferences: { ieltsAutoReject: false } })
    expect((await send('low2@example.com', '5.5')).body.data).toMatchObject({ status: 'NEW', autoRejected: false })
  })

  test('acceptApplications=false closes applying; closed postings take none', async () => {
    const { posting, coach } = await publish({ acceptApplications: false })
    const r = await guest().post(`/v1/public/jobs/${posting.id}/applications`, { name: 'Ada', email: 'a@example.com', answers: answersFor(posting) })
    expect(r.status).toBe(409)
    expect(r.body.message).toBe('This job posting is not accepting applications.')
    await coach.client.patch(`${P}/${posting.id}`, { preferences: { acceptApplications: true } })
    expect(
      (await guest().post(`/v1/public/jobs/${posting.id}/applications`, { name: 'Ada', email: 'a@example.com', answers: answersFor(posting) })).status,
    ).toBe(201)
    await coach.client.patch(`${P}/${posting.id}`, { status: 'CLOSED' })
    expect(
      (await guest().post(`/v1/public/jobs/${posting.id}/applications`, { name: 'Bo', email: 'b@example.com', answers: answersFor(posting) })).status,
    ).toBe(404)
  })

  test('applicantMaxLimit holds under 30 parallel applications', async () => {
    const { posting, coach } = await publish({ applicantMaxLimit: 7 })
    const answers = answersFor(posting)
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        guest().post(`/v1/public/jobs/${posting.id}/applications`, { name: `Applicant ${i}`, email: `p${i}@example.com`, answers }),
      ),
    )
    expect(results.filter((r) => r.status === 201)).toHaveLength(7)
    const refused = results.filter((r) => r.status === 409)
    expect(refused).toHaveLength(23)
    expect(refused[0].body.message).toBe('This job posting has reached its applicant limit.')
    expect((await coach.client.get(`${P}/${posting.id}/applications`)).body.meta.total).toBe(7)
    expect((await coach.client.get(`${P}/${posting.id}`)).body.data.applicantCount).toBe(7)
  })

  test('one address may send at most 200 applications an hour (429 with Retry-After)', async () => {
    const { posting } = await publish()
    const key = 'job-apply:127.0.0.1'
    await em()
      .getConnection()
      .execute(
        `insert into rate_limits (key, hits, reset_at) values (?, 200, now() + interval '1 hour') on conflict (key) do update set hits = 200, reset_at = excluded.reset_at`,
        [key],
      )
    try {
      const r = await guest().post(`/v1/public/jobs/${posting.id}/applications`, { name: 'Flood', email: 'flood@example.com', answers: answersFor(posting) })
      expect(r.status).toBe(429)
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0)
    } finally {
      await em().getConnection().execute('delete from rate_limits where key = ?', [key])
    }
  })

  test('notifyAssigneeOnApplication mails the recruiters', async () => {
    const w = await jobWorld('enterprise')
    const recruiter = await actor({ tenant: w.tenant, email: `recruiter-${Date.now()}@example.com` })
    const posting = (
      await w.coach.client.post(P, complete({ status: 'PUBLISHED', recruiterIds: [recruiter.user.id], preferences: { notifyAssigneeOnApplication: true } }))
    ).body.data
    expect(
      (await guest().post(`/v1/public/jobs/${posting.id}/applications`, { name: 'Ada Lovelace', email: 'ada@example.com', answers: answersFor(posting) }))
        .status,
    ).toBe(201)
    const mail = await waitForMail(recruiter.user.email, (m) => m.subject.includes(posting.title))
    expect(mail.subject).toBe(`New application: ${posting.title}`)
    expect(mail.text).toContain(`/c/job-postings/${posting.id}/applicants`)
  })

  test('the no-JavaScript form posts and comes back with the result', async () => {
    const { posting } = await publish()
    const f = new FormData()
    f.set('name', 'Form Guest')
    f.set('email', 'form@example.com')
    let r = await guest().post(`/jobs/${posting.id}/apply`, f)
    expect(r.status).toBe(303)
    const back = new URL(r.headers.get('location')!, 'http://x')
    expect(back.pathname).toBe(`/jobs/${posting.id}`)
    expect(JSON.parse(back.searchParams.get('errors')!)[`answers.${posting.interviewQuestions[0].id}`]).toEqual(['Please answer this question'])
    for (const [id, text] of Object.entries(answersFor(posting))) f.set(`answers[${id}]`, text as string)
    r = await guest().post(`/jobs/${posting.id}/apply`, f)
    expect(r.status).toBe(303)
    expect(r.headers.get('location')).toBe(`/jobs/${posting.id}?applied=1#apply`)
  })
})

describe('public job pages', () => {
  test('/jobs and /jobs/{id}: published postings only, JSON-LD JobPosting, no script', async () => {
    const { posting, coach } = await publish({}, { title: `Lighthouse keeper ${Date.now()}` })
    const draft = (await coach.client.post(P, { title: 'Secret draft role' })).body.data
    const list = await guest().get(`/jobs?q=${encodeURIComponent(posting.title)}`, { accept: 'text/html' })
    expect(list.status).toBe(200)
    expect(list.body).toContain(posting.title)
    expect(list.body).not.toContain('Secret draft role')
    expect(scriptsOf(list.body)).toEqual([])
    const page = await guest().get(`/jobs/${posting.id}`, { accept: 'text/html' })
    expect(page.status).toBe(200)
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page.body)![1])
    expect(ld).toMatchObject({
      '@context': 'https://schema.org/',
      '@type': 'JobPosting',
      title: posting.title,
      employmentType: 'FULL_TIME',
      hiringOrganization: { '@type': 'Organization', name: 'Acme Ltd' },
      jobLocationType: 'TELECOMMUTE',
    })
    expect(scriptsOf(page.body)).toEqual([])
    expect(page.body).toContain(`action="/jobs/${posting.id}/apply"`)
    expect(page.body).toMatch(/enctype="multipart\/form-data"/i)
    // Errors come back on their fields, the first one focused.
    const back = await guest().get(
      `/jobs/${posting.id}?error=x&errors=${encodeURIComponent(JSON.stringify({ email: ['Please enter a valid email address'] }))}`,
      { accept: 'text/html' },
    )
    expect(back.body).toContain('Please enter a valid email address')
    expect(back.body).toMatch(/id="apply-email"[^>]*autofocus/i)
    expect((await guest().get(`/jobs/${draft.id}`, { accept: 'text/html' })).status).toBe(404)
    await coach.client.patch(`${P}/${posting.id}`, { preferences: { acceptApplications: false } })
    const closed = await guest().get(`/jobs/${posting.id}`, { accept: 'text/html' })
    expect(closed.body).toContain('This job posting is not accepting applications.')
    expect(closed.body).not.toContain('Send application')
  })
})
