import type { Meta, StoryObj } from '@storybook/react-vite'
import { HStack } from 'styled-system/jsx/hstack'
import { Stack } from 'styled-system/jsx/stack'
import { Skeleton } from './skeleton'

const meta: Meta<typeof Skeleton> = { title: 'Components/Skeleton', component: Skeleton }
export default meta

export const ProfileCard: StoryObj<typeof Skeleton> = {
  render: () => (
    <HStack gap="4" maxW="md">
      <Skeleton width="12" height="12" borderRadius="full" />
      <Stack gap="2" flex="1">
        <Skeleton height="4" />
        <Skeleton height="4" width="60%" />
      </Stack>
    </HStack>
  ),
}
