import type { EntityManager } from '@mikro-orm/postgresql'
import type { Page } from 'playwright-core'
import { User } from '../../src/modules/users/user.entity'
import { em } from '../client'

/** The demo client (client@summit.localhost) and friends; the demo is loaded if this process has not yet. */
export async function demo() {
  const m = em()
  let chris = await m.findOne(User, { email: 'client@summit.localhost' })
  if (!chris) {
    const { seedDemo } = await import('../../src/demo/seed')
    await seedDemo(em() as EntityManager)
    chris = await em().findOneOrFail(User, { email: 'client@summit.localhost' })
  }
  const dana = await em().findOneOrFail(User, { email: 'dana@summit.localhost' })
  return { chris, dana }
}

/** Serious and critical axe violations of the whole page. */
export { axe } from './browser'

/** Goes to a page and waits until every island on it hydrated. */
export async function visit(page: Page, path: string) {
  const res = await page.goto(path)
  await page.waitForFunction(() => [...document.querySelectorAll('summit-island > div[id]')].every((el) => (el as HTMLElement).dataset.hydrated === '1'))
  return res
}

export const shot = (page: Page, name: string) =>
  process.env.SHOTS ? page.screenshot({ path: `${process.env.SHOTS}/${name}.png`, fullPage: true }) : Promise.resolve()

/** Nothing on the page is wider than the viewport (no sideways scroll). */
export const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)
