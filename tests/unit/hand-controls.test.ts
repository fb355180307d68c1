/**
 * Islands use the design system's controls: a new hand-written button, input, select, textarea,
 * dialog (or a browser `confirm()`/`alert()`/`prompt()`) or control style in islands/ fails here (scripts/hand-controls.ts). Today's ones are
 * counted in hand-controls.baseline.json, which may only shrink.
 */
import { describe, expect, test } from 'bun:test'
import { compare, countFindings, readBaseline, scan, scanSource } from '../../scripts/hand-controls'

const kinds = (source: string) => scanSource('islands/x/index.tsx', source).map((f) => `${f.kind}@${f.line}`)

describe('hand-written controls in islands', () => {
  test('none beyond the committed baseline', () => {
    const findings = scan()
    const { over, under } = compare(countFindings(findings), readBaseline())
    if (under.length)
      console.log(
        `hand-controls: ${under.length} counts went down; shrink the baseline with \`bun run scripts/hand-controls.ts --write\`:\n  ${under
          .map((u) => `${u.file} ${u.kind}: ${u.now} (baseline ${u.allowed})`)
          .join('\n  ')}`,
      )
    const added = over.flatMap((o) =>
      findings
        .filter((f) => f.file === o.file && f.kind === o.kind)
        .map((f) => `${f.file}:${f.line} ${f.kind} (${o.now} found, ${o.allowed} allowed; use the design system's component)`),
    )
    expect(added).toEqual([])
  })

  test('raw elements are found, design-system components, wrapped input types and an empty hidden submit button are not', () => {
    const source = [
      "import { css } from 'styled-system/css'",
      'export const A = () => (',
      '  <form>',
      '    <button type="button">Go</button>',
      '    <input name="q" />',
      '    <input type="email" />',
      '    <input type={kind} />',
      '    <input type="hidden" name="sort" value="x" />',
      '    <input type="checkbox" />',
      "    <input type='radio' />",
      '    <input type={"file"} />',
      '    <select><option /></select>',
      '    <textarea />',
      '    <dialog open />',
      '    <Button>Save</Button>',
      '    <NativeSelect />',
      '    <Field.Input />',
      '    <button type="submit" hidden />',
      '    <button hidden>Later</button>',
      '  </form>',
      ')',
      'const B = styled.button',
      "const C = styled('select')",
    ].join('\n')
    expect(kinds(source)).toEqual(['button@4', 'input@5', 'input@6', 'input@7', 'select@12', 'textarea@13', 'dialog@14', 'button@19', 'button@22', 'select@23'])
  })

  test("the browser's own dialogs are found, a method or a local of the same name is not", () => {
    const source = [
      "if (!confirm('Delete?')) return",
      "window.confirm('Sure?')",
      "alert('Saved')",
      "const answer = globalThis.prompt('Name?')",
      'form.confirm()',
      'api.alert({ level: 1 })',
      "const label = 'confirm(x)'",
    ].join('\n')
    expect(kinds(source)).toEqual(['dialog@1', 'dialog@2', 'dialog@3', 'dialog@4'])
  })

  test('control styles are found, layout and text styles are not', () => {
    const source = [
      "const btn = css({ display: 'inline-flex', minH: '10', px: '4', borderRadius: 'l2', cursor: 'pointer' })",
      "const field = css({ h: '9', px: '2.5', borderWidth: '1px', borderColor: 'border.default' })",
      "const link = css({ h: '8', px: '3', borderRadius: 'l2', textDecoration: 'none', _hover: { bg: 'bg.subtle' } })",
      "const tone = (solid) => css({ h: '9', w: 'full', ...(solid ? { bg: 'x' } : { borderWidth: '1px' }) })",
      "const recipe = cva({ base: { h: '10', px: '3', appearance: 'none' } })",
      "const card = css({ p: '4', borderWidth: '1px', borderRadius: 'l3' })",
      "const header = css({ h: '14', px: '2', borderBottomWidth: '1px', borderColor: 'border.subtle' })",
      "const badge = css({ h: '6', px: '2', borderRadius: 'full', fontSize: 'xs' })",
      "const text = css({ fontSize: 'sm', color: 'fg.muted' })",
    ].join('\n')
    expect(kinds(source)).toEqual(['control-css@1', 'control-css@2', 'control-css@3', 'control-css@4', 'control-css@5'])
  })

  test('the comparison reports more than allowed and fewer than counted', () => {
    const { over, under } = compare(
      { 'islands/a.tsx': { button: 2 }, 'islands/new.tsx': { select: 1 } },
      { 'islands/a.tsx': { button: 3 }, 'islands/gone.tsx': { input: 1 } },
    )
    expect(over).toEqual([{ file: 'islands/new.tsx', kind: 'select', now: 1, allowed: 0 }])
    expect(under).toEqual([
      { file: 'islands/a.tsx', kind: 'button', now: 2, allowed: 3 },
      { file: 'islands/gone.tsx', kind: 'input', now: 0, allowed: 1 },
    ])
  })
})
