import type { Meta, StoryObj } from '@storybook/react-vite'
import CoachWorkshopForm from './index'

const meta = { title: 'Islands/CoachWorkshopForm', component: CoachWorkshopForm } satisfies Meta<typeof CoachWorkshopForm>
export default meta

const templates = [
  { id: 't1', title: 'Leadership essentials', description: 'A day of practice.', outcomes: ['Run better one-to-ones'], image: '', video: '', price: 149 },
]
const tags = [
  { name: 'Leadership', slug: 'leadership' },
  { name: 'Negotiation', slug: 'negotiation' },
]
export const Create: StoryObj<typeof meta> = { args: { mode: 'create', currency: 'usd', templates, tags } }
export const Edit: StoryObj<typeof meta> = {
  args: {
    mode: 'edit',
    currency: 'usd',
    templates,
    tags,
    workshop: {
      id: 'w1',
      title: 'Negotiation lab',
      description: 'Anchors and walking away.',
      outcomes: ['Set an anchor', 'Know your walk-away point'],
      image: '',
      video: '',
      price: 120,
      minSeats: 2,
      maxSeats: 12,
      tags: ['negotiation'],
      templateId: null,
      deleted: false,
    },
  },
}
export const Deleted: StoryObj<typeof meta> = { args: { ...Edit.args!, workshop: { ...Edit.args!.workshop!, deleted: true } } }
