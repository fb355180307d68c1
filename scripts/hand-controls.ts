/**
 * The hand-written controls check: islands use the design system's controls (Button,
 * LinkButton, Input, Textarea, NativeSelect, Dialog, ConfirmDialog, FormDialog...), not
 * their own. It parses every file of islands/ (TypeScript's parser, JSX included) and finds:
 *
 * - `button`, `select`, `textarea`, `dialog`: a raw `<button>`, `<select>`, `<textarea>` or
 *   `<dialog>` element (or `styled.button`, `styled('select')`...), whatever its class; a
 *   browser dialog (`confirm()`, `alert()`, `prompt()`, also as `window.confirm(...)`) counts
 *   as a `dialog` (ConfirmDialog asks instead, islands/coach-common/confirm.tsx lazily);
 * - `input`: a raw `<input>`, except `type="hidden"`, `"file"`, `"radio"` and `"checkbox"`
 *   (no look of their own, or wrapped by a design-system component: FileUpload, Checkbox,
 *   RadioPictureGroup); a `<button hidden>` with no content (the invisible submit button that
 *   lets Enter submit a form whose visible buttons sit outside it) has no look either;
 * - `control-css`: a `css()`/`cva()`/`sva()` style that draws a control by hand: a height
 *   (`h`, `minH`...) with inline padding or a width, and a frame (a border all round, an
 *   `appearance` reset or a pointer cursor; or rounded corners with a hover, focus or text
 *   decoration rule), like a button, a field or a link dressed as a button.
 *
 * Today's findings are counted per file and kind in tests/unit/hand-controls.baseline.json.
 * tests/unit/hand-controls.test.ts fails when a file has more of a kind than the baseline
 * allows (a new hand-written control) and prints the counts that went down (shrink the list).
 *
 *   bun run scripts/hand-controls.ts            the inventory per file, and the comparison
 *   bun run scripts/hand-controls.ts --list     every finding with its line
 *   bun run scripts/hand-controls.ts --write    rewrite the baseline from the code as it is
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import ts from 'typescript'

export const ROOT = resolve(import.meta.dir, '..')
export const BASELINE = join(ROOT, 'tests/unit/hand-controls.baseline.json')
export const KINDS = ['button', 'input', 'select', 'textarea', 'dialog', 'control-css'] as const
export type Kind = (typeof KINDS)[number]

export interface Finding {
  file: string
  line: number
  kind: Kind
  text: string
}

/** Counts per file, then per kind (only kinds that occur). */
export type Counts = Record<string, Partial<Record<Kind, number>>>

const TAGS = new Set<Kind>(['button', 'input', 'select', 'textarea', 'dialog'])
/** Input types that have no look of their own or that a design-system component wraps. */
export const ALLOWED_INPUT_TYPES = new Set(['hidden', 'file', 'radio', 'checkbox'])
const STYLE_CALLS = new Set(['css', 'cva', 'sva'])
/** The browser's own dialogs: unstyled, blocking, and not the design system's. */
const BROWSER_DIALOGS = new Set(['confirm', 'alert', 'prompt'])
const HEIGHT = new Set(['h', 'height', 'minH', 'minHeight'])
const INLINE = new Set([
  'p',
  'padding',
  'px',
  'paddingX',
  'paddingInline',
  'ps',
  'pe',
  'pl',
  'pr',
  'paddingLeft',
  'paddingRight',
  'paddingStart',
  'paddingEnd',
  'w',
  'width',
])
/** A frame of its own (a border all round, a native look reset, a pointer)... */
const FRAME = new Set(['border', 'borderWidth', 'appearance', 'cursor'])
/** ...or rounded corners on something that reacts like a control. */
const ROUNDED = new Set(['borderRadius', 'rounded'])
const REACTS = new Set(['_hover', '_focusVisible', '_focus', 'textDecoration'])

function walk(dir: string, out: string[]) {
  if (!existsSync(dir)) return out
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue
    const path = join(dir, name)
    if (statSync(path).isDirectory()) walk(path, out)
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(path)
  }
  return out
}

const propName = (name: ts.PropertyName): string | null => (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) ? name.text : null)

/** The style keys of an object literal: its own properties and those of spread objects (also inside `a ? {...} : {...}`). */
function styleKeys(node: ts.Expression, keys = new Set<string>()): Set<string> {
  if (ts.isParenthesizedExpression(node)) return styleKeys(node.expression, keys)
  if (ts.isConditionalExpression(node)) {
    styleKeys(node.whenTrue, keys)
    styleKeys(node.whenFalse, keys)
    return keys
  }
  if (!ts.isObjectLiteralExpression(node)) return keys
  for (const p of node.properties) {
    if (ts.isSpreadAssignment(p)) styleKeys(p.expression, keys)
    else if ((ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) && p.name) {
      const name = propName(p.name)
      if (name) keys.add(name)
    }
  }
  return keys
}

/** A style object that draws a control: a height, inline padding or a width, and a frame (or rounded and reacting). */
export function looksLikeControl(keys: Set<string>): boolean {
  const any = (set: Set<string>) => [...keys].some((k) => set.has(k))
  return any(HEIGHT) && any(INLINE) && (any(FRAME) || (any(ROUNDED) && any(REACTS)))
}

function tagKind(tag: ts.JsxTagNameExpression): Kind | null {
  if (ts.isIdentifier(tag) && TAGS.has(tag.text as Kind)) return tag.text as Kind
  return null
}

/** A `<button hidden />`: the invisible default button of a form, never seen. */
function hiddenButton(node: ts.JsxOpeningElement | ts.JsxSelfClosingElement): boolean {
  return (
    ts.isJsxSelfClosingElement(node) &&
    node.attributes.properties.some((a) => ts.isJsxAttribute(a) && ts.isIdentifier(a.name) && a.name.text === 'hidden' && !a.initializer)
  )
}

function inputType(attrs: ts.JsxAttributes): string | null {
  for (const a of attrs.properties) {
    if (!ts.isJsxAttribute(a) || !ts.isIdentifier(a.name) || a.name.text !== 'type') continue
    if (a.initializer && ts.isStringLiteral(a.initializer)) return a.initializer.text
    if (a.initializer && ts.isJsxExpression(a.initializer) && a.initializer.expression && ts.isStringLiteral(a.initializer.expression))
      return a.initializer.expression.text
    return null // a computed type: counted
  }
  return 'text'
}

/** The findings of one source file (`file` is its path relative to the repository). */
export function scanSource(file: string, source: string): Finding[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const found: Finding[] = []
  const add = (node: ts.Node, kind: Kind) =>
    found.push({
      file,
      kind,
      line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1,
      text: node.getText(sf).split('\n')[0]!.slice(0, 100),
    })
  const visit = (node: ts.Node) => {
    if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) {
      const kind = tagKind(node.tagName)
      const allowed = (kind === 'input' && ALLOWED_INPUT_TYPES.has(inputType(node.attributes) ?? '')) || (kind === 'button' && hiddenButton(node))
      if (kind && !allowed) add(node, kind)
    } else if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'styled') {
      // styled.button
      if (TAGS.has(node.name.text as Kind)) add(node, node.name.text as Kind)
    } else if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ts.isIdentifier(node.expression.expression) &&
      ['window', 'globalThis', 'self'].includes(node.expression.expression.text) &&
      BROWSER_DIALOGS.has(node.expression.name.text)
    ) {
      // window.confirm(...)
      add(node, 'dialog')
    } else if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
      const callee = node.expression.text
      const first = node.arguments[0]
      // confirm(...)
      if (BROWSER_DIALOGS.has(callee)) add(node, 'dialog')
      // styled('select')
      if (callee === 'styled' && first && ts.isStringLiteral(first) && TAGS.has(first.text as Kind)) add(node, first.text as Kind)
      if (STYLE_CALLS.has(callee)) {
        for (const arg of node.arguments) {
          // cva/sva: the base (and slot) styles; css: each style object
          const objects: ts.Expression[] = [arg]
          if (callee !== 'css' && ts.isObjectLiteralExpression(arg))
            for (const p of arg.properties)
              if (ts.isPropertyAssignment(p) && propName(p.name) === 'base') {
                objects.push(p.initializer)
                if (callee === 'sva' && ts.isObjectLiteralExpression(p.initializer))
                  for (const slot of p.initializer.properties) if (ts.isPropertyAssignment(slot)) objects.push(slot.initializer)
              }
          if (objects.some((o) => looksLikeControl(styleKeys(o)))) {
            add(node, 'control-css')
            break
          }
        }
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(sf)
  return found
}

/** Every finding in islands/ (or `dirs` under `root`). */
export function scan(root = ROOT, dirs = ['islands']): Finding[] {
  return dirs
    .flatMap((d) => walk(join(root, d), []))
    .sort()
    .flatMap((path) => scanSource(relative(root, path), readFileSync(path, 'utf8')))
}

export function countFindings(findings: Finding[]): Counts {
  const counts: Counts = {}
  for (const f of findings) {
    const byKind = (counts[f.file] ??= {})
    byKind[f.kind] = (byKind[f.kind] ?? 0) + 1
  }
  return counts
}

export function readBaseline(): Counts {
  if (!existsSync(BASELINE)) return {}
  return (JSON.parse(readFileSync(BASELINE, 'utf8')) as { counts: Counts }).counts
}

/** `over`: file/kind pairs with more findings than the baseline allows; `under`: fewer (shrink the baseline). */
export function compare(current: Counts, baseline: Counts) {
  const over: { file: string; kind: Kind; now: number; allowed: number }[] = []
  const under: { file: string; kind: Kind; now: number; allowed: number }[] = []
  const files = new Set([...Object.keys(current), ...Object.keys(baseline)])
  for (const file of [...files].sort())
    for (const kind of KINDS) {
      const now = current[file]?.[kind] ?? 0
      const allowed = baseline[file]?.[kind] ?? 0
      if (now > allowed) over.push({ file, kind, now, allowed })
      else if (now < allowed) under.push({ file, kind, now, allowed })
    }
  return { over, under }
}

export function writeBaseline(counts: Counts) {
  const sorted = Object.fromEntries(
    Object.keys(counts)
      .sort()
      .map((file) => [file, Object.fromEntries(KINDS.filter((k) => counts[file]![k]).map((k) => [k, counts[file]![k]]))]),
  )
  const note =
    'Hand-written controls in islands/ (scripts/hand-controls.ts), per file and kind. The counts may only go down: move a control onto the design system, then run `bun run scripts/hand-controls.ts --write`. See docs/design-system.md.'
  writeFileSync(BASELINE, `${JSON.stringify({ note, counts: sorted }, null, 2)}\n`)
}

if (import.meta.main) {
  const findings = scan()
  const counts = countFindings(findings)
  if (process.argv.includes('--write')) {
    writeBaseline(counts)
    console.log(`wrote ${relative(ROOT, BASELINE)}: ${findings.length} findings in ${Object.keys(counts).length} files`)
    process.exit(0)
  }
  if (process.argv.includes('--list')) for (const f of findings) console.log(`${f.file}:${f.line} ${f.kind}  ${f.text}`)
  const header = ['file', ...KINDS, 'total']
  console.log(`| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`)
  const total: Record<string, number> = {}
  for (const [file, byKind] of Object.entries(counts)) {
    const cells = KINDS.map((k) => byKind[k] ?? 0)
    for (const [i, k] of KINDS.entries()) total[k] = (total[k] ?? 0) + cells[i]!
    console.log(`| ${file} | ${cells.map((n) => n || '').join(' | ')} | ${cells.reduce((a, b) => a + b, 0)} |`)
  }
  console.log(`| **${Object.keys(counts).length} files** | ${KINDS.map((k) => total[k] ?? 0).join(' | ')} | ${findings.length} |`)
  const { over, under } = compare(counts, readBaseline())
  for (const o of over) console.log(`NEW: ${o.file} has ${o.now} ${o.kind} (baseline ${o.allowed})`)
  for (const u of under) console.log(`fewer: ${u.file} has ${u.now} ${u.kind} (baseline ${u.allowed}): shrink it with --write`)
  process.exit(over.length ? 1 : 0)
}
