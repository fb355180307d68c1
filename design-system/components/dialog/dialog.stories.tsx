import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { styled } from 'styled-system/jsx/factory'
import { Stack } from 'styled-system/jsx/stack'
import { Button } from '../button/button'
import { Dialog } from './dialog'

const meta: Meta<typeof Dialog> = { title: 'Components/Dialog', component: Dialog }
export default meta

export const Default: StoryObj<typeof Dialog> = {
  render: () => (
    <Dialog
      title="Remove social account"
      description="The link disappears from your public profile."
      trigger={<Button>Open dialog</Button>}
      footer={<Button variant="outline">Cancel</Button>}
    >
      <p>Are you sure?</p>
    </Dialog>
  ),
}

export const LargeScrollable: StoryObj<typeof Dialog> = {
  render: () => (
    <Dialog title="Settings" size="lg" trigger={<Button>Open settings</Button>}>
      <Stack gap="4">
        {Array.from({ length: 30 }, (_, i) => (
          <styled.p key={i} color="fg.muted">
            Paragraph {i + 1}: the body scrolls while the title stays in place.
          </styled.p>
        ))}
      </Stack>
    </Dialog>
  ),
}

export const NotDismissible: StoryObj<typeof Dialog> = {
  render: () => {
    const [open, setOpen] = useState(false)
    return (
      <>
        <Button onClick={() => setOpen(true)}>Open</Button>
        <Dialog
          title="Finish first"
          description="Outside clicks and Escape are ignored."
          open={open}
          onOpenChange={setOpen}
          dismissible={false}
          footer={<Button onClick={() => setOpen(false)}>Done</Button>}
        >
          <p>Only the button closes this dialog.</p>
        </Dialog>
      </>
    )
  },
}

/** Open at each size: sm, md (default), wide and lg. */
export const OpenSmall: StoryObj<typeof Dialog> = {
  render: () => (
    <Dialog title="Unlink Google?" size="sm" defaultOpen footer={<Button variant="outline">Cancel</Button>}>
      <p>You can link it again at any time.</p>
    </Dialog>
  ),
}

export const OpenMedium: StoryObj<typeof Dialog> = {
  render: () => (
    <Dialog title="Remove social account" description="The link disappears from your public profile." defaultOpen footer={<Button>Remove</Button>}>
      <p>Are you sure?</p>
    </Dialog>
  ),
}

export const OpenWide: StoryObj<typeof Dialog> = {
  render: () => (
    <Dialog title="New schedule" size="wide" defaultOpen>
      <styled.p color="fg.muted">A wide dialog holds a form of two columns.</styled.p>
    </Dialog>
  ),
}
