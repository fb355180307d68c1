/**
 * Island bundles are named by the hash of their own bytes: two builds of the same source (in
 * different temporary folders, as two servers or two machines would make them) give the same
 * names and bytes, and every import inside a bundle points at a file of the build.
 */
import { expect, test } from 'bun:test'
import { buildIslands } from '../../src/platform/assets/assets'

test('two builds of the same islands give identical asset names and bytes', async () => {
  const names = ['auth-form', 'checkout'] as const
  const a = await buildIslands(names)
  const b = await buildIslands(names)
  expect([...a.entries.keys()].sort()).toEqual([...names].sort())
  expect([...a.files.keys()].sort()).toEqual([...b.files.keys()].sort())
  expect([...a.entries]).toEqual([...b.entries])
  for (const [name, bytes] of a.files) {
    expect(name).toMatch(/^[\w-]+-[\w-]{12}\.js$/)
    expect(Buffer.from(bytes).equals(Buffer.from(b.files.get(name)!))).toBe(true)
    // Every relative import (static or dynamic) names a file of this build.
    const text = new TextDecoder().decode(bytes)
    for (const m of text.matchAll(/"\.\/([\w.-]+\.js)"/g)) expect(`${name} -> ${m[1]}: ${a.files.has(m[1]!)}`).toBe(`${name} -> ${m[1]}: true`)
  }
}, 120_000)
