/**
 * Every list of the client and coach areas (section 9). The server pages, sorts, filters and
 * formats (columns, rows, filters and empty state come in the props); this island keeps the
 * state in the URL (reload and back keep the page, the sort and the filters), asks
 * /v1/tables/{kind} for the page it needs, and offers the action on selected rows. Its first
 * render is the page the server rendered, so the table shows without JavaScript.
 */
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { Button } from '../../design-system/components/button/button'
import { type PagedColumn, PagedTable } from '../../design-system/components/table/paged-table'
import { readTableState, SCOPE_PREFIX, type TableState, writeTableState } from '../../design-system/components/table/table-state'
import { PILL_TONE, pillClass } from '../lib/pill'
import { Filters } from './filters'
import type { DataTableProps, TableCell, TableRow } from './props'

const STACK = css({ display: 'flex', flexDir: 'column', gap: '3', minW: '0' })
const LINK = css({ color: 'fg.default', fontWeight: 'medium', textDecoration: 'underline', textUnderlineOffset: '2px' })
const SUB = css({ display: 'block', fontSize: 'xs', color: 'fg.muted' })
const ALERT = css({ color: 'fg.error', fontSize: 'sm' })
function Cell({ c }: { c: TableCell | undefined }) {
  if (!c) return null
  const main = c.href ? (
    <a className={LINK} href={c.href} download={c.download || undefined}>
      {c.text}
    </a>
  ) : c.tone ? (
    <span className={cx(pillClass, PILL_TONE[c.tone] ?? PILL_TONE.gray)}>{c.text}</span>
  ) : c.label ? (
    <span role="img" aria-label={c.label}>
      {c.text}
    </span>
  ) : (
    c.text
  )
  return (
    <span data-testid={c.testId}>
      {main}
      {c.sub ? <span className={SUB}>{c.sub}</span> : null}
    </span>
  )
}

function download(urls: string[]) {
  for (const url of urls) {
    const a = document.createElement('a')
    a.href = url
    a.download = ''
    document.body.appendChild(a)
    a.click()
    a.remove()
  }
}

/**
 * What a page's own island adds when it shows a list with this component (not props of the
 * island itself: they are not JSON): a column of actions per row, and a number whose change
 * reloads the current page of rows in place (after an action changed them).
 */
export interface DataTableExtras {
  rowActions?: { header: string; render: (row: TableRow) => ReactNode; width?: number }
  refresh?: number
}

export default function DataTable(props: DataTableProps & DataTableExtras) {
  const { kind, path, prefix = '', scope, empty, action, rowActions, refresh = 0 } = props
  const keys = useMemo(() => props.filters.map((f) => f.key), [props.filters])
  const columns = useMemo(
    () => [
      ...props.columns.map((c): PagedColumn<TableRow> => ({ ...c, cell: (r) => <Cell c={r.cells[c.id]} /> })),
      ...(rowActions
        ? [{ id: '_actions', header: rowActions.header, align: 'end' as const, role: 'actions' as const, width: rowActions.width, cell: rowActions.render }]
        : []),
    ],
    [props.columns, rowActions],
  )
  const [view, setView] = useState({ rows: props.rows, total: props.total, state: props.state as TableState, search: props.search })
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(false)
  const [selected, setSelected] = useState<string[]>([])
  const live = useRef<AbortController | null>(null)

  const href = (state: TableState) => path + writeTableState(new URLSearchParams(view.search), state, keys, prefix)

  async function load(state: TableState, search: string) {
    live.current?.abort()
    const ctl = new AbortController()
    live.current = ctl
    const q = new URLSearchParams(writeTableState(new URLSearchParams(), state, keys))
    for (const [k, v] of Object.entries(scope ?? {})) q.set(SCOPE_PREFIX + k, v)
    setBusy(true)
    try {
      const res = await fetch(`/v1/tables/${kind}?${q}`, { headers: { accept: 'application/json' }, signal: ctl.signal })
      if (!res.ok) throw new Error(String(res.status))
      const data = (await res.json()) as { rows: TableRow[]; total: number; state: TableState }
      setView({ rows: data.rows, total: data.total, state: data.state, search })
      setSelected([])
      setFailed(false)
    } catch (err) {
      if ((err as Error).name !== 'AbortError') setFailed(true)
    } finally {
      if (live.current === ctl) setBusy(false)
    }
  }

  function navigate(state: TableState) {
    history.pushState(history.state, '', href(state))
    // The controls follow at once; the rows when they come.
    setView((v) => ({ ...v, state, search: location.search }))
    void load(state, location.search)
  }

  function setFilters(filters: Record<string, string>) {
    const next = { ...view.state, page: 0, filters }
    if (props.reload) location.assign(href(next))
    else navigate(next)
  }

  // Back and forward: the URL says which page, sort and filters.
  useEffect(() => {
    const onPop = () => {
      const state = readTableState(new URLSearchParams(location.search), keys, prefix)
      setView((v) => ({ ...v, state, search: location.search }))
      void load(state, location.search)
    }
    addEventListener('popstate', onPop)
    return () => removeEventListener('popstate', onPop)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [keys, prefix])

  // A row action changed the rows: this page again, where the URL says it is.
  useEffect(() => {
    if (refresh) void load(view.state, view.search)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refresh])

  const filtered = Object.keys(view.state.filters).length > 0

  return (
    <div className={STACK}>
      {!props.bare && (view.total > 0 || filtered) ? (
        <Filters filters={props.filters} label={props.label} prefix={prefix} path={path} state={view.state} onChange={setFilters}>
          {action && selected.length ? (
            <Button variant="outline" size="sm" onClick={() => download(view.rows.filter((r) => r.act && selected.includes(r.id)).map((r) => r.act!))}>
              {action.replace('{n}', String(selected.length))}
            </Button>
          ) : null}
        </Filters>
      ) : null}
      {failed ? (
        <p role="alert" className={ALERT}>
          Something went wrong! This page of the list could not be loaded.
        </p>
      ) : null}
      <PagedTable
        aria-label={props.label}
        columns={columns}
        rows={view.rows}
        total={view.total}
        state={view.state}
        href={href}
        onStateChange={navigate}
        rowId={(r) => r.id}
        selected={action ? selected : undefined}
        onSelectedChange={action && view.rows.length ? setSelected : undefined}
        busy={busy}
        empty={
          filtered ? (
            <span>
              Nothing matches these filters.{' '}
              <a
                className={LINK}
                href={href({ ...view.state, page: 0, filters: {} })}
                onClick={(e) => {
                  e.preventDefault()
                  setFilters({})
                }}
              >
                Clear the filters
              </a>
            </span>
          ) : (
            <span>
              {empty.text}{' '}
              {empty.href ? (
                <a href={empty.href} className={LINK}>
                  {empty.cta}
                </a>
              ) : null}
            </span>
          )
        }
      />
    </div>
  )
}
