/** The list tables' state and its URL (section 9): page index 0, size 10, shift-click multi-sort, filters, prefixes. */
import { describe, expect, test } from 'bun:test'
import { PAGE_SIZE, pageCount, parseSort, readTableState, toggleSort, writeTableState } from '../../design-system/components/table/table-state'

describe('table state', () => {
  test('defaults: page index 0, size 10, no sort, no filters', () => {
    expect(readTableState(new URLSearchParams(''), ['status'])).toEqual({ page: 0, sort: [], filters: {} })
    expect(PAGE_SIZE).toBe(10)
    expect([pageCount(0), pageCount(10), pageCount(11)]).toEqual([1, 1, 2])
  })

  test('a click sorts by one column (ascending, descending, off); a shift-click adds or toggles within', () => {
    let sort = toggleSort([], 'when', false)
    expect(sort).toEqual([{ id: 'when', desc: false }])
    sort = toggleSort(sort, 'when', false)
    expect(sort).toEqual([{ id: 'when', desc: true }])
    expect(toggleSort(sort, 'when', false)).toEqual([])
    sort = toggleSort(sort, 'status', true)
    expect(sort).toEqual([
      { id: 'when', desc: true },
      { id: 'status', desc: false },
    ])
    expect(toggleSort(sort, 'status', true)).toEqual([
      { id: 'when', desc: true },
      { id: 'status', desc: true },
    ])
    expect(toggleSort(toggleSort(sort, 'status', true), 'status', true)).toEqual([{ id: 'when', desc: true }])
    // A plain click on one of several: that column alone, ascending.
    expect(toggleSort(sort, 'status', false)).toEqual([{ id: 'status', desc: false }])
  })

  test('the URL round trip keeps other parameters and namespaces a second table', () => {
    const state = {
      page: 2,
      sort: [
        { id: 'amount', desc: true },
        { id: 'when', desc: false },
      ],
      filters: { status: 'CANCELLED' },
    }
    const qs = writeTableState(new URLSearchParams('tab=x&inv-page=4'), state, ['status', 'q'])
    expect(qs).toBe('?tab=x&inv-page=4&status=CANCELLED&sort=-amount%2Cwhen&page=3')
    expect(readTableState(new URLSearchParams(qs), ['status', 'q'])).toEqual(state)
    expect(readTableState(new URLSearchParams(qs), ['status'], 'inv-')).toEqual({ page: 3, sort: [], filters: {} })
    expect(writeTableState(new URLSearchParams(qs), { page: 0, sort: [], filters: {} }, ['status', 'q'])).toBe('?tab=x&inv-page=4')
  })

  test('bad input is dropped, never passed on: sort ids are names, pages are positive', () => {
    expect(parseSort('-when,x;drop table,status,when,-a,b,c')).toEqual([
      { id: 'when', desc: true },
      { id: 'status', desc: false },
      { id: 'a', desc: true },
    ])
    expect(readTableState(new URLSearchParams('page=-3'), []).page).toBe(0)
    expect(readTableState(new URLSearchParams('page=abc'), []).page).toBe(0)
    expect(readTableState(new URLSearchParams('status=%20%20'), ['status']).filters).toEqual({})
  })
})
