/**
 * The marketplace's price range is in one currency (`currency`, default the marketplace's: usd):
 * teams sell in their own currencies, and a range keeps the workshops priced in the one chosen,
 * in its minor units (a yen workshop at ¥1,500 is found by 1000 to 2000 JPY, not by 1000 to
 * 2000 USD, and a $20 one not by 10 to 30 JPY). The same on the listing and on a search; an
 * unknown currency is a 422.
 */
import { beforeAll, describe, expect, test } from 'bun:test'
import { Client, em, uid } from '../client'
import { DAY, iso, makeSchedule, makeWorkshop, team } from './catalogue.fixtures'

const anon = new Client()
const ids = (r: any) => r.body.data.map((s: any) => s.id)

describe('the price filter’s currency', () => {
  const word = `yenprice${uid()}`
  let yen: any
  let usd: any
  let yenCoach = ''
  let usdCoach = ''

  beforeAll(async () => {
    const tokyo = await team('enterprise')
    await em().execute(`update tenants set currency = 'jpy' where id = ?`, [tokyo.tenant.id])
    const wy = await makeWorkshop(tokyo.coach, { title: `Kaizen ${word}`, price: 1500 })
    expect(wy.currency).toBe('jpy')
    yen = await makeSchedule(tokyo.coach, wy.id, { startDate: iso(4 * DAY), endDate: iso(4 * DAY + 3600e3) })
    yenCoach = tokyo.coach.user.id
    const boston = await team('enterprise')
    const wu = await makeWorkshop(boston.coach, { title: `Pricing ${word}`, price: 20 })
    usd = await makeSchedule(boston.coach, wu.id, { startDate: iso(4 * DAY), endDate: iso(4 * DAY + 3600e3) })
    usdCoach = boston.coach.user.id
  })

  test('a range keeps the workshops priced in its currency, in its minor units, on the listing and on a search', async () => {
    const search = (extra: string) => anon.get(`/v1/public/workshop-schedules?q=${word}&${extra}`).then(ids)
    expect(await search('minPrice=1000&maxPrice=2000&currency=jpy')).toEqual([yen.id])
    expect(await search('minPrice=1000&maxPrice=2000')).toEqual([])
    expect(await search('minPrice=10&maxPrice=30')).toEqual([usd.id])
    expect(await search('minPrice=10&maxPrice=30&currency=JPY')).toEqual([])
    expect((await search('currency=jpy')).sort()).toEqual([yen.id, usd.id].sort())

    const listing = (coach: string, extra: string) => anon.get(`/v1/public/workshop-schedules?coach=${coach}&${extra}`).then(ids)
    expect(await listing(yenCoach, 'minPrice=1500&maxPrice=1500&currency=jpy')).toEqual([yen.id])
    expect(await listing(yenCoach, 'minPrice=1500&maxPrice=1500&currency=usd')).toEqual([])
    expect(await listing(usdCoach, 'minPrice=19.99&maxPrice=20')).toEqual([usd.id])
    expect(await listing(usdCoach, 'minPrice=19.99&maxPrice=20&currency=eur')).toEqual([])
  })

  test('an unknown currency is a 422 naming the field', async () => {
    const r = await anon.get('/v1/public/workshop-schedules?minPrice=1&currency=xyz')
    expect(r.status).toBe(422)
    expect(r.body.errors).toEqual({ currency: ['Please select a valid currency'] })
  })
})
