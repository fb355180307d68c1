/** Every component in one tree, rendered on the server and hydrated in a browser by the hydration test. */
import { useState } from 'react'
import { Stack } from 'styled-system/jsx/stack'
import {
  Avatar,
  Badge,
  Button,
  Card,
  CountryCombobox,
  colorModeChoices,
  DataTable,
  type DataTableColumn,
  Dialog,
  Field,
  FileUpload,
  IconButton,
  Image,
  Menu,
  PageLoadingBar,
  PinInput,
  RadioPictureGroup,
  ScrollArea,
  Select,
  Sidebar,
  Skeleton,
  Spinner,
  Tabs,
  Toaster,
  Tooltip,
  toaster,
  useColorMode,
} from '../index'
import { SAMPLE_COUNTRIES } from './sample-countries'

const rows = Array.from({ length: 12 }, (_, i) => ({ id: `r${i}`, name: `Row ${String(i).padStart(2, '0')}`, group: i % 2 ? 'Odd' : 'Even' }))
const columns: DataTableColumn<(typeof rows)[number]>[] = [
  { accessorKey: 'group', header: 'Group' },
  { accessorKey: 'name', header: 'Name' },
]

export function HydrationFixture() {
  const [count, setCount] = useState(0)
  const [locked, setLocked] = useState(false)
  const [tableRows, setTableRows] = useState(rows)
  const { preference, setPreference } = useColorMode('auto')
  return (
    <Stack gap="4" p="4">
      <Sidebar
        items={[
          { href: '/c', label: 'Dashboard' },
          { href: '/c/workshops', label: 'Workshops' },
        ]}
        currentPath="/c"
      />
      <Button id="increment" onClick={() => setCount((c) => c + 1)}>
        Clicked {count}
      </Button>
      <IconButton aria-label="Add">+</IconButton>
      <Badge>New</Badge>
      <Avatar alt="Ada Lovelace" />
      <Avatar alt="Grace Hopper" src="files/grace.png" />
      <Card.Root>
        <Card.Header>
          <Card.Title>Title</Card.Title>
        </Card.Header>
        <Card.Body>
          <Field.Root>
            <Field.Label>Email</Field.Label>
            <Field.Input />
            <Field.HelperText>Help</Field.HelperText>
          </Field.Root>
          <Field.Root invalid>
            <Field.Label>Headline</Field.Label>
            <Field.Textarea />
            <Field.ErrorText>Too long</Field.ErrorText>
          </Field.Root>
        </Card.Body>
      </Card.Root>
      <PinInput label="Code" />
      <RadioPictureGroup label="Appearance" choices={colorModeChoices} value={preference} onValueChange={(v) => setPreference(v as 'auto')} />
      <Select
        label="Platform"
        options={[
          { label: 'X', value: 'x' },
          { label: 'LinkedIn', value: 'linkedin' },
        ]}
      />
      <CountryCombobox countries={SAMPLE_COUNTRIES} label="Country" defaultValue="GB" />
      <Dialog title="Settings" size="lg" trigger={<Button id="open-settings">Open</Button>}>
        <Select
          label="Inside"
          options={[
            { label: 'Inner one', value: 'one' },
            { label: 'Inner two', value: 'two' },
          ]}
        />
      </Dialog>
      <Button id="open-locked" onClick={() => setLocked(true)}>
        Open locked
      </Button>
      <Dialog title="Locked" open={locked} onOpenChange={setLocked} dismissible={false}>
        <Button id="close-locked" onClick={() => setLocked(false)}>
          Done
        </Button>
      </Dialog>
      <Button id="toast" onClick={() => toaster.create({ title: 'User Updated', description: 'Successfully updated.', type: 'success' })}>
        Toast
      </Button>
      <Tabs.Root defaultValue="a">
        <Tabs.List>
          <Tabs.Trigger value="a">Account</Tabs.Trigger>
          <Tabs.Trigger value="p" badge="New">
            Preferences
          </Tabs.Trigger>
          <Tabs.Indicator />
        </Tabs.List>
        <Tabs.Content value="a">A</Tabs.Content>
        <Tabs.Content value="p">P</Tabs.Content>
      </Tabs.Root>
      <Menu.Root>
        <Menu.Trigger asChild>
          <Button>Menu</Button>
        </Menu.Trigger>
        <Menu.Content>
          <Menu.Item value="a">A</Menu.Item>
        </Menu.Content>
      </Menu.Root>
      <Tooltip content="Tooltip text">
        <Button id="tip">Tip</Button>
      </Tooltip>
      <ScrollArea height="20">
        {Array.from({ length: 10 }, (_, i) => (
          <p key={i}>Line {i}</p>
        ))}
      </ScrollArea>
      <FileUpload label="Avatar" />
      <Spinner />
      <Skeleton height="4" />
      <PageLoadingBar loading={false} />
      <Image src="files/a.png" alt="A" width={64} height={64} />
      <DataTable
        data={tableRows}
        columns={columns}
        getRowId={(r) => r.id}
        enableRowSelection
        manualPagination
        rowCount={tableRows.length}
        onReorder={(_from, _to, reordered) => setTableRows(reordered)}
      />
      <Toaster />
    </Stack>
  )
}
