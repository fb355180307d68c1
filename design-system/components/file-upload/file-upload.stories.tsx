import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { styled } from 'styled-system/jsx/factory'
import { Stack } from 'styled-system/jsx/stack'
import { AVATAR_ACCEPT } from '../../constants'
import { FileUpload } from './file-upload'

const meta: Meta<typeof FileUpload> = { title: 'Components/FileUpload', component: FileUpload }
export default meta

export const AvatarDropZone: StoryObj<typeof FileUpload> = {
  render: () => {
    const [name, setName] = useState<string>()
    return (
      <Stack maxW="sm" gap="2">
        <FileUpload label="Avatar" accept={AVATAR_ACCEPT} hint="Click or drop a png, jpeg or webp image" onFiles={(files) => setName(files[0]?.name)} />
        <styled.p textStyle="sm" color="fg.muted">
          {name ? `Chosen: ${name}` : 'No file yet'}
        </styled.p>
      </Stack>
    )
  },
}

export const Uploading: StoryObj<typeof FileUpload> = {
  render: () => (
    <Stack maxW="sm">
      <FileUpload label="Avatar" uploading />
    </Stack>
  ),
}
