/**
 * The static Storybook: built here when storybook-static/ is missing (panda codegen + cssgen
 * + storybook build), every design-system component has at least one story in index.json,
 * and (with Chromium installed) every design-system story renders in dark mode without a
 * page error, console error or empty root.
 */
import { beforeAll, describe, expect, test } from 'bun:test'
import { existsSync } from 'node:fs'
import { componentFolders, componentsWithoutStories, ensureBuilt, readIndex, renderStories } from '../../scripts/storybook-smoke'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

describe('Storybook', () => {
  beforeAll(async () => {
    await ensureBuilt()
  }, 300_000)

  test('index.json lists a story for every component', () => {
    const folders = componentFolders()
    expect(folders.length).toBeGreaterThanOrEqual(20)
    expect(componentsWithoutStories()).toEqual([])
    const titles = new Set(readIndex().map((e) => e.title))
    for (const title of ['Components/Button', 'Components/Table', 'Components/Toast', 'Components/Avatar']) expect(titles).toContain(title)
  })

  test.skipIf(!existsSync(CHROMIUM))(
    'every design-system story renders without errors (dark mode)',
    async () => {
      const problems = await renderStories((e) => e.importPath.startsWith('./design-system/'), ['dark'])
      expect(problems).toEqual([])
    },
    // Each story in turn in one browser: minutes on a machine running the other suites beside it.
    600_000,
  )
})
