import type { Meta, StoryObj } from '@storybook/react-vite'
import CoachResources from './index'

const meta = { title: 'Islands/CoachResources', component: CoachResources } satisfies Meta<typeof CoachResources>
export default meta

const r = (id: string, title: string, type: string, extra: Record<string, unknown> = {}) => ({
  id,
  title,
  type,
  description: null,
  url: 'https://example.com',
  filePath: null,
  fileSize: null,
  fileType: null,
  sortOrder: 0,
  isVisible: true,
  isBroadcast: false,
  isPublic: false,
  broadcastAt: null,
  ...extra,
})
export const Default: StoryObj<typeof meta> = {
  args: {
    workshopId: 'w1',
    resources: [
      r('1', 'Welcome pack', 'document', { url: null, filePath: '/v1/files/x', fileSize: 48211 }),
      r('2', 'Warm-up video', 'video'),
      r('3', 'Coach notes', 'file', { isVisible: false, url: null, filePath: '/v1/files/y' }),
    ],
  },
}
export const Empty: StoryObj<typeof meta> = { args: { workshopId: 'w1', resources: [] } }
