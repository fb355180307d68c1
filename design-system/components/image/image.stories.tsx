import type { Meta, StoryObj } from '@storybook/react-vite'
import { styled } from 'styled-system/jsx/factory'
import { Stack } from 'styled-system/jsx/stack'
import { Image } from './image'
import { imageSrcSet } from './image-src'

const meta: Meta<typeof Image> = { title: 'Components/Image', component: Image }
export default meta

const picture =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 320"><rect width="640" height="320" fill="#fef08a"/><path d="M0 320 L220 90 L340 220 L430 140 L640 320Z" fill="#57534e"/></svg>',
  )

export const Responsive: StoryObj<typeof Image> = {
  render: () => (
    <Stack gap="3" maxW="xl">
      <Image src={picture} alt="Mountains" width={640} borderRadius="l3" w="full" h="auto" />
      <styled.code textStyle="xs" color="fg.muted" whiteSpace="pre-wrap">
        {`srcset for a stored file "avatars/ada.png":\n${imageSrcSet('avatars/ada.png')}`}
      </styled.code>
    </Stack>
  ),
}
