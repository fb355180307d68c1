/**
 * The layering of docs/architecture.md, checked over the import graph (scripts/boundaries.ts).
 * Violations of the day are listed in boundaries.baseline.json: a new one fails, a fixed one is
 * printed so it can be removed from the list (`bun run scripts/boundaries.ts --write`).
 */
import { describe, expect, test } from 'bun:test'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { compare, type Import, importGraph, readBaseline, violations } from '../../scripts/boundaries'

describe('boundaries', () => {
  test('no import breaks the layers beyond the committed baseline', () => {
    const { added, gone } = compare(violations(), readBaseline())
    if (gone.length)
      console.log(
        `boundaries: ${gone.length} baseline entries no longer occur; shrink the list with \`bun run scripts/boundaries.ts --write\`:\n  ${gone.join('\n  ')}`,
      )
    expect(added).toEqual([])
  })

  test('each rule is detected', () => {
    const edge = (from: string, to: string, dynamic = false): Import => ({ from, to, dynamic })
    const found = violations([
      edge('src/platform/http/context.ts', 'src/modules/users/user.entity.ts'),
      edge('src/platform/assets/assets.ts', 'islands/names.ts'),
      edge('src/platform/db/orm.ts', 'src/platform/db/schemas.ts'),
      edge('src/platform/log.ts', 'src/config.ts'),
      edge('src/pages/screens/home.tsx', 'src/modules/workshops/public.service.ts'),
      edge('src/pages/screens/home.tsx', 'src/modules/workshops/index.ts'),
      edge('islands/checkout/checkout.tsx', 'src/modules/bookings/booking.schema.ts'),
      edge('src/modules/workshops/workshop.routes.ts', 'src/modules/workshops/workshop.entity.ts'),
      edge('src/modules/a/a.service.ts', 'src/modules/b/index.ts'),
      edge('src/modules/b/b.service.ts', 'src/modules/c/index.ts'),
      edge('src/modules/c/c.service.ts', 'src/modules/a/index.ts'),
      edge('src/modules/d/d.service.ts', 'src/modules/a/index.ts'),
      edge('design-system/components/x.tsx', 'src/shared/countries.ts'),
      edge('design-system/components/x.tsx', 'design-system/utils/y.ts'),
      edge('src/modules/payments/stripe.ts', 'tools/stripe-local/server.ts'),
      edge('src/boot.ts', 'tools/stripe-local/server.ts', true),
    ])
    expect(found).toEqual([
      'deep-import: src/pages/screens/home.tsx -> src/modules/workshops/public.service.ts',
      'design-system-imports-app: design-system/components/x.tsx -> src/shared/countries.ts',
      'module-cycle: a -> b',
      'module-cycle: b -> c',
      'module-cycle: c -> a',
      'platform-imports-app: src/platform/assets/assets.ts -> islands/names.ts',
      'platform-imports-app: src/platform/http/context.ts -> src/modules/users/user.entity.ts',
      'src-imports-tools: src/modules/payments/stripe.ts -> tools/stripe-local/server.ts',
    ])
  })

  test('the import graph sees static, type-only, re-exported and dynamic imports', () => {
    const root = mkdtempSync(join(process.env.SUMMIT_TMP ?? tmpdir(), 'summit-boundaries-'))
    try {
      const write = (path: string, text: string) => {
        mkdirSync(dirname(join(root, path)), { recursive: true })
        writeFileSync(join(root, path), text)
      }
      for (const f of ['src/modules/m/x.ts', 'src/modules/m/y.ts', 'src/modules/m/q.ts', 'src/modules/m/index.ts', 'tools/t/server.ts'])
        write(f, 'export type Q = 1\n')
      write(
        'src/platform/a.ts',
        [
          "import type { Q } from '../modules/m/x'",
          "export * from '../modules/m/y'",
          "import { zod } from 'zod'",
          "type R = import('../modules/m/q').Q",
          "export const load = () => import('../../tools/t/server')",
          "import '../modules/m'",
        ].join('\n'),
      )
      const edges = importGraph(root).map((e) => `${e.from} -> ${e.to}${e.dynamic ? ' (dynamic)' : ''}`)
      expect(edges.sort()).toEqual([
        'src/platform/a.ts -> src/modules/m/index.ts',
        'src/platform/a.ts -> src/modules/m/q.ts',
        'src/platform/a.ts -> src/modules/m/x.ts',
        'src/platform/a.ts -> src/modules/m/y.ts',
        'src/platform/a.ts -> tools/t/server.ts (dynamic)',
      ])
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })
})
