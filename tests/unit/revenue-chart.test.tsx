/**
 * The coach dashboard's revenue and seats chart (drawn on the server): each axis has three
 * distinct ticks (0, half, top) whose labels say where their grid lines are, also with no sales
 * yet or a single seat sold.
 */
import { describe, expect, test } from 'bun:test'
import { renderToStaticMarkup } from 'react-dom/server'
import { RevenueChart } from '../../src/pages/screens/coach/chart'

const days = (values: [gross: number, seats: number][]) =>
  values.map(([gross, seats], i) => ({ day: `2026-11-${String(i + 1).padStart(2, '0')}`, gross, seats }))

/** The left (revenue) and right (seats) tick labels, bottom to top. */
function ticks(points: ReturnType<typeof days>) {
  const html = renderToStaticMarkup(<RevenueChart points={points} currency="usd" />)
  const left = [...html.matchAll(/<text[^>]*text-anchor="end"[^>]*>([^<]*)<\/text>/g)].map((m) => m[1])
  // The seat ticks are the texts without an anchor (the day labels are centred).
  const right = [...html.matchAll(/<text ([^>]*)>([^<]*)<\/text>/g)].filter((m) => !m[1].includes('text-anchor')).map((m) => m[2])
  return { left, right }
}

describe('revenue chart axes', () => {
  test('no sales yet: 0, half and top are three different labels', () => {
    const { left, right } = ticks(
      days([
        [0, 0],
        [0, 0],
        [0, 0],
      ]),
    )
    expect(left).toEqual(['$0', '$1', '$2'])
    expect(right).toEqual(['0', '1', '2'])
  })

  test('one seat sold: the middle seat tick is not a second 1', () => {
    const { left, right } = ticks(
      days([
        [0, 0],
        [4900, 1],
        [0, 0],
      ]),
    )
    expect(right).toEqual(['0', '1', '2'])
    expect(left).toEqual(['$0', '$25', '$50'])
  })

  test('round maxima keep their ticks', () => {
    const { left, right } = ticks(
      days([
        [36000, 4],
        [9000, 1],
      ]),
    )
    expect(left).toEqual(['$0', '$200', '$400'])
    expect(right).toEqual(['0', '2', '4'])
  })
})
