import type { Meta, StoryObj } from '@storybook/react-vite'
import { useMemo, useState } from 'react'
import { PagedTable } from './paged-table'
import { PAGE_SIZE, type TableState } from './table-state'

const meta: Meta = { title: 'Components/Table/Paged (server)' }
export default meta

type Coach = { id: string; name: string; city: string; sessions: number }
const cities = ['Lisbon', 'Berlin', 'Austin', 'Nairobi', 'Osaka', 'Lima']
const all: Coach[] = Array.from({ length: 37 }, (_, i) => ({
  id: `c${i + 1}`,
  name: `Coach ${String.fromCharCode(65 + (i % 26))}${i + 1}`,
  city: cities[i % cities.length]!,
  sessions: (i * 7) % 40,
}))
const columns = [
  { id: 'name', header: 'Name', sortable: true, cell: (r: Coach) => r.name },
  { id: 'city', header: 'City', sortable: true, cell: (r: Coach) => r.city },
  { id: 'sessions', header: 'Sessions', sortable: true, align: 'end' as const, width: 110, cell: (r: Coach) => r.sessions },
]

/** Stands in for the server: sorts by every key in order (shift-click adds one), cuts one page. */
function serve(state: TableState) {
  const rows = [...all].sort((a, b) => {
    for (const s of state.sort) {
      const x = a[s.id as keyof Coach]
      const y = b[s.id as keyof Coach]
      if (x !== y) return (x < y ? -1 : 1) * (s.desc ? -1 : 1)
    }
    return 0
  })
  return rows.slice(state.page * PAGE_SIZE, (state.page + 1) * PAGE_SIZE)
}

/** The server's page of rows; headers, pager and selection as the area lists have them. */
export const ServerPaged: StoryObj = {
  render: () => {
    const [state, setState] = useState<TableState>({ page: 0, sort: [], filters: {} })
    const [selected, setSelected] = useState<string[]>([])
    const rows = useMemo(() => serve(state), [state])
    return (
      <PagedTable
        aria-label="Coaches"
        columns={columns}
        rows={rows}
        total={all.length}
        state={state}
        href={(s) => `?page=${s.page + 1}`}
        onStateChange={setState}
        rowId={(r) => r.id}
        selected={selected}
        onSelectedChange={setSelected}
        empty="No coaches yet."
      />
    )
  },
}

/** Nothing to show: the empty state says what to do next. */
export const Empty: StoryObj = {
  render: () => (
    <PagedTable
      aria-label="Coaches"
      columns={columns}
      rows={[]}
      total={0}
      state={{ page: 0, sort: [], filters: {} }}
      href={() => '?'}
      rowId={(r) => r.id}
      empty={
        <span>
          No coaches yet. <a href="/c/workshops">Create a workshop</a>
        </span>
      }
    />
  ),
}
