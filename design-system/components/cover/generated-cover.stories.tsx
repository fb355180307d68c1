import type { Meta, StoryObj } from '@storybook/react-vite'
import { css } from 'styled-system/css'
import { GeneratedCover } from './generated-cover'

const meta: Meta<typeof GeneratedCover> = {
  title: 'Components/GeneratedCover',
  component: GeneratedCover,
  decorators: [
    (Story) => (
      <div className={css({ w: 'full', maxW: '360px', aspectRatio: '16 / 10', borderRadius: 'l3', overflow: 'hidden' })}>
        <Story />
      </div>
    ),
  ],
}
export default meta

/** A workshop without a picture on a card: its title picks the tone. */
export const Default: StoryObj<typeof GeneratedCover> = { args: { title: 'Negotiation Bootcamp' } }
/** Another title, another tone. */
export const OtherTitle: StoryObj<typeof GeneratedCover> = { args: { title: 'Storytelling for Leaders' } }
