/**
 * The front-door codemod: rewrites every import that reaches into another module past its front
 * door so that it goes through the door, and adds to the door what it lacks. Idempotent: run it
 * again after a merge brings new deep imports; a second run changes nothing.
 *
 *   bun run scripts/front-doors.ts            rewrite (then formats the changed files with Biome)
 *   bun run scripts/front-doors.ts --check    only list what it would change (exit 1 if anything)
 *
 * What it does, in order (see docs/architecture.md, "Layers"):
 *
 * 1. Moved files: imports of a file listed in MOVED (below) are pointed at its new place, in
 *    src/, islands/, scripts/ and tests/ alike (an old path would not even resolve).
 * 2. Front doors: in src/ (but not src/platform, whose imports of modules are a different
 *    violation), islands/ and scripts/, an import of `src/modules/<m>/<file>` from outside `<m>`
 *    (file other than `index.ts` or a `*.schema.ts`) is rewritten:
 *    - server code: to `src/modules/<m>` (its `index.ts`). Each imported name the index does not
 *      export yet is added to it (`export { name } from './file'`, `export type` for types). An
 *      index that exports the same name from somewhere else is a conflict: reported, left alone.
 *    - islands (browser bundles): to the module's `*.schema.ts` that exports all the names (these
 *      files import no server code, so a barrel cannot drag the server into a bundle). If none
 *      does, it is reported: re-export the names from the right schema file by hand.
 *    Static imports, `export ... from`, `import('x').Type` and `const { a } = await import('x')`
 *    are handled; namespace, default and bare side-effect imports are reported.
 *    Files inside a module keep importing each other directly (an index importing its own
 *    module's files through itself would be a cycle).
 * 3. Biome (`check --write`, formatter and import sorting only) on every changed file, which
 *    also merges several imports of one index into one statement.
 *
 * It cannot untie two modules that import each other: scripts/boundaries.ts reports those.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'

const ROOT = resolve(import.meta.dir, '..')
const CHECK = process.argv.includes('--check')

/** Files that moved to another module or folder: old path -> new path (repository-relative). */
export const MOVED: Record<string, string> = {
  'src/modules/users/user.service.ts': 'src/modules/accounts/user.service.ts',
  'src/modules/users/user.routes.ts': 'src/modules/accounts/user.routes.ts',
  'src/modules/users/public.service.ts': 'src/modules/accounts/public.service.ts',
  'src/modules/users/public.routes.ts': 'src/modules/accounts/public.routes.ts',
  'src/modules/bookings/money.ts': 'src/shared/money.ts',
}

const EXTENSIONS = ['.ts', '.tsx']
const SKIP_DIRS = new Set(['node_modules', 'styled-system', 'dist', 'storybook-static'])
const SELF = new Set(['scripts/front-doors.ts', 'scripts/boundaries.ts'])

function walk(dir: string, out: string[] = []) {
  if (!existsSync(dir)) return out
  for (const name of readdirSync(dir)) {
    if (SKIP_DIRS.has(name) || name.startsWith('.')) continue
    const path = join(dir, name)
    if (statSync(path).isDirectory()) walk(path, out)
    else if (EXTENSIONS.some((e) => name.endsWith(e)) && !name.endsWith('.d.ts')) out.push(path)
  }
  return out
}

const rel = (abs: string) => relative(ROOT, abs)
const moduleOf = (path: string) => /^src\/modules\/([^/]+)\//.exec(path)?.[1] ?? null
const isFrontDoor = (path: string) => /^src\/modules\/[^/]+\/index\.tsx?$/.test(path) || path.endsWith('.schema.ts')

function resolveFile(base: string): string | null {
  for (const c of [base, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => join(base, `index${e}`))])
    if (existsSync(c) && statSync(c).isFile()) return c
  return null
}

/** A relative specifier from `fromFile` to `target` (a file or a folder), without extension. */
function specifierFor(fromFile: string, target: string) {
  let s = relative(dirname(fromFile), target).replace(/\.tsx?$/, '')
  if (!s.startsWith('.')) s = `./${s}`
  return s
}

interface Spec {
  node: ts.StringLiteralLike
  /** Imported names (`default` for a default import); null when they cannot be known. */
  names: Array<{ name: string; typeOnly: boolean }> | null
  why?: string
}

/** `a` of `import('x').a.b`. */
function leftmost(name: ts.EntityName): ts.Identifier {
  return ts.isQualifiedName(name) ? leftmost(name.left) : name
}

/** Every module specifier of a file, with the names it imports where they can be known. */
function specifiersOf(sf: ts.SourceFile): Spec[] {
  const out: Spec[] = []
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause
      if (!clause) out.push({ node: node.moduleSpecifier, names: null, why: 'side-effect import' })
      else if (clause.name) out.push({ node: node.moduleSpecifier, names: null, why: 'default import' })
      else if (clause.namedBindings && ts.isNamespaceImport(clause.namedBindings))
        out.push({ node: node.moduleSpecifier, names: null, why: 'namespace import' })
      else {
        const els = (clause.namedBindings as ts.NamedImports | undefined)?.elements ?? []
        out.push({
          node: node.moduleSpecifier,
          names: els.map((e) => ({ name: (e.propertyName ?? e.name).text, typeOnly: clause.isTypeOnly || e.isTypeOnly })),
        })
      }
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.exportClause || !ts.isNamedExports(node.exportClause)) out.push({ node: node.moduleSpecifier, names: null, why: 'export *' })
      else
        out.push({
          node: node.moduleSpecifier,
          names: node.exportClause.elements.map((e) => ({ name: (e.propertyName ?? e.name).text, typeOnly: node.isTypeOnly || e.isTypeOnly })),
        })
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      const first = node.qualifier ? leftmost(node.qualifier) : null
      out.push({ node: node.argument.literal, names: first ? [{ name: first.text, typeOnly: true }] : null, why: 'import() type without a name' })
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments
      if (arg && ts.isStringLiteralLike(arg)) {
        // `const { a, b: c } = await import('x')`
        const parent = node.parent
        const decl = parent && ts.isAwaitExpression(parent) ? parent.parent : null
        if (decl && ts.isVariableDeclaration(decl) && ts.isObjectBindingPattern(decl.name)) {
          const els = decl.name.elements
          const names = els.map((e) => (e.propertyName && ts.isIdentifier(e.propertyName) ? e.propertyName.text : ts.isIdentifier(e.name) ? e.name.text : ''))
          out.push({
            node: arg,
            names: names.every(Boolean) && !els.some((e) => e.dotDotDotToken) ? names.map((name) => ({ name, typeOnly: false })) : null,
            why: 'import() with rest',
          })
        } else out.push({ node: arg, names: null, why: 'import() not destructured' })
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(sf)
  return out
}

const parse = (file: string) =>
  ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)

interface Edit {
  start: number
  end: number
  text: string
}

function applyEdits(file: string, edits: Edit[]) {
  let text = readFileSync(file, 'utf8')
  for (const e of [...edits].sort((a, b) => b.start - a.start)) text = text.slice(0, e.start) + e.text + text.slice(e.end)
  return text
}

const changed = new Set<string>()
const reports: string[] = []

function write(file: string, text: string) {
  if (readFileSync(file, 'utf8') === text) return
  changed.add(file)
  if (!CHECK) writeFileSync(file, text)
}

// 1. Moved files.
const moved = new Map(Object.entries(MOVED).map(([from, to]) => [join(ROOT, from).replace(/\.tsx?$/, ''), join(ROOT, to)]))
for (const file of ['src', 'islands', 'scripts', 'tests'].flatMap((d) => walk(join(ROOT, d)))) {
  if (SELF.has(rel(file))) continue
  const edits: Edit[] = []
  for (const { node } of specifiersOf(parse(file))) {
    if (!node.text.startsWith('.')) continue
    const base = resolve(dirname(file), node.text).replace(/\.tsx?$/, '')
    const to = moved.get(base)
    if (to && !resolveFile(base)) edits.push({ start: node.getStart() + 1, end: node.getEnd() - 1, text: specifierFor(file, to) })
  }
  if (edits.length) {
    write(file, applyEdits(file, edits))
    console.log(`moved: ${rel(file)} (${edits.length})`)
  }
}

// 2. Front doors. The type checker says what each file exports and where each name comes from.
const rewritten = ['src', 'islands', 'scripts'].flatMap((d) => walk(join(ROOT, d))).filter((f) => !SELF.has(rel(f)) && !rel(f).startsWith('src/platform/'))
const moduleFiles = walk(join(ROOT, 'src/modules'))
const tsconfig = ts.parseJsonConfigFileContent(ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile).config, ts.sys, ROOT)
const program = ts.createProgram([...new Set([...rewritten, ...moduleFiles])], { ...tsconfig.options, noEmit: true })
const checker = program.getTypeChecker()

const origin = (s: ts.Symbol) => (s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s)
const isValue = (s: ts.Symbol) => !!(origin(s).flags & ts.SymbolFlags.Value)

/** Exports of a file as the checker sees them (`export *` followed), by name. */
function exportsOf(file: string, extra = new Map<string, ts.Symbol>()): Map<string, ts.Symbol> {
  const sf = program.getSourceFile(file)
  const out = new Map<string, ts.Symbol>()
  const sym = sf && checker.getSymbolAtLocation(sf)
  if (sym) for (const s of checker.getExportsOfModule(sym)) out.set(s.getName(), s)
  for (const [k, v] of extra) if (!out.has(k)) out.set(k, v)
  return out
}

/** Lines to add to each module's index.ts: index path -> (source file -> names). */
const additions = new Map<string, Map<string, Map<string, boolean>>>()
/** Names planned for an index in this run (with their origin), so two files cannot both add one. */
const planned = new Map<string, Map<string, ts.Symbol>>()

function indexOf(mod: string) {
  return join(ROOT, 'src/modules', mod, 'index.ts')
}

for (const file of rewritten) {
  const sf = program.getSourceFile(file) ?? parse(file)
  const from = rel(file)
  const browser = from.startsWith('islands/')
  const edits: Edit[] = []
  for (const spec of specifiersOf(sf)) {
    if (!spec.node.text.startsWith('.')) continue
    const targetAbs = resolveFile(resolve(dirname(file), spec.node.text))
    if (!targetAbs) continue
    const target = rel(targetAbs)
    const mod = moduleOf(target)
    // A module's file importing its own index would load the index while the index loads it.
    if (mod && mod === moduleOf(from) && /\/index\.tsx?$/.test(target) && !/\/index\.tsx?$/.test(from))
      reports.push(`imports its own module's index (a cycle at start; import the file directly): ${from}`)
    if (!mod || mod === moduleOf(from) || isFrontDoor(target)) continue
    const where = `${from} -> ${target}`
    if (!spec.names) {
      reports.push(`cannot rewrite (${spec.why}): ${where}`)
      continue
    }
    const targetExports = exportsOf(targetAbs)
    const wanted = spec.names.map((n) => ({ ...n, sym: targetExports.get(n.name) }))
    const missing = wanted.filter((w) => !w.sym)
    if (missing.length) {
      reports.push(`cannot rewrite (${missing.map((m) => m.name).join(', ')} not exported by ${target}): ${from}`)
      continue
    }
    if (browser) {
      // A browser-safe door: a schema file of the module that exports every name.
      const doors = walk(join(ROOT, 'src/modules', mod)).filter((f) => f.endsWith('.schema.ts'))
      const door = doors.find((d) => {
        const ex = exportsOf(d)
        return wanted.every((w) => ex.has(w.name) && origin(ex.get(w.name)!) === origin(w.sym!))
      })
      if (!door) {
        reports.push(`island import needs a browser-safe door (re-export ${wanted.map((w) => w.name).join(', ')} from a ${mod} *.schema.ts): ${where}`)
        continue
      }
      edits.push({ start: spec.node.getStart() + 1, end: spec.node.getEnd() - 1, text: specifierFor(file, door) })
      continue
    }
    const index = indexOf(mod)
    const indexExports = existsSync(index) ? exportsOf(index) : new Map<string, ts.Symbol>()
    const plan = planned.get(index) ?? new Map<string, ts.Symbol>()
    const conflicts = wanted.filter((w) => {
      const have = indexExports.get(w.name) ?? plan.get(w.name)
      return have && origin(have) !== origin(w.sym!)
    })
    if (conflicts.length) {
      reports.push(`name taken in ${rel(index)} by another export (${conflicts.map((c) => c.name).join(', ')}): ${where}`)
      continue
    }
    if (wanted.some((w) => w.name === 'default')) {
      reports.push(`cannot rewrite (default export): ${where}`)
      continue
    }
    for (const w of wanted) {
      if (indexExports.has(w.name) || plan.has(w.name)) continue
      plan.set(w.name, w.sym!)
      planned.set(index, plan)
      const byFile = additions.get(index) ?? new Map<string, Map<string, boolean>>()
      additions.set(index, byFile)
      const names = byFile.get(targetAbs) ?? new Map<string, boolean>()
      byFile.set(targetAbs, names)
      names.set(w.name, !isValue(w.sym!))
    }
    edits.push({ start: spec.node.getStart() + 1, end: spec.node.getEnd() - 1, text: specifierFor(file, dirname(index)) })
  }
  if (edits.length) {
    write(file, applyEdits(file, edits))
    console.log(`front door: ${from} (${edits.length})`)
  }
}

for (const [index, byFile] of additions) {
  const mod = moduleOf(rel(index))!
  const head = existsSync(index)
    ? readFileSync(index, 'utf8')
    : `/** The ${mod} module's front door: what the rest of the app may use (scripts/front-doors.ts adds what others import). */\n`
  const lines: string[] = []
  for (const [file, names] of byFile) {
    const spec = specifierFor(index, file)
    const values = [...names].filter(([, t]) => !t).map(([n]) => n)
    const types = [...names].filter(([, t]) => t).map(([n]) => n)
    const all = [...values, ...types.map((t) => `type ${t}`)].sort((a, b) => a.replace(/^type /, '').localeCompare(b.replace(/^type /, '')))
    if (all.length) lines.push(`export { ${all.join(', ')} } from '${spec}'`)
  }
  const text = `${head.replace(/\n*$/, '\n')}${lines.join('\n')}\n`
  if (CHECK) changed.add(index)
  else {
    writeFileSync(index, text)
    changed.add(index)
  }
  console.log(`index: ${rel(index)} +${lines.length} export line(s)`)
}

for (const r of reports) console.log(`REPORT ${r}`)
console.log(`${changed.size} file(s) ${CHECK ? 'would change' : 'changed'}, ${reports.length} import(s) left for a person`)

// 3. Format what changed (imports sorted and merged); no lint fixes, so bodies stay untouched.
if (!CHECK && changed.size) {
  const files = [...changed].map(rel)
  const r = spawnSync('npx', ['biome', 'check', '--write', '--linter-enabled=false', ...files], { cwd: ROOT, stdio: 'inherit' })
  if (r.status !== 0) console.log('biome reported problems in the changed files (see above)')
}
if (CHECK && changed.size) process.exit(1)
