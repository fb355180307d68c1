import type { Meta, StoryObj } from '@storybook/react-vite'
import CoachProfile from './index'

const meta = { title: 'Islands/CoachProfile', component: CoachProfile } satisfies Meta<typeof CoachProfile>
export default meta

export const Default: StoryObj<typeof meta> = {
  args: {
    userId: 'u1',
    username: 'maya',
    profile: {
      businessName: 'Okafor Leadership',
      specializations: ['Leadership', 'Management'],
      bio: 'Twelve years coaching new managers.',
      introductionVideo: '',
      experiences: [{ title: 'Head of People', company: 'Brightline', years: 6, months: 3 }],
      certifications: [{ title: 'ICF PCC', issuingOrganization: 'International Coaching Federation', issuingDate: '2019-05-01', certificateUrl: '' }],
      completedBusinessAccelerator: true,
      completedVideoResources: false,
      completedQuizzes: false,
      completedConsultation: false,
    },
  },
}

/** A new coach: nothing filled in yet. */
export const Empty: StoryObj<typeof meta> = {
  args: {
    userId: 'u1',
    username: 'maya',
    profile: {
      businessName: '',
      specializations: [],
      bio: '',
      introductionVideo: '',
      experiences: [],
      certifications: [],
      completedBusinessAccelerator: false,
      completedVideoResources: false,
      completedQuizzes: false,
      completedConsultation: false,
    },
  },
}
