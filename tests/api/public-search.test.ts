/**
 * The marketplace search (src/modules/workshops/public.search.ts) over HTTP: every word must
 * match (its beginning, or a known word one typo away when it has five letters or more); results
 * ranked by where the words are (title, then description, then the coach's names), each tier in
 * the listing's order; the same results with and without the listing memo, and whichever way a
 * tier is read (member by member or along the listing).
 */
import { afterEach, beforeAll, describe, expect, test } from 'bun:test'
import { forgetListings, listingMemo } from '../../src/modules/workshops/listing-memo'
import { deletions, oneTypo, searchTuning, searchWords } from '../../src/modules/workshops/public.search'
import { type Actor, actor, Client, em } from '../client'
import { DAY, iso, makeSchedule, makeWorkshop, team } from './catalogue.fixtures'

const anon = new Client()
const ids = (r: any) => r.body.data.map((s: any) => s.id)
/** A word of letters only (typo matching is for words of letters), unique to this run. */
const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')
const search = async (query: string) => {
  const r = await anon.get(`/v1/public/workshop-schedules?${query}`)
  expect({ query, status: r.status }).toEqual({ query, status: 200 })
  return r
}

let word: string
let other: string
let coachWord: string
let coach: Actor
const s: Record<string, any> = {}

beforeAll(async () => {
  word = `q${letters(9)}`
  other = `r${letters(8)}`
  coachWord = `c${letters(8)}`
  const t = await team('enterprise')
  coach = t.coach
  const named = await actor({ roles: ['coach'], tenant: t.tenant, profile: { firstName: 'Dana', lastName: coachWord } })
  named.client.withTeam(t.tenant.slug)
  // The title match starts last, the coach-name match first: the rank, not the date, orders them.
  const inTitle = await makeWorkshop(coach, { title: `Mastering ${word} today`, price: 80 })
  const inDescription = await makeWorkshop(coach, { title: 'A plain title', description: `Everything about ${word} and ${other}.`, price: 20 })
  const bothInTitle = await makeWorkshop(coach, { title: `${word} meets ${other}`, price: 40 })
  const byCoach = await makeWorkshop(named, { title: `Evening ${word}`, description: `Practice ${other}`, price: 10 })
  const coachOnly = await makeWorkshop(named, { title: 'Another plain title', price: 10 })
  s.title = await makeSchedule(coach, inTitle.id, { startDate: iso(9 * DAY), endDate: iso(9 * DAY + 3600e3) })
  s.description = await makeSchedule(coach, inDescription.id, { startDate: iso(4 * DAY), endDate: iso(4 * DAY + 3600e3) })
  s.both = await makeSchedule(coach, bothInTitle.id, { startDate: iso(6 * DAY), endDate: iso(6 * DAY + 3600e3) })
  s.titleLater = await makeSchedule(coach, inTitle.id, { startDate: iso(12 * DAY), endDate: iso(12 * DAY + 3600e3) })
  s.byCoach = await makeSchedule(named, byCoach.id, { startDate: iso(2 * DAY), endDate: iso(2 * DAY + 3600e3) })
  s.coachOnly = await makeSchedule(named, coachOnly.id, { startDate: iso(1 * DAY), endDate: iso(1 * DAY + 3600e3) })
})

afterEach(() => {
  listingMemo.ttlMs = 2_000
  searchTuning.dense = 150
})

describe('ranking', () => {
  test('a word in the title ranks before one in the description, which ranks before the coach name; then soonest first', async () => {
    const r = await search(`q=${word}`)
    expect(ids(r)).toEqual([s.byCoach.id, s.both.id, s.title.id, s.titleLater.id, s.description.id])
    expect(r.body.meta.total).toBe(5)
    // The coach's name: only that coach's schedules (their workshops' text does not hold it).
    expect(ids(await search(`q=${coachWord}`))).toEqual([s.coachOnly.id, s.byCoach.id])
  })

  test('every word must match: all in the title first, then title and description, then with the coach name', async () => {
    expect(ids(await search(`q=${word}+${other}`))).toEqual([s.both.id, s.byCoach.id, s.description.id])
    // One word only in the coach name: the coach tier.
    expect(ids(await search(`q=${coachWord}%20${other}`))).toEqual([s.byCoach.id])
    expect(ids(await search(`q=${word}%20${coachWord}`))).toEqual([s.byCoach.id])
    expect((await search(`q=${word}%20${letters(12)}`)).body.data).toEqual([])
  })

  test('filters and pages apply within the ranking: price, dates, page', async () => {
    expect(ids(await search(`q=${word}&minPrice=30`))).toEqual([s.both.id, s.title.id, s.titleLater.id])
    expect(ids(await search(`q=${word}&maxPrice=30`))).toEqual([s.byCoach.id, s.description.id])
    expect(ids(await search(`q=${word}&from=${iso(5 * DAY).slice(0, 10)}&to=${iso(10 * DAY).slice(0, 10)}`))).toEqual([s.both.id, s.title.id])
    expect(ids(await search(`q=${word}&perPage=2&page=2`))).toEqual([s.title.id, s.titleLater.id])
    expect((await search(`q=${word}&perPage=2&page=2`)).body.meta).toEqual({ page: 2, perPage: 2, total: 5, lastPage: 3 })
  })
})

describe('words and typos', () => {
  test('the beginning of a word matches; one typo in a word of five letters or more matches too', async () => {
    const expectFound = async (q: string) => expect({ q, found: ids(await search(`q=${q}`)) }).toEqual({ q, found: ids(await search(`q=${word}`)) })
    await expectFound(word.slice(0, 4)) // a prefix
    await expectFound(word.toUpperCase()) // any case
    await expectFound(word.slice(0, 3) + word.slice(4)) // a letter missing
    await expectFound(`${word.slice(0, 3)}x${word.slice(3)}`) // a letter added
    await expectFound(`${word.slice(0, 5)}${word[5] === 'z' ? 'y' : 'z'}${word.slice(6)}`) // a letter changed
    await expectFound(word.slice(0, 4) + word[5] + word[4] + word.slice(6)) // two neighbours swapped
    // Two typos, or a typo in a short word, find nothing.
    expect((await search(`q=${word.slice(0, 2)}${word.slice(4)}`)).body.data).toEqual([])
    const short = `t${letters(4)}` // five letters: one typo allowed
    const w = await makeWorkshop(coach, { title: `Short ${short}` })
    const sched = await makeSchedule(coach, w.id)
    const other = (c: string) => (c === 'x' ? 'y' : 'x')
    expect(ids(await search(`q=${short.slice(0, 4)}${other(short[4]!)}`))).toEqual([sched.id])
    expect((await search(`q=${short.slice(0, 3)}${other(short[3]!)}`)).body.data).toEqual([]) // four letters: exact beginnings only
  })

  test('the words of a query and what one typo means', () => {
    expect(searchWords('  Public-Speaking, 101 for  SALES sales ')).toEqual(['public', 'speaking', '101', 'for', 'sales'])
    expect(searchWords('a b c d e f g h')).toHaveLength(6)
    for (const [a, b, ok] of [
      ['leadership', 'leadership', true],
      ['leadrship', 'leadership', true],
      ['leaddership', 'leadership', true],
      ['leaderxhip', 'leadership', true],
      ['laedership', 'leadership', true],
      ['leadershpi', 'leadership', true],
      ['ledrship', 'leadership', false],
      ['aelderhsip', 'leadership', false],
      ['sales', 'salesx', true],
      ['sales', 'xsales', true],
      ['sales', 'slaes', true],
      ['sales', 'sleas', false],
    ] as const)
      expect({ a, b, ok: oneTypo(a, b) }).toEqual({ a, b, ok })
  })
})

describe('the same results whichever way they are read', () => {
  const queries = () => [
    `q=${word}`,
    `q=${word}&perPage=2&page=2`,
    `q=${word}+${other}`,
    `q=${coachWord}`,
    `q=${word.slice(0, 3)}${word.slice(4)}&maxPrice=50`,
    `q=${word}&minPrice=15&when=all`,
    `q=${coachWord}%20${other}&when=all`,
  ]

  test('with and without the listing memo', async () => {
    const answers = async () => Promise.all(queries().map(async (q) => (await search(q)).body))
    listingMemo.ttlMs = 0
    const fresh = await answers()
    listingMemo.ttlMs = 2_000
    forgetListings()
    const kept = await answers()
    const again = await answers() // served from the memo
    expect(kept).toEqual(fresh)
    expect(again).toEqual(fresh)
    // The /workshops page (12 a page) lists the same rows in the same order.
    for (const q of queries().filter((x) => !x.includes('page='))) {
      const page = String((await anon.get(`/workshops?${q}`, { accept: 'text/html' })).body)
      const shown = [...new Set([...page.matchAll(/href="\/workshops\/([0-9a-f-]{36})"/g)].map((m) => m[1]))]
      expect({ q, shown }).toEqual({ q, shown: ids(await search(`${q}&perPage=12`)) })
    }
  })

  test('member by member or along the listing (a tier of few or many workshops and coaches)', async () => {
    listingMemo.ttlMs = 0
    searchTuning.dense = 1_000_000 // every set read member by member
    const bySet = await Promise.all(queries().map(async (q) => (await search(q)).body))
    searchTuning.dense = 0 // every set walked along the listing
    const byWalk = await Promise.all(queries().map(async (q) => (await search(q)).body))
    expect(byWalk).toEqual(bySet)
  })
})

describe('the lexicon follows the catalogue', () => {
  test('a renamed workshop is found by its new words (and their typos) at once', async () => {
    const fresh = `n${letters(9)}`
    const w = await makeWorkshop(coach, { title: 'Untitled for now' })
    const sched = await makeSchedule(coach, w.id)
    expect((await search(`q=${fresh}`)).body.data).toEqual([])
    expect((await coach.client.patch(`/v1/workshops/${w.id}`, { title: `Now about ${fresh}` })).status).toBe(200)
    expect(ids(await search(`q=${fresh}`))).toEqual([sched.id])
    expect(ids(await search(`q=${fresh.slice(0, 6)}${fresh.slice(7)}`))).toEqual([sched.id])
    const [row] = await em().execute<any[]>('select count(*)::int as n from search_terms where term = ?', [fresh])
    expect(row.n).toBe(deletions(fresh).length)
  })

  test("a coach's new name and a workshop's new price are searched at once", async () => {
    const t = await team('pro')
    const w = await makeWorkshop(t.coach, { title: 'Untitled for now', price: 10 })
    const sched = await makeSchedule(t.coach, w.id)
    const name = `m${letters(9)}`
    expect((await search(`q=${name}`)).body.data).toEqual([])
    const renamed = await t.coach.client.patch(`/v1/users/${t.coach.user.id}`, { profile: { firstName: 'Kim', lastName: name } })
    expect(renamed.status).toBe(200)
    expect(ids(await search(`q=${name}`))).toEqual([sched.id])
    expect(ids(await search(`q=${name.slice(0, 5)}${name.slice(6)}`))).toEqual([sched.id]) // the lexicon has the name
    expect((await search(`q=${name}&minPrice=50`)).body.data).toEqual([])
    expect((await t.coach.client.patch(`/v1/workshops/${w.id}`, { price: 60 })).status).toBe(200)
    expect(ids(await search(`q=${name}&minPrice=50`))).toEqual([sched.id])
    expect((await search(`q=${name}&maxPrice=20`)).body.data).toEqual([])
  })

  test('schedules written in one statement bring the document of the workshop and coach they pair', async () => {
    listingMemo.ttlMs = 0
    const bulk = `b${letters(9)}`
    const w = await makeWorkshop(coach, { title: `Bulk ${bulk}` })
    const first = await makeSchedule(coach, w.id, { startDate: iso(3 * DAY), endDate: iso(3 * DAY + 3600e3) })
    await em().execute('delete from search_documents where workshop_id = ?', [w.id])
    expect((await search(`q=${bulk}`)).body.data).toEqual([]) // no document, no match
    // Two copies of it, a week apart, in one statement (as an import or the scale seed writes them).
    const added = await em().execute<{ id: string }[]>(
      `insert into workshop_schedules select (jsonb_populate_record(null::workshop_schedules, to_jsonb(s) || jsonb_build_object(
          'id', gen_random_uuid(), 'start_date', s.start_date + n * interval '7 days', 'end_date', s.end_date + n * interval '7 days'))).*
        from workshop_schedules s cross join generate_series(1, 2) n where s.id = ? returning id`,
      [first.id],
    )
    expect(added).toHaveLength(2)
    expect(ids(await search(`q=${bulk}`))).toEqual([first.id, ...added.map((r) => r.id)])
  })
})
