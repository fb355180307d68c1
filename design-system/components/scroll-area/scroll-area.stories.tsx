import type { Meta, StoryObj } from '@storybook/react-vite'
import { styled } from 'styled-system/jsx/factory'
import { ScrollArea } from './scroll-area'

const meta: Meta<typeof ScrollArea> = { title: 'Components/ScrollArea', component: ScrollArea }
export default meta

export const Vertical: StoryObj<typeof ScrollArea> = {
  render: () => (
    <ScrollArea height="64" maxW="sm" borderWidth="1px" borderRadius="l3">
      {Array.from({ length: 40 }, (_, i) => (
        <styled.p key={i} px="4" py="2" borderBottomWidth="1px">
          Row {i + 1}
        </styled.p>
      ))}
    </ScrollArea>
  ),
}
