import { describe, expect, setDefaultTimeout, test } from 'bun:test'
import { complete, jobWorld, LONG, questions } from './job-postings.fixtures'

setDefaultTimeout(60_000)
const P = '/v1/t/job-postings'

describe('job postings: CRUD', () => {
  test('create a draft, show, list, update, delete (soft) and restore', async () => {
    const w = await jobWorld()
    const c = w.coach.client
    const r = await c.post(P, { title: '  Draft role  ' })
    expect(r.status).toBe(201)
    const d = r.body.data
    expect(d).toMatchObject({
      title: 'Draft role',
      status: 'DRAFT',
      description: null,
      workplaceTypes: [],
      categories: [],
      interviewQuestions: [],
      applicantCount: 0,
    })
    // Preferences come back typed, with their defaults.
    expect(d.preferences).toEqual({
      acceptApplications: true,
      applicantMaxLimit: null,
      applicantSelfScheduleInterview: false,
      characterReferenceCheck: false,
      bigFivePersonalityTest: false,
      ieltsAssessmentRequired: false,
      ieltsAssessmentMinScore: null,
      ieltsAutoReject: false,
      resumeRequired: false,
      interviewType: 'VIDEO',
      notifyAssigneeOnApplication: false,
    })
    const full = await c.post(P, complete())
    expect(full.status).toBe(201)
    expect(full.body.data.posterEmail).toBe('jobs@acme.example')
    expect(full.body.data.interviewQuestions).toHaveLength(5)
    expect(full.body.data.interviewQuestions[0].id).toMatch(/^[0-9a-f-]{36}$/)

    expect((await c.get(`${P}/${d.id}`)).body.data.title).toBe('Draft role')
    const list = await c.get(P)
    expect(list.status).toBe(200)
    expect(list.body.meta).toMatchObject({ page: 1, perPage: 10, total: 2 })

    const upd = await c.patch(`${P}/${d.id}`, { title: 'X', preferences: { resumeRequired: true }, companyUrl: 'http://x.example/jobs' })
    expect(upd.status).toBe(200)
    expect(upd.body.data).toMatchObject({ title: 'X', companyUrl: 'http://x.example/jobs' })
    expect(upd.body.data.preferences).toMatchObject({ resumeRequired: true, acceptApplications: true, interviewType: 'VIDEO' })

    expect((await c.delete(`${P}/${d.id}`)).status).toBe(204)
    expect((await c.get(`${P}/${d.id}`)).status).toBe(404)
    expect((await c.get(P)).body.meta.total).toBe(1)
    const back = await c.post(`${P}/${d.id}/restore`)
    expect(back.status).toBe(200)
    expect((await c.get(`${P}/${d.id}`)).status).toBe(200)
  })

  test('page size 10, filters, text search, sorting and include', async () => {
    const w = await jobWorld('enterprise')
    const c = w.coach.client
    for (let i = 0; i < 11; i++) expect((await c.post(P, { title: `Role ${String(i).padStart(2, '0')}` })).status).toBe(201)
    const pub = await c.post(
      P,
      complete({
        title: 'Zebra keeper',
        status: 'PUBLISHED',
        employmentStatus: 'CONTRACT',
        experienceLevel: 'DIRECTOR',
        workplaceTypes: ['Remote'],
        categories: ['DESIGN'],
        recruiterIds: [w.coach.user.id],
      }),
    )
    expect(pub.status).toBe(201)
    let r = await c.get(P)
    expect(r.body.data).toHaveLength(10)
    expect(r.body.meta).toMatchObject({ total: 12, lastPage: 2 })
    expect((await c.get(`${P}?page=2`)).body.data).toHaveLength(2)
    r = await c.get(`${P}?filter[status]=PUBLISHED`)
    expect(r.body.data.map((x: any) => x.title)).toEqual(['Zebra keeper'])
    for (const q of [
      'filter[employmentStatus]=CONTRACT',
      'filter[experienceLevel]=DIRECTOR',
      'filter[workplaceType]=Remote',
      'filter[category]=DESIGN',
      'filter[text]=zebra',
      'q=ZEBRA',
    ])
      expect((await c.get(`${P}?${q}`)).body.data.map((x: any) => x.title)).toEqual(['Zebra keeper'])
    expect((await c.get(`${P}?filter[category]=HR`)).body.data).toEqual([])
    expect((await c.get(`${P}?filter[status]=OPEN`)).status).toBe(422)
    expect((await c.get(`${P}?filter[nope]=1`)).status).toBe(422)
    r = await c.get(`${P}?sort=title&perPage=3`)
    expect(r.body.data.map((x: any) => x.title)).toEqual(['Role 00', 'Role 01', 'Role 02'])
    r = await c.get(`${P}?sort=-title&perPage=1`)
    expect(r.body.data[0].title).toBe('Zebra keeper')
    expect((await c.get(`${P}?sort=secret`)).status).toBe(422)
    r = await c.get(`${P}/${pub.body.data.id}?include=recruiters,tenant`)
    expect(r.body.data.recruiters).toEqual([expect.objectContaining({ id: w.coach.user.id, email: w.coach.user.email })])
    expect(r.body.data.tenant).toMatchObject({ slug: w.tenant.slug, plan: 'enterprise' })
    r = await c.get(`${P}?include=recruiters&filter[status]=PUBLISHED`)
    expect(r.body.data[0].recruiters).toHaveLength(1)
    expect((await c.get(`${P}?include=secrets`)).status).toBe(422)
  })
})

describe('job postings: section 5 rules and messages', () => {
  test('title, description, skills, company, URL, location, listing type, poster email, categories', async () => {
    const w = await jobWorld()
    const c = w.coach.client
    let r = await c.post(P, { title: 'ab' })
    expect(r.status).toBe(422)
    expect(r.body.errors.title).toEqual(['Title must be at least 3 characters'])
    r = await c.post(P, { title: 'x'.repeat(256) })
    expect(r.body.errors.title).toEqual(['Title cannot exceed 255 characters'])
    r = await c.post(P, {})
    expect(r.body.errors.title).toEqual(['Title is required'])
    r = await c.post(P, {
      title: 'Valid',
      description: 'short',
      skillsDescription: 'short',
      companyName: '',
      companyUrl: 'ftp://x.example',
      location: '',
      listingType: 'l'.repeat(256),
      posterEmail: 'not-an-email',
      categories: ['IT', 'HR', 'SALES', 'DESIGN'],
    })
    expect(r.status).toBe(422)
    expect(r.body.errors).toMatchObject({
      description: ['Description must be between 100 and 25,000 characters'],
      skillsDescription: ['Skills description must be between 100 and 4,000 characters'],
      companyName: ['Company name is required'],
      companyUrl: ['Please enter a valid URL'],
      location: ['Location is required'],
      listingType: ['Listing type cannot exceed 255 characters'],
      posterEmail: ['Please enter a valid email address'],
      categories: ['Cannot select more than 3 categories'],
    })
    r = await c.post(P, {
      title: 'Valid',
      description: LONG(25_001),
      skillsDescription: LONG(4_001),
      companyName: 'n'.repeat(256),
      companyUrl: `https://x.example/${'a'.repeat(250)}`,
      location: 'l'.repeat(256),
      posterEmail: `${'a'.repeat(250)}@x.example`,
    })
    expect(r.body.errors).toMatchObject({
      description: ['Description must be between 100 and 25,000 characters'],
      skillsDescription: ['Skills description must be between 100 and 4,000 characters'],
      companyName: ['Company name cannot exceed 255 characters'],
      companyUrl: ['Company URL cannot exceed 255 characters'],
      location: ['Location cannot exceed 255 characters'],
      posterEmail: ['Poster email cannot exceed 255 characters'],
    })
    // Limits are inclusive.
    r = await c.post(P, { title: 'abc', description: LONG(100), skillsDescription: LONG(4_000), categories: ['IT', 'HR', 'SALES'] })
    expect(r.status).toBe(201)
    // Edit: title 1 to 255.
    expect((await c.patch(`${P}/${r.body.data.id}`, { title: 'A' })).status).toBe(200)
    const e = await c.patch(`${P}/${r.body.data.id}`, { title: '  ' })
    expect(e.body.errors.title).toEqual(['Title must be at least 1 character'])
    expect((await c.patch(`${P}/${r.body.data.id}`, { categories: ['IT', 'HR', 'SALES', 'BUSINESS'] })).body.errors.categories).toEqual([
      'Cannot select more than 3 categories',
    ])
  })

  test('enumerations: every value accepted, anything else refused', async () => {
    const w = await jobWorld()
    const c = w.coach.client
    for (const employmentStatus of ['FULL_TIME', 'PART_TIME', 'CONTRACT', 'INTERNSHIP', 'TEMPORARY', 'VOLUNTEER'])
      expect((await c.post(P, { title: 'Enum test', employmentStatus })).status).toBe(201)
    for (const experienceLevel of ['ENTRY_LEVEL', 'MID_SENIOR_LEVEL', 'DIRECTOR', 'EXECUTIVE', 'INTERNSHIP', 'ASSOCIATE', 'NOT_APPLICABLE'])
      expect((await c.post(P, { title: 'Enum test', experienceLevel })).status).toBe(201)
    expect(
      (
        await c.post(P, {
          title: 'Enum test',
          workplaceTypes: ['On-site', 'Hybrid', 'Remote'],
          industries: ['IT', 'FINANCE', 'MARKETING', 'SALES', 'HR', 'ENGINEERING', 'DESIGN', 'PRODUCT', 'BUSINESS'],
        })
      ).status,
    ).toBe(201)
    for (const interviewType of ['VIDEO', 'PHONE', 'IN_PERSON'])
      expect((await c.post(P, { title: 'Enum test', preferences: { interviewType } })).body.data.preferences.interviewType).toBe(interviewType)
    const bad = await c.post(P, {
      title: 'Enum test',
      employmentStatus: 'FULLTIME',
      experienceLevel: 'JUNIOR',
      workplaceTypes: ['Office'],
      industries: ['LEGAL'],
      status: 'OPEN',
      preferences: { interviewType: 'CHAT' },
    })
    expect(bad.status).toBe(422)
    expect(bad.body.errors).toMatchObject({
      employmentStatus: ['Please select a valid employment type'],
      experienceLevel: ['Please select a valid seniority level'],
      'workplaceTypes.0': ['Please select valid work modes: On-site, Hybrid, Remote'],
      'industries.0': ['Please select valid departments'],
      status: ['Please select a valid job status'],
      'preferences.interviewType': ['Please select a valid interview type: VIDEO, PHONE, IN_PERSON'],
    })
  })

  test('preferences: types, IELTS minimum in halves and required with the assessment, applicant limit', async () => {
    const w = await jobWorld()
    const c = w.coach.client
    let r = await c.post(P, { title: 'Prefs', preferences: { ieltsAssessmentRequired: true } })
    expect(r.body.errors['preferences.ieltsAssessmentMinScore']).toEqual(['Minimum IELTS score is required when the IELTS assessment is required'])
    r = await c.post(P, { title: 'Prefs', preferences: { ieltsAssessmentRequired: true, ieltsAssessmentMinScore: 6.3 } })
    expect(r.body.errors['preferences.ieltsAssessmentMinScore']).toEqual(['IELTS score must be between 0 and 9 in steps of 0.5'])
    r = await c.post(P, { title: 'Prefs', preferences: { ieltsAssessmentMinScore: 9.5 } })
    expect(r.body.errors['preferences.ieltsAssessmentMinScore']).toEqual(['IELTS score must be between 0 and 9 in steps of 0.5'])
    r = await c.post(P, { title: 'Prefs', preferences: { applicantMaxLimit: 0, acceptApplications: 'yes', unknownKey: true } })
    expect(r.body.errors['preferences.applicantMaxLimit']).toEqual(['Applicant limit must be a whole number of at least 1'])
    expect(r.body.errors['preferences.acceptApplications']).toBeDefined()
    expect(r.body.errors['preferences.unknownKey']).toBeDefined()
    r = await c.post(P, { title: 'Prefs', preferences: { ieltsAssessmentRequired: true, ieltsAssessmentMinScore: 6.5, applicantMaxLimit: 3 } })
    expect(r.status).toBe(201)
    // A PATCH merges: turning the assessment on later still needs the minimum.
    const plain = await c.post(P, { title: 'Prefs 2' })
    r = await c.patch(`${P}/${plain.body.data.id}`, { preferences: { ieltsAssessmentRequired: true } })
    expect(r.status).toBe(422)
    expect(r.body.errors.ieltsAssessmentMinScore).toEqual(['Minimum IELTS score is required when the IELTS assessment is required'])
  })

  test("interview questions: title 1-255, order >= 1, 5 to 10 enabled, duplicates on the duplicate's field", async () => {
    const w = await jobWorld()
    const c = w.coach.client
    let r = await c.post(P, {
      title: 'Questions',
      interviewQuestions: [
        { title: ' ', order: 0 },
        { title: 'q'.repeat(256), order: 1.5 },
      ],
    })
    expect(r.status).toBe(422)
    expect(r.body.errors['interviewQuestions.0.title']).toEqual(['Question is required'])
    expect(r.body.errors['interviewQuestions.0.order']).toEqual(['Order must be at least 1'])
    expect(r.body.errors['interviewQuestions.1.title']).toEqual(['Question cannot exceed 255 characters'])
    r = await c.post(P, {
      title: 'Questions',
      interviewQuestions: [
        { title: 'Why us?', order: 1 },
        { title: 'Your salary?', order: 2 },
        { title: '  why US?  ', order: 3 },
      ],
    })
    expect(r.body.errors['interviewQuestions.2.title']).toEqual(['Question already exists'])
    expect(r.body.errors['interviewQuestions.0.title']).toBeUndefined()
    r = await c.post(P, { title: 'Questions', interviewQuestions: questions(11) })
    expect(r.body.errors.interviewQuestions).toEqual(['Maximum 10 enabled interview questions allowed'])
    // 11 questions with one disabled is fine; a disabled duplicate is still a duplicate.
    expect((await c.post(P, { title: 'Questions', interviewQuestions: [...questions(10), { title: 'Extra', order: 11, enabled: false }] })).status).toBe(201)
    // Publishing needs at least 5 enabled.
    r = await c.post(P, complete({ status: 'PUBLISHED', interviewQuestions: [...questions(4), { title: 'Off', order: 5, enabled: false }] }))
    expect(r.status).toBe(422)
    expect(r.body.errors.interviewQuestions).toEqual(['Please add at least 5 enabled interview questions'])
    r = await c.post(P, complete({ status: 'PUBLISHED', interviewQuestions: questions(10) }))
    expect(r.status).toBe(201)
    // Questions are kept in order, with their ids across edits.
    const q = r.body.data.interviewQuestions
    const reordered = [{ ...q[1], order: 1 }, { ...q[0], order: 2 }, ...q.slice(2)]
    r = await c.patch(`${P}/${r.body.data.id}`, { interviewQuestions: reordered })
    expect(r.body.data.interviewQuestions.slice(0, 2).map((x: any) => x.id)).toEqual([q[1].id, q[0].id])
  })
})
