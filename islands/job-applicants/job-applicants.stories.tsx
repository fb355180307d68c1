import type { Meta, StoryObj } from '@storybook/react-vite'
import JobApplicants from './index'

const answers = [
  { questionId: 'q1', question: 'Why do you want to join us?', answer: 'I have coached new managers for six years.' },
  { questionId: 'q2', question: 'When could you start?', answer: 'In March.' },
]
const meta = { title: 'Islands/JobApplicants', component: JobApplicants } satisfies Meta<typeof JobApplicants>
export default meta

export const Applicants: StoryObj<typeof meta> = {
  args: {
    postingId: 'p1',
    applicants: [
      {
        id: 'a1',
        name: 'Priya Shah',
        email: 'priya@example.com',
        answers,
        ieltsScore: 7.5,
        status: 'NEW',
        autoRejected: false,
        resume: { name: 'priya.pdf', type: 'application/pdf', url: '#' },
        createdAt: '2026-11-20T10:00:00.000Z',
      },
      {
        id: 'a2',
        name: 'Tom Becker',
        email: 'tom@example.com',
        answers,
        ieltsScore: 5.5,
        status: 'REJECTED',
        autoRejected: true,
        resume: null,
        createdAt: '2026-11-21T09:30:00.000Z',
      },
    ],
  },
}
export const Empty: StoryObj<typeof meta> = { args: { postingId: 'p1', applicants: [] } }
