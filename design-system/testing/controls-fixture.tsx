/**
 * The form controls and dialogs of the design system in one tree, rendered on the server and
 * hydrated in a browser by tests/unit/design-system-controls.test.tsx. The toaster is mounted as
 * the islands mount it (its own root in a container appended to <body>, islands/lib/toast.ts).
 */
import { useEffect, useState } from 'react'
import { Button } from '../components/button/button'
import { ConfirmDialog } from '../components/confirm-dialog/confirm-dialog'
import { Dialog } from '../components/dialog/dialog'
import { FormField } from '../components/field/form-field'
import { FormDialog } from '../components/form-dialog/form-dialog'
import { Input, Textarea } from '../components/input/input'
import { LinkButton } from '../components/link-button/link-button'
import { NativeSelect } from '../components/native-select/native-select'
import { Switch } from '../components/switch/switch'
import { toaster } from '../components/toast/toast'

type Log = { confirmed: number; submitted: string[]; settle: ((ok: boolean) => void) | null }
const log = (): Log => ((globalThis as any).__log ??= { confirmed: 0, submitted: [], settle: null })

export function ControlsFixture() {
  const [level, setLevel] = useState('')
  const [saving, setSaving] = useState(false)
  const [formOpen, setFormOpen] = useState(false)
  const [title, setTitle] = useState('')
  const [accepting, setAccepting] = useState(true)
  useEffect(() => {
    ;(window as any).__hydrated = true
  }, [])
  return (
    <main>
      <FormField label="Level" id="level" error={level ? undefined : 'Please choose a level'}>
        <NativeSelect
          placeholder="Choose a level"
          options={[
            { value: 'BEGINNER', label: 'Beginner' },
            { value: 'ADVANCED', label: 'Advanced' },
          ]}
          value={level}
          onChange={(e) => setLevel(e.target.value)}
        />
      </FormField>
      <FormField label="City" id="city">
        <Input defaultValue="Lisbon" />
      </FormField>
      <FormField label="Notes" id="notes" error="Too long">
        <Textarea />
      </FormField>
      <Switch label="Accept applications" checked={accepting} onCheckedChange={setAccepting} name="accepting" data-testid="accepting" />
      <output id="accepting-state">{accepting ? 'on' : 'off'}</output>
      <Switch label="Resume required" checked={false} onCheckedChange={() => log().submitted.push('disabled switch changed')} disabled data-testid="locked" />
      <LinkButton id="pay" href="/pay">
        Pay
      </LinkButton>
      <LinkButton id="bookings" href="/bookings" variant="outline" disabled>
        Bookings
      </LinkButton>

      <ConfirmDialog
        tone="danger"
        title="Delete this schedule?"
        description="It leaves the marketplace."
        confirmLabel="Delete"
        busyLabel="Deleting..."
        trigger={<Button id="delete">Delete</Button>}
        onConfirm={() =>
          new Promise<boolean>((resolve) => {
            log().settle = (ok) => {
              if (ok) log().confirmed++
              resolve(ok)
            }
          })
        }
      />
      <ConfirmDialog title="Publish?" confirmLabel="Publish" trigger={<Button id="publish">Publish</Button>} onConfirm={() => void log().confirmed++} />

      <Button id="add" onClick={() => setFormOpen(true)}>
        Add resource
      </Button>
      <FormDialog
        title="Add a resource"
        submitLabel="Add resource"
        open={formOpen}
        onOpenChange={setFormOpen}
        busy={saving}
        onSubmit={() => {
          log().submitted.push(title)
          setSaving(true)
          log().settle = () => {
            setSaving(false)
            setFormOpen(false)
          }
        }}
      >
        <FormField label="Title" id="resource-title">
          <Input value={title} onChange={(e) => setTitle(e.target.value)} />
        </FormField>
      </FormDialog>

      <Dialog title="Settings" size="lg" trigger={<Button id="settings">Settings</Button>}>
        <Button id="save-settings" onClick={() => toaster.create({ title: 'User Updated', description: 'Successfully updated.', type: 'success' })}>
          Save
        </Button>
      </Dialog>
    </main>
  )
}
