/**
 * Design system on the server: components render with React 19 `renderToReadableStream`
 * (no window during render), plus the pure helpers and the constants of section 9.
 */
import { describe, expect, test } from 'bun:test'
import { renderToReadableStream } from 'react-dom/server'
import {
  Avatar,
  Badge,
  Button,
  Card,
  Choice,
  ConfirmDialog,
  CountryCombobox,
  colorModeChoices,
  DataTable,
  Dialog,
  DragHandle,
  Field,
  FileUpload,
  FormDialog,
  GeneratedCover,
  IMAGE,
  Image,
  Input,
  initials,
  LinkButton,
  linkButtonClass,
  NativeSelect,
  PagedTable,
  PageLoadingBar,
  PinInput,
  RadioPictureGroup,
  ScrollArea,
  Select,
  Sidebar,
  Skeleton,
  Spinner,
  TABLE,
  TabLinks,
  Tabs,
  Textarea,
  TOAST,
  Toaster,
  Tooltip,
  toaster,
} from '../../design-system'
import { COUNTRIES } from '../../src/shared/countries'

async function html(node: React.ReactNode): Promise<string> {
  const stream = await renderToReadableStream(node, {
    onError: (e) => {
      throw e
    },
  })
  await stream.allReady
  return await new Response(stream).text()
}

describe('Avatar initials', () => {
  test('first letters of the first two words, at most 2, upper-cased', () => {
    expect(initials('Ada Lovelace')).toBe('AL')
    expect(initials('grace brewster murray hopper')).toBe('GB')
    expect(initials('  Cher  ')).toBe('C')
    expect(initials('')).toBe('')
    expect(initials(undefined)).toBe('')
    expect(initials('émile zola')).toBe('ÉZ')
  })

  test('renders the initials as fallback on the server', async () => {
    const out = await html(<Avatar alt="Ada Lovelace" />)
    expect(out).toContain('>AL<')
    expect(out).toContain('avatar__fallback')
  })

  test('label wins over initials; stored file keys go through the image provider', async () => {
    const out = await html(<Avatar alt="Ada Lovelace" label="Me" src="avatars/ada.png" />)
    expect(out).toContain('>Me<')
    expect(out).toContain(`src="${IMAGE.providerBase}avatars/ada.png"`)
    const abs = await html(<Avatar alt="A B" src="https://cdn.example/a.png" />)
    expect(abs).toContain('src="https://cdn.example/a.png"')
  })
})

describe('Button', () => {
  test('default size is sm', async () => {
    const out = await html(<Button>Save</Button>)
    expect(out).toContain('button--size_sm')
    expect(out).toContain('type="button"')
  })

  test('loading disables the button and shows the loading text', async () => {
    const out = await html(
      <Button loading loadingText="Saving...">
        Save
      </Button>,
    )
    expect(out).toContain('disabled=""')
    expect(out).toContain('Saving...')
    expect(out).not.toContain('>Save<')
  })
})

describe('NativeSelect', () => {
  test('a native select with the recipe class (size md by default), a placeholder and the options', async () => {
    const out = await html(
      <NativeSelect
        name="level"
        placeholder="Choose a level"
        options={[
          { value: 'BEGINNER', label: 'Beginner' },
          { value: 'ADVANCED', label: 'Advanced', disabled: true },
        ]}
        defaultValue=""
      />,
    )
    expect(out).toMatch(/^<select[^>]*class="native-select native-select--size_md"/)
    expect(out).toContain('<option value="" selected="">Choose a level</option>')
    expect(out).toContain('<option value="ADVANCED" disabled="">Advanced</option>')
    expect(out).not.toContain('aria-invalid')
  })

  test('invalid from the prop or from FormField; aria-invalid="false" is not written', async () => {
    expect(await html(<NativeSelect invalid size="sm" />)).toContain('aria-invalid="true"')
    expect(await html(<NativeSelect aria-invalid={true} />)).toContain('aria-invalid="true"')
    expect(await html(<NativeSelect aria-invalid="false" />)).not.toContain('aria-invalid')
    expect(await html(<NativeSelect size="sm" />)).toContain('native-select--size_sm')
  })
})

describe('Input and Textarea', () => {
  test('plain elements with the input and textarea recipes', async () => {
    const input = await html(<Input type="email" size="sm" invalid />)
    expect(input).toMatch(/^<input[^>]*class="input input--size_sm"/)
    expect(input).toContain('type="email"')
    expect(input).toContain('aria-invalid="true"')
    const area = await html(<Textarea rows={3} defaultValue="Hello" />)
    expect(area).toMatch(/^<textarea[^>]*class="textarea/)
    expect(area).toContain('>Hello</textarea>')
    expect(area).not.toContain('aria-invalid')
  })
})

describe('LinkButton', () => {
  test('a link with the button classes, small by default; disabled has no href', async () => {
    const out = await html(<LinkButton href="/pay">Pay</LinkButton>)
    expect(out).toMatch(/^<a href="\/pay"[^>]*class="button button--variant_solid button--size_sm link-button"/)
    const outline = await html(
      <LinkButton href="/x" variant="outline" size="md" download>
        Invoice
      </LinkButton>,
    )
    expect(outline).toContain('button--variant_outline')
    expect(outline).toContain('button--size_md')
    expect(outline).toContain('download=""')
    const disabled = await html(
      <LinkButton href="/b" disabled>
        Bookings
      </LinkButton>,
    )
    expect(disabled).not.toContain('href=')
    expect(disabled).toContain('aria-disabled="true"')
    expect(linkButtonClass({ variant: 'ghost' })).toBe('button button--variant_ghost button--size_sm link-button')
  })
})

describe('Button, Badge, Choice and DragHandle', () => {
  test('plain elements with recipe classes: tone danger, the link variant, busy', async () => {
    const danger = await html(
      <Button tone="danger" variant="outline">
        Cancel booking
      </Button>,
    )
    expect(danger).toMatch(/^<button type="button" class="button button--variant_outline button--size_sm button--tone_danger"/)
    expect(await html(<Button variant="link">Try again</Button>)).toContain('button--variant_link')
    const busy = await html(
      <Button loading loadingText="Saving...">
        Save
      </Button>,
    )
    expect(busy).toContain('aria-busy="true"')
    expect(busy).toContain('disabled=""')
    expect(busy).toContain('Saving...')
    expect(busy).not.toContain('>Save<')
  })

  test('a soft badge takes its tone; a choice is a label around its input; a drag handle is a named button', async () => {
    const badge = await html(
      <Badge variant="soft" tone="danger">
        Expired
      </Badge>,
    )
    expect(badge).toMatch(/^<span class="badge [^"]*badge--variant_soft[^"]*badge--tone_danger/)
    const choice = await html(
      <Choice size="lg">
        <input type="radio" name="card" defaultChecked /> Visa
      </Choice>,
    )
    expect(choice).toMatch(/^<label class="choice choice--size_lg"><input type="radio" name="card" checked=""/)
    const handle = await html(<DragHandle aria-label="Reorder question 2" dragging />)
    expect(handle).toMatch(/^<button type="button"[^>]*aria-label="Reorder question 2"/)
    expect(handle).toContain('data-dragging=""')
    expect(handle).toContain('<svg')
  })
})

describe('ConfirmDialog and FormDialog', () => {
  test('an open confirm dialog: alertdialog, title, description, cancel and confirm; danger paints it red', async () => {
    const out = await html(
      <ConfirmDialog defaultOpen tone="danger" title="Delete this schedule?" description="It has no bookings." confirmLabel="Delete" onConfirm={() => {}} />,
    )
    expect(out).toContain('role="alertdialog"')
    expect(out).toContain('Delete this schedule?')
    expect(out).toContain('It has no bookings.')
    expect(out).toMatch(/data-part="cancel"[^>]*>Cancel</)
    expect(out).toMatch(/data-part="confirm" data-tone="danger"/)
    expect(out).toContain('button--tone_danger')
  })

  test('busy: the confirm button spins with its busy label, cancel is disabled, no close button', async () => {
    const out = await html(<ConfirmDialog defaultOpen busy title="Remove?" confirmLabel="Remove" busyLabel="Removing..." onConfirm={() => {}} />)
    expect(out).toContain('aria-busy="true"')
    expect(out).toContain('Removing...')
    expect(out).toMatch(/disabled=""[^>]*data-part="cancel"|data-part="cancel"[^>]*disabled=""/)
    expect(out).not.toContain('aria-label="Close"')
  })

  test('a form dialog wraps its fields and buttons in one form; the error is an alert', async () => {
    const out = await html(
      <FormDialog defaultOpen size="wide" title="New schedule" submitLabel="Create schedule" error="The plan limit is reached." onSubmit={() => {}}>
        <Input name="city" />
      </FormDialog>,
    )
    expect(out).toContain('dialog__content--size_wide')
    const form = out.match(/<form[\s\S]*<\/form>/)?.[0] ?? ''
    expect(form).toMatch(/<form novalidate=""/i)
    expect(form).toContain('name="city"')
    expect(form).toMatch(/type="submit"[^>]*>Create schedule</)
    expect(form).toContain('role="alert"')
    expect(form).toContain('The plan limit is reached.')
  })
})

describe('Card', () => {
  test('default variant is solid-gray', async () => {
    const out = await html(
      <Card.Root>
        <Card.Body>x</Card.Body>
      </Card.Root>,
    )
    expect(out).toContain('card__root--variant_solid-gray')
  })
})

describe('Toast', () => {
  test('constants of section 9', () => {
    expect(TOAST).toEqual({ max: 10, duration: 5000, removeDelay: 1_000_000, hotkey: ['F8'], swipeThreshold: 50 })
    expect(typeof toaster.create).toBe('function')
  })
})

describe('Table', () => {
  test('constants of section 9', () => {
    expect(TABLE.pageIndex).toBe(0)
    expect(TABLE.pageSize).toBe(10)
    expect(TABLE.columnSize).toBe(150)
    expect(TABLE.columnMinSize).toBe(20)
    expect(TABLE.dragAnimationMs).toBe(300)
    expect(TABLE.hoverSuppressMs).toBe(6000)
  })

  type Row = { id: string; name: string }
  const rows: Row[] = Array.from({ length: 23 }, (_, i) => ({ id: `r${i}`, name: `Name ${String(i).padStart(2, '0')}` }))
  const columns = [{ accessorKey: 'name', header: 'Name' }] as any

  test('renders page 1 of 3 with 10 rows, default column width 150', async () => {
    const out = await html(<DataTable data={rows} columns={columns} getRowId={(r) => r.id} />)
    expect(out.match(/<tbody[\s\S]*<\/tbody>/)?.[0].match(/<tr/g)?.length).toBe(10)
    expect(out).toContain('Name 00')
    expect(out).toContain('Name 09')
    expect(out).not.toContain('Name 10')
    expect(out).toMatch(/Page <!-- -->1<!-- --> of <!-- -->3/)
    expect(out).toContain('width:150px')
  })

  test('manual pagination shows the data as given; empty text; drag handles', async () => {
    const out = await html(<DataTable data={rows.slice(0, 3)} columns={columns} manualPagination rowCount={3} getRowId={(r) => r.id} onReorder={() => {}} />)
    // The drag column is there from the server on; its handles come with the drag and drop code in the browser.
    expect(out).toContain('>Order</span>')
    expect(out.match(/<tbody[\s\S]*<\/tbody>/)?.[0].match(/<tr/g)?.length).toBe(3)
    const empty = await html(<DataTable data={[]} columns={columns} emptyText="No social accounts linked yet." />)
    expect(empty).toContain('No social accounts linked yet.')
  })

  test('global filter', async () => {
    const out = await html(<DataTable data={rows} columns={columns} globalFilter="Name 2" />)
    expect(out).toContain('Name 20')
    expect(out).not.toContain('Name 01')
  })

  test('each cell says what it is on a phone: the first column leads the card, the others carry their header, actions wrap apart', async () => {
    const cols = [
      { accessorKey: 'name', header: 'Name' },
      { id: 'seats', header: 'Seats', cell: () => '2' },
      { id: 'actions', header: () => 'Act', meta: { role: 'actions' }, cell: () => 'x' },
    ] as any
    const out = await html(<DataTable data={rows.slice(0, 1)} columns={cols} getRowId={(r) => r.id} />)
    const cells = out.match(/<td[^>]*>/g) ?? []
    expect(cells[0]).toContain('data-primary=""')
    expect(cells[1]).toContain('data-label="Seats"')
    expect(cells[2]).toContain('data-actions=""')
    // The cards' rules are classes of the root alone (one of them hides the head below md); cells carry none.
    expect(out).toMatch(/<table[^>]*class="[^"]*\btable-cards--layout_cards\b/)
    expect(cells[1]).not.toContain('layout')
  })
})

describe('PagedTable on a phone', () => {
  type Row = { id: string; name: string }
  const rows: Row[] = [
    { id: 'a', name: 'First' },
    { id: 'b', name: 'Second' },
  ]
  test('cells carry their header, the sortable columns are offered above the cards', async () => {
    const out = await html(
      <PagedTable
        aria-label="Transfers"
        columns={[
          { id: 'session', header: 'Session', sortable: true, cell: (r: Row) => r.name },
          { id: 'net', header: 'Net', sortable: true, cell: () => '$1.00' },
          { id: '_actions', header: 'Actions', role: 'actions', cell: () => 'Edit' },
        ]}
        rows={rows.slice(0, 2)}
        total={2}
        state={{ page: 0, sort: [], filters: {} }}
        href={() => '/x'}
        rowId={(r: Row) => r.id}
        empty="None"
      />,
    )
    expect(out).toContain('data-primary=""')
    expect(out).toContain('data-label="Net"')
    expect(out).toContain('data-actions=""')
    expect(out).toMatch(/<nav aria-label="Sort transfers"[^>]*><span>Sort by<\/span>/)
  })
})

describe('TabLinks and GeneratedCover', () => {
  test('tabs are links, the current one marked; a cover is decorative and the same for the same title', async () => {
    const tabs = await html(
      <TabLinks
        label="Workshop sections"
        current="/w/1/resources"
        tabs={['', '/history', '/payouts', '/calendar', '/invoices', '/resources'].map((p) => ({ href: `/w/1${p}`, label: p || 'Overview' }))}
      />,
    )
    expect(tabs.match(/<a /g)).toHaveLength(6)
    expect(tabs).toMatch(/<a href="\/w\/1\/resources" aria-current="page"/)
    const a = await html(<GeneratedCover title="Negotiation Bootcamp" />)
    expect(a).toContain('aria-hidden="true"')
    expect(a).toContain('>NB</text>')
    expect(await html(<GeneratedCover title="Negotiation Bootcamp" />)).toBe(a)
  })
})

describe('every component renders on the server', () => {
  test('without touching window', async () => {
    const out = await html(
      <div>
        <Badge>New</Badge>
        <Spinner />
        <Skeleton height="4" />
        <Field.Root invalid>
          <Field.Label>Email</Field.Label>
          <Field.Input />
          <Field.ErrorText>Please enter a valid email address</Field.ErrorText>
        </Field.Root>
        <PinInput label="Code" />
        <RadioPictureGroup label="Appearance" choices={colorModeChoices} defaultValue="auto" />
        <Select label="Platform" options={[{ label: 'X', value: 'x' }]} />
        <CountryCombobox countries={COUNTRIES} label="Country" defaultValue="GB" />
        <Dialog title="Settings" size="lg" defaultOpen>
          body
        </Dialog>
        <Tabs.Root defaultValue="a">
          <Tabs.List>
            <Tabs.Trigger value="a">Account</Tabs.Trigger>
            <Tabs.Trigger value="p" badge="New">
              Preferences
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="a">A</Tabs.Content>
        </Tabs.Root>
        <Tooltip content="Hi">
          <Button>Hover</Button>
        </Tooltip>
        <ScrollArea>content</ScrollArea>
        <FileUpload label="Avatar" />
        <PageLoadingBar loading={false} />
        <Sidebar items={[{ href: '/c', label: 'Dashboard' }]} currentPath="/c" />
        <Image src="files/a.png" alt="A" width={100} />
        <Toaster />
      </div>,
    )
    expect(out.match(/<input/g)!.length).toBeGreaterThanOrEqual(6)
    expect(out).toContain('System')
    expect(out).toContain('Dark')
    expect(out).toContain('aria-current="page"')
    expect(out).toContain('New')
    expect(out).toContain('1x')
  })
})
