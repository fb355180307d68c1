/**
 * The boundary check: reads every import of src/, islands/ and design-system/ (type-only and
 * dynamic ones included) and reports what breaks the layering of docs/architecture.md:
 *
 * - `platform-imports-app`: src/platform/ imports a module, a page, an island or the
 *   composition root (app.ts, boot.ts, entities.ts, services.ts, modules/index.ts, demo/).
 * - `deep-import`: code outside a module imports a file of it other than its front door
 *   (`index.ts`) or a `*.schema.ts`.
 * - `module-cycle`: an import from module A to module B while B (through any chain of
 *   modules) imports A again. Each such module-to-module edge is one entry.
 * - `design-system-imports-app`: design-system/ imports src/ or islands/.
 * - `src-imports-tools`: src/ imports tools/ (development tools). Only the composition root
 *   may load one, through a dynamic `import()` in development and tests.
 *
 * Today's code is not there yet, so the violations of the day are listed in
 * tests/unit/boundaries.baseline.json: tests/unit/boundaries.test.ts fails on any violation
 * not in it, and prints the entries that no longer occur (delete them: the list only shrinks).
 *
 *   bun run scripts/boundaries.ts            print the violations and compare with the baseline
 *   bun run scripts/boundaries.ts --write    rewrite the baseline from the code as it is
 *   bun run scripts/boundaries.ts --counts   also print the module-to-module import pairs
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'

export const ROOT = resolve(import.meta.dir, '..')
export const BASELINE = join(ROOT, 'tests/unit/boundaries.baseline.json')
const SCANNED = ['src', 'islands', 'design-system']
const SKIP_DIRS = new Set(['node_modules', 'styled-system', 'dist', 'storybook-static'])
const EXTENSIONS = ['.ts', '.tsx']
/** The aliases of tsconfig.json's `paths`. */
const ALIASES: Array<[string, string]> = [
  ['design-system/', 'design-system/'],
  ['design-system', 'design-system/index.ts'],
  ['styled-system/', 'styled-system/'],
]
/** Files that compose the app: they may import any module (through its front door). */
const COMPOSITION_ROOT = /^src\/(app|boot|server|config|entities|services)\.tsx?$|^src\/modules\/index\.ts$|^src\/demo\//

export interface Import {
  from: string
  to: string
  dynamic: boolean
}

function walk(dir: string, out: string[]) {
  if (!existsSync(dir)) return out
  for (const name of readdirSync(dir)) {
    if (SKIP_DIRS.has(name) || name.startsWith('.')) continue
    const path = join(dir, name)
    if (statSync(path).isDirectory()) walk(path, out)
    else if (EXTENSIONS.some((e) => name.endsWith(e)) && !name.endsWith('.d.ts')) out.push(path)
  }
  return out
}

function resolveFile(base: string): string | null {
  const candidates = [base, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => join(base, `index${e}`))]
  for (const c of candidates) if (existsSync(c) && statSync(c).isFile()) return c
  return null
}

/** The repository-relative file a specifier points at, or null for packages. */
function resolveSpecifier(root: string, fromFile: string, spec: string): string | null {
  let target: string | null = null
  if (spec.startsWith('.')) target = resolveFile(resolve(dirname(fromFile), spec))
  else {
    for (const [prefix, dir] of ALIASES) {
      if (prefix.endsWith('/') ? spec.startsWith(prefix) : spec === prefix) {
        target = resolveFile(join(root, dir + spec.slice(prefix.endsWith('/') ? prefix.length : spec.length)))
        break
      }
    }
  }
  return target ? relative(root, target) : null
}

/** Every import of one file: declarations, re-exports, `import()` calls and `import('x')` types. */
function importsOf(file: string): Array<{ spec: string; dynamic: boolean }> {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const found: Array<{ spec: string; dynamic: boolean }> = []
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ spec: node.moduleSpecifier.text, dynamic: false })
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments
      if (arg && ts.isStringLiteralLike(arg)) found.push({ spec: arg.text, dynamic: true })
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push({ spec: node.argument.literal.text, dynamic: false })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

export function importGraph(root = ROOT): Import[] {
  const files = SCANNED.flatMap((d) => walk(join(root, d), []))
  const edges: Import[] = []
  for (const file of files) {
    for (const { spec, dynamic } of importsOf(file)) {
      const to = resolveSpecifier(root, file, spec)
      if (to) edges.push({ from: relative(root, file), to, dynamic })
    }
  }
  return edges
}

/** The module a file belongs to (`src/modules/<name>/...`), if any. */
export function moduleOf(path: string): string | null {
  const m = /^src\/modules\/([^/]+)\//.exec(path)
  return m ? m[1] : null
}

const isFrontDoor = (path: string) => /^src\/modules\/[^/]+\/index\.tsx?$/.test(path) || path.endsWith('.schema.ts')
const isApp = (path: string) =>
  moduleOf(path) !== null || path.startsWith('src/pages/') || path.startsWith('islands/') || (COMPOSITION_ROOT.test(path) && path !== 'src/config.ts')

/** Module-to-module edges (`a -> b`), each with one import that makes it. */
export function moduleEdges(edges: Import[]) {
  const out = new Map<string, Map<string, Import>>()
  for (const e of edges) {
    const a = moduleOf(e.from)
    const b = moduleOf(e.to)
    if (!a || !b || a === b) continue
    if (!out.has(a)) out.set(a, new Map())
    if (!out.get(a)!.has(b)) out.get(a)!.set(b, e)
  }
  return out
}

function reaches(graph: Map<string, Map<string, Import>>, from: string, to: string) {
  const seen = new Set<string>()
  const stack = [from]
  while (stack.length) {
    const m = stack.pop()!
    if (m === to) return true
    if (seen.has(m)) continue
    seen.add(m)
    for (const next of graph.get(m)?.keys() ?? []) stack.push(next)
  }
  return false
}

export function violations(edges: Import[] = importGraph()): string[] {
  const out = new Set<string>()
  for (const e of edges) {
    const link = `${e.from} -> ${e.to}`
    const target = moduleOf(e.to)
    // Platform may not import a module at all: one entry, not a deep import as well.
    if (e.from.startsWith('src/platform/') && isApp(e.to)) out.add(`platform-imports-app: ${link}`)
    else if (target && moduleOf(e.from) !== target && !isFrontDoor(e.to)) out.add(`deep-import: ${link}`)
    if (e.from.startsWith('design-system/') && (e.to.startsWith('src/') || e.to.startsWith('islands/'))) out.add(`design-system-imports-app: ${link}`)
    if (e.from.startsWith('src/') && e.to.startsWith('tools/') && !(e.dynamic && COMPOSITION_ROOT.test(e.from))) out.add(`src-imports-tools: ${link}`)
  }
  const graph = moduleEdges(edges)
  for (const [a, targets] of graph) {
    for (const b of targets.keys()) if (reaches(graph, b, a)) out.add(`module-cycle: ${a} -> ${b}`)
  }
  return [...out].sort()
}

export function readBaseline(): string[] {
  if (!existsSync(BASELINE)) return []
  return (JSON.parse(readFileSync(BASELINE, 'utf8')) as { violations: string[] }).violations
}

export function compare(current: string[], baseline: string[]) {
  const known = new Set(baseline)
  const now = new Set(current)
  return { added: current.filter((v) => !known.has(v)), gone: baseline.filter((v) => !now.has(v)) }
}

if (import.meta.main) {
  const current = violations()
  if (process.argv.includes('--write')) {
    const note =
      'Boundary violations of the day (scripts/boundaries.ts). This list may only shrink: fix code, then run `bun run scripts/boundaries.ts --write`. See docs/architecture.md.'
    writeFileSync(BASELINE, `${JSON.stringify({ note, violations: current }, null, 2)}\n`)
    console.log(`wrote ${relative(ROOT, BASELINE)}: ${current.length} violations`)
    process.exit(0)
  }
  const byRule = new Map<string, number>()
  for (const v of current) byRule.set(v.split(':')[0], (byRule.get(v.split(':')[0]) ?? 0) + 1)
  console.log(`${current.length} violations: ${[...byRule].map(([r, n]) => `${r} ${n}`).join(', ') || 'none'}`)
  if (process.argv.includes('--counts')) {
    const graph = moduleEdges(importGraph())
    const pairs = [...graph].flatMap(([a, t]) => [...t.keys()].filter((b) => a < b && graph.get(b)?.has(a)).map((b) => `${a} <-> ${b}`))
    console.log(`modules importing each other: ${pairs.length} pairs\n  ${pairs.join('\n  ')}`)
  }
  const { added, gone } = compare(current, readBaseline())
  for (const v of gone) console.log(`gone (remove from the baseline): ${v}`)
  for (const v of added) console.log(`NEW: ${v}`)
  process.exit(added.length ? 1 : 0)
}
