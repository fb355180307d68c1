import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import JobPostingEditor from './index'
import { duplicateErrors, type ErrorBag, type FormState, fromPosting, validate } from './model'
import { BasicsPart, CategoriesPart, CompanyPart, DescriptionPart, EmploymentPart, LocationPart, type PartProps, ScreeningPart } from './parts'
import type { EditorPosting } from './props'
import { QuestionsPart } from './questions'
import { RecruitersPart } from './recruiters'

const members = [
  { id: 'u-maya', name: 'Maya Okafor', email: 'maya@acme.example' },
  { id: 'u-leo', name: 'Leo Martins', email: 'leo@acme.example' },
]
const questions = [
  'Why do you want to join us?',
  'Tell us about a project you are proud of.',
  'How do you handle disagreement?',
  'What would you like to learn next?',
  'When could you start?',
].map((title, i) => ({ id: `q${i}`, title, order: i + 1, enabled: true }))
const posting: EditorPosting = {
  id: '01900000-0000-7000-8000-000000000001',
  status: 'DRAFT',
  title: 'Leadership coach (part time)',
  description: 'Acme Coaching helps first-time managers find their feet. We are looking for a coach who has led teams and enjoys helping others do the same.',
  skillsDescription: 'Five or more years of leading people, a coaching qualification (ICF or similar) and calm, clear facilitation.',
  companyName: 'Acme Coaching',
  companyUrl: 'https://acme.example',
  location: 'London',
  employmentStatus: 'PART_TIME',
  experienceLevel: 'MID_SENIOR_LEVEL',
  listingType: null,
  availability: null,
  posterEmail: 'jobs@acme.example',
  externalJobPostingId: null,
  workplaceTypes: ['Hybrid'],
  industries: [],
  categories: ['HR'],
  preferences: { resumeRequired: true },
  recruiterIds: ['u-maya'],
  interviewQuestions: questions,
  updatedAt: '2026-11-20T10:00:00.000Z',
}

const meta = { title: 'Islands/JobPostingEditor', component: JobPostingEditor } satisfies Meta<typeof JobPostingEditor>
export default meta

export const New: StoryObj<typeof meta> = { args: { posting: null, members } }
export const Draft: StoryObj<typeof meta> = { args: { posting, members } }
export const Published: StoryObj<typeof meta> = { args: { posting: { ...posting, status: 'PUBLISHED' }, members } }

/** One part on its own, with live state and every error shown (as after a publish attempt). */
function Part({ render, initial, showErrors = false }: { render: (p: PartProps) => React.ReactNode; initial: FormState; showErrors?: boolean }) {
  const [form, setForm] = useState(initial)
  const errors: ErrorBag = { ...(showErrors ? validate(form, 'PUBLISHED', false) : {}), ...duplicateErrors(form) }
  return <>{render({ form, errors, blur: () => {}, set: (k, v) => setForm((f) => ({ ...f, [k]: v })) })}</>
}
const filled = fromPosting(posting)
const empty = fromPosting(null)
type PartStory = StoryObj<typeof Part>

export const Basics: PartStory = { render: () => <Part initial={filled} render={(p) => <BasicsPart {...p} />} /> }
export const DescriptionAndSkills: PartStory = {
  render: () => <Part initial={{ ...empty, description: 'Too short' }} showErrors render={(p) => <DescriptionPart {...p} />} />,
}
export const Company: PartStory = { render: () => <Part initial={{ ...filled, companyUrl: 'not a url' }} showErrors render={(p) => <CompanyPart {...p} />} /> }
export const LocationAndWorkMode: PartStory = { render: () => <Part initial={filled} render={(p) => <LocationPart {...p} />} /> }
export const EmploymentAndSeniority: PartStory = { render: () => <Part initial={filled} render={(p) => <EmploymentPart {...p} />} /> }
export const Categories: PartStory = {
  render: () => <Part initial={{ ...filled, categories: ['HR', 'IT', 'SALES'] }} render={(p) => <CategoriesPart {...p} />} />,
}
export const Screening: PartStory = {
  render: () => (
    <Part
      initial={{ ...filled, preferences: { ...filled.preferences, ieltsAssessmentRequired: true, applicantMaxLimit: 25 } }}
      render={(p) => <ScreeningPart {...p} />}
    />
  ),
}
export const InterviewQuestions: PartStory = {
  render: () => (
    <Part
      initial={{ ...filled, interviewQuestions: [...filled.interviewQuestions, { key: 'dup', title: ' why do you want to join us? ', enabled: true }] }}
      render={(p) => <QuestionsPart {...p} />}
    />
  ),
}
export const TooFewQuestions: PartStory = {
  render: () => <Part initial={{ ...filled, interviewQuestions: filled.interviewQuestions.slice(0, 3) }} showErrors render={(p) => <QuestionsPart {...p} />} />,
}
export const Recruiters: PartStory = { render: () => <Part initial={filled} render={(p) => <RecruitersPart {...p} members={members} />} /> }
