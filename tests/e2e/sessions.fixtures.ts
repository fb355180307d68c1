/** What the one-to-one session browser tests share: a type's free times from the public API, and screenshots at both widths. */
import { expect } from 'bun:test'
import type { Page } from 'playwright-core'
import { app } from '../client'

/** The free times (starts) of a session type from now to `days` ahead, as the public slots API answers them. */
export async function freeTimes(typeId: string, days = 40): Promise<string[]> {
  const to = new Date(Date.now() + days * 86_400_000).toISOString()
  const r = await fetch(
    `${app().url}/v1/public/session-types/${typeId}/slots?from=${encodeURIComponent(new Date().toISOString())}&to=${encodeURIComponent(to)}`,
  )
  expect(r.status).toBe(200)
  return ((await r.json()) as { data: { start: string }[] }).data.map((s) => s.start)
}

/** A full-page screenshot (SHOTS only). */
export const shot = (page: Page, name: string) =>
  process.env.SHOTS ? page.screenshot({ path: `${process.env.SHOTS}/${name}.png`, fullPage: true }) : Promise.resolve()

/** The page at 1280 and at 390 px (SHOTS only). */
export async function shots(page: Page, name: string) {
  if (!process.env.SHOTS) return
  await shot(page, `${name}-1280`)
  await page.setViewportSize({ width: 390, height: 844 })
  await shot(page, `${name}-390`)
  await page.setViewportSize({ width: 1280, height: 900 })
}
