import type { Meta, StoryObj } from '@storybook/react-vite'
import { Trash2Icon } from 'lucide-react'
import { useMemo, useState } from 'react'
import { styled } from 'styled-system/jsx/factory'
import { Stack } from 'styled-system/jsx/stack'
import { Field } from '../field/field'
import { IconButton } from '../icon-button/icon-button'
import { DataTable, type DataTableColumn } from './data-table'

const meta: Meta = { title: 'Components/Table' }
export default meta

type Coach = { id: string; name: string; city: string; sessions: number }
const cities = ['Lisbon', 'Berlin', 'Austin', 'Nairobi', 'Osaka', 'Lima']
const coaches: Coach[] = Array.from({ length: 37 }, (_, i) => ({
  id: `c${i + 1}`,
  name: `Coach ${String.fromCharCode(65 + (i % 26))}${i + 1}`,
  city: cities[i % cities.length]!,
  sessions: (i * 7) % 40,
}))

const columns: DataTableColumn<Coach>[] = [
  { accessorKey: 'name', header: 'Name' },
  { accessorKey: 'city', header: 'City' },
  { accessorKey: 'sessions', header: 'Sessions', size: 100 },
]

/** Sort (shift-click a second header for multi-sort), filter, select, 10 rows a page. */
export const SortFilterSelect: StoryObj = {
  render: () => {
    const [filter, setFilter] = useState('')
    const [selected, setSelected] = useState<string[]>([])
    return (
      <Stack gap="4">
        <Field.Root maxW="xs">
          <Field.Label>Filter</Field.Label>
          <Field.Input value={filter} onChange={(e) => setFilter(e.currentTarget.value)} placeholder="Type a city" />
        </Field.Root>
        <DataTable
          data={coaches}
          columns={columns}
          getRowId={(row) => row.id}
          globalFilter={filter}
          enableRowSelection
          onRowSelectionChange={setSelected}
          aria-label="Coaches"
        />
        <styled.p textStyle="sm" color="fg.muted">
          Selected: {selected.join(', ') || 'none'}
        </styled.p>
      </Stack>
    )
  },
}

type Social = { id: string; platform: string; url: string; order: number }

/** Drag the handle to reorder (the social accounts table of Settings); manual pagination. */
export const ReorderRows: StoryObj = {
  render: () => {
    const [rows, setRows] = useState<Social[]>([
      { id: 'a', platform: 'LinkedIn', url: 'https://linkedin.com/in/ada', order: 1 },
      { id: 'b', platform: 'X', url: 'https://x.com/ada', order: 2 },
      { id: 'c', platform: 'Website', url: 'https://ada.example', order: 3 },
    ])
    const cols = useMemo<DataTableColumn<Social>[]>(
      () => [
        { accessorKey: 'platform', header: 'Platform', enableSorting: false },
        { accessorKey: 'url', header: 'URL', size: 260, enableSorting: false },
        {
          id: 'actions',
          header: () => <styled.span srOnly>Actions</styled.span>,
          size: 60,
          cell: ({ row }) => (
            <IconButton aria-label="Remove" variant="ghost" size="xs" onClick={() => setRows((r) => r.filter((x) => x.id !== row.original.id))}>
              <Trash2Icon />
            </IconButton>
          ),
        },
      ],
      [],
    )
    return (
      <DataTable
        data={rows}
        columns={cols}
        getRowId={(row) => row.id}
        manualPagination
        rowCount={rows.length}
        onReorder={(_from, _to, reordered) => setRows(reordered.map((r, i) => ({ ...r, order: i + 1 })))}
        emptyText="No social accounts linked yet. Connect your profiles to build trust and increase visibility."
        aria-label="Social accounts"
      />
    )
  },
}

export const Empty: StoryObj = {
  render: () => <DataTable data={[]} columns={columns} emptyText="Nothing here yet." />,
}
