import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { HStack } from 'styled-system/jsx/hstack'
import { Button } from '../button/button'
import { PageLoadingBar } from './page-loading-bar'

const meta: Meta<typeof PageLoadingBar> = { title: 'Components/PageLoadingBar', component: PageLoadingBar }
export default meta

export const Toggle: StoryObj<typeof PageLoadingBar> = {
  render: () => {
    const [loading, setLoading] = useState(false)
    return (
      <HStack gap="3">
        <PageLoadingBar loading={loading} />
        <Button onClick={() => setLoading((l) => !l)}>{loading ? 'Finish loading' : 'Start loading'}</Button>
      </HStack>
    )
  },
}
