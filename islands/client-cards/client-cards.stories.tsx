import type { Meta, StoryObj } from '@storybook/react-vite'
import { mockApi } from '../../.storybook/mock-api'
import ClientCards from './index'

const meta = { title: 'Islands/ClientCards', component: ClientCards } satisfies Meta<typeof ClientCards>
export default meta
type Story = StoryObj<typeof meta>

const LIST = 'GET /v1/payments/payment-methods'
const card = (id: string, brand: string, last4: string, expYear: number, more: { isDefault?: boolean; expired?: boolean } = {}) => ({
  id,
  brand,
  last4,
  expMonth: 8,
  expYear,
  isDefault: false,
  expired: false,
  ...more,
})

/** The list is on its way. */
export const Loading: Story = { decorators: [mockApi({ [LIST]: 'pending' })] }
export const Empty: Story = { decorators: [mockApi({ [LIST]: { body: { data: [] } } })] }
/** A default card, another one, and an expired one (it can only be removed). */
export const Filled: Story = {
  decorators: [
    mockApi({
      [LIST]: {
        body: {
          data: [
            card('pm_1', 'visa', '4242', 2028, { isDefault: true }),
            card('pm_2', 'mastercard', '4444', 2027),
            card('pm_3', 'amex', '0005', 2025, { expired: true }),
          ],
        },
      },
    }),
  ],
}
/** The payments API failed: the error toast, and no cards listed. */
export const ErrorLoading: Story = { decorators: [mockApi({ [LIST]: { status: 503, body: { message: 'The card provider did not answer.' } } })] }
