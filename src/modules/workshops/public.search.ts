/**
 * The marketplace search (`q` on GET /v1/public/workshop-schedules and /workshops), by words:
 *
 * - **Matching.** Every word of the query must be found in the schedule's workshop title or
 *   description or in its coach's names (username, first and last name, business name): as a
 *   word's beginning ("lead" finds "leadership"), or, for a word of five letters or more, as a
 *   known word one typo away (a letter missing, added or changed, or two neighbours swapped:
 *   "leadrship", "negotaition"). Known words are the lexicon `search_terms` (search-term.entity.ts):
 *   the query word and its one-letter deletions are looked up by index ("symmetric delete"), and
 *   each hit is checked to be within one typo. Words are full-text lexemes ('simple': no stemming),
 *   matched through GIN indexes on the workshops' title and title+description and on the coaches'
 *   names (migration public_search).
 * - **Ranking.** Three tiers: every word in the title, then every word in the title or the
 *   description, then the rest (some word found only in the coach's names); within a tier the
 *   listing's own order (running, coming soonest first, then for `when=all` the past, latest
 *   first), then the id. The order is total, so a page is the same whoever computes it, with or
 *   without the listing memo.
 * - **Cost.** Each tier is read one of two ways, chosen at run time from the size of its set of
 *   workshops (or coaches), read capped at `searchTuning.dense` + 1 from its index: a few members are read
 *   each from its own listing index (schedules by workshop or coach, in start order, at most the
 *   page's end each); many members make matches frequent in the listing's own order, which is
 *   walked with a lookup of the row's workshop, stopping at the page's end. Either way a request
 *   reads about what its page needs, not what matches. Tiers after one that fills the page are
 *   never read. The total is counted up to LIST_CAP + 1 from the matching workshops (and
 *   coaches), each read from its own listing index.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import type { Param } from '../../platform/db/prepared'
import { queryPrepared } from '../../platform/db/prepared'
import { COACH_SEARCH_VECTOR } from '../users'

/** At most this many words of a query are used. */
export const MAX_WORDS = 6
/** Words of at least this many letters may have one typo. */
export const TYPO_MIN_LENGTH = 5
const MAX_WORD_LENGTH = 40

/**
 * `dense`: past this many members a tier's set is walked in the listing's order instead of read
 * member by member: with so many members, matches are frequent enough that a page's worth comes
 * quickly. (Tests move it to check that both ways give the same page.)
 */
export const searchTuning = { dense: 150 }

/** The words of a query, as the full-text parser makes lexemes of a document: lower case, letters and digits. */
export function searchWords(q: string): string[] {
  const words: string[] = []
  for (const m of q.toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)) {
    const w = m[0].slice(0, MAX_WORD_LENGTH)
    if (!words.includes(w)) words.push(w)
    if (words.length === MAX_WORDS) break
  }
  return words
}

const LETTERS = /^\p{L}+$/u

/** `w` and each of its one-letter deletions (the keys it is looked up under). */
export function deletions(w: string): string[] {
  const chars = [...w]
  const out = new Set([w])
  for (let i = 0; i < chars.length; i++) out.add(chars.slice(0, i).join('') + chars.slice(i + 1).join(''))
  return [...out]
}

/** True when `a` and `b` are at most one typo apart: one letter deleted, added, changed, or two neighbours swapped. */
export function oneTypo(a: string, b: string): boolean {
  if (a === b) return true
  const x = [...a]
  const y = [...b]
  if (Math.abs(x.length - y.length) > 1) return false
  let i = 0
  while (i < x.length && i < y.length && x[i] === y[i]) i++
  const rest = (p: number, q: number) => x.slice(p).join('') === y.slice(q).join('')
  if (x.length === y.length) return rest(i + 1, i + 1) || (x[i] === y[i + 1] && x[i + 1] === y[i] && rest(i + 2, i + 2))
  return x.length > y.length ? rest(i + 1, i) : rest(i, i + 1)
}

/**
 * Each word's alternatives: the known words one typo away (words of TYPO_MIN_LENGTH letters or
 * more), read in one statement from the lexicon.
 */
export async function typoAlternatives(em: EntityManager, words: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>()
  const fuzzy = words.filter((w) => [...w].length >= TYPO_MIN_LENGTH && LETTERS.test(w))
  if (!fuzzy.length) return out
  const keys = [...new Set(fuzzy.flatMap(deletions))]
  const rows = await queryPrepared<{ term: string }>(em, 'select distinct term from search_terms where variant = any(?::text[])', [pgArray(keys)])
  for (const w of fuzzy) {
    const alts = rows.map((r) => r.term).filter((t) => t !== w && oneTypo(w, t))
    if (alts.length) out.set(w, alts.sort())
  }
  return out
}

/** A PostgreSQL array literal of text (each element quoted). */
export const pgArray = (xs: readonly string[]) => `{${xs.map((x) => `"${x.replace(/["\\]/g, '\\$&')}"`).join(',')}}`

/** One word as a tsquery: the word as a prefix, or one of its alternatives (letters and digits only: nothing to escape). */
const wordQuery = (w: string, alts: readonly string[] = []) => {
  const terms = [w.length > 1 ? `'${w}':*` : `'${w}'`, ...alts.map((a) => `'${a}'`)]
  return terms.length > 1 ? `(${terms.join(' | ')})` : terms[0]!
}

export interface SearchQuery {
  /** Every word (all of them must match). */
  all: string
  /** Any word (the coaches a schedule may match through). */
  any: string
  /** Each word alone, as a PostgreSQL array literal of tsquery. */
  each: string
}

/** The tsquery texts of a query's words and their alternatives; null when it has no word. */
export async function searchQuery(em: EntityManager, q: string): Promise<SearchQuery | null> {
  const words = searchWords(q)
  if (!words.length) return null
  const alts = await typoAlternatives(em, words)
  const each = words.map((w) => wordQuery(w, alts.get(w)))
  return { all: each.join(' & '), any: each.join(' | '), each: pgArray(each) }
}

/** The coach's name vector of `users u` (the index's own expression, so it serves the search). */
export const COACH_VECTOR = COACH_SEARCH_VECTOR.replace(/\b(username|profile|coach_profile)\b/g, 'u.$1')

interface Clause {
  sql: string
  params: unknown[]
}
interface Part extends Clause {
  dir: 'asc' | 'desc'
}

/** The three tiers: which workshops (or coaches) each is read through, and what a row of it must be. */
type Tier = 'title' | 'text' | 'coach'
const TIERS: Tier[] = ['title', 'text', 'coach']

/**
 * What the search adds to the listing's statement: the tiers' capped sets (`with` entries, each
 * followed by a comma), the walk of matching rows in rank order up to `limit` (`seen`: id,
 * workshop_id, coach_id, ord) and the count up to `cap` + 1. `where` is the listing's condition
 * on `s` without `q` and price, `parts` its parts in order, `when` all its parts at once, and
 * `workshop` the condition on the row's workshop `w` (not deleted, the price range).
 */
export function searchStatement(o: { q: SearchQuery; where: Clause; parts: Part[]; when: Clause; workshop: Clause; limit: number; cap: number }) {
  const { q, where, parts, when, workshop: wk } = o
  const dense = searchTuning.dense
  // Each piece's parameters, in the order of its placeholders: `p()` adds them where it stands in the text.
  let params: unknown[] = []
  const p = (...xs: unknown[]) => {
    params.push(...xs)
    return ''
  }
  const section = () => {
    const taken = params as Param[]
    params = []
    return taken
  }
  // Each tier's condition on the row's workshop `w` (and, for the coach tier, its coach's names `cv.name`).
  const tierCond = (tier: Tier) => {
    if (tier === 'title') return `w.search_title @@ ?::tsquery and ${wk.sql}${p(q.all, ...wk.params)}`
    if (tier === 'text') return `w.search_text @@ ?::tsquery and not (w.search_title @@ ?::tsquery) and ${wk.sql}${p(q.all, q.all, ...wk.params)}`
    return `not (w.search_text @@ ?::tsquery) and not exists (select 1 from unnest(?::tsquery[]) t(q) where not (w.search_text @@ t.q or cv.name @@ t.q)) and ${wk.sql}${p(q.all, q.each, ...wk.params)}`
  }
  const sets =
    `search_title(id) as materialized (select w.id from workshops w where w.search_title @@ ?::tsquery and ${wk.sql} limit ${dense + 1}), ${p(q.all, ...wk.params)}` +
    `search_text(id) as materialized (select w.id from workshops w where w.search_text @@ ?::tsquery and not (w.search_title @@ ?::tsquery) and ${wk.sql} limit ${dense + 1}), ${p(q.all, q.all, ...wk.params)}` +
    `search_coach(id, name) as materialized (select u.id, ${COACH_VECTOR} from users u where ${COACH_VECTOR} @@ ?::tsquery and u.deleted_at is null
       and exists (select 1 from workshop_schedules s where s.coach_id = u.id and s.deleted_at is null and s.status = 'PUBLISHED' and s.visibility = 'PUBLIC')
       limit ${dense + 1}), ${p(q.any)}`
  const setParams = section()
  const branches: string[] = []
  for (const tier of TIERS) {
    const set = `search_${tier}`
    const few = `(select count(*) from ${set}) <= ${dense}`
    const many = `(select count(*) from ${set}) > ${dense}`
    for (const part of parts) {
      const order = `order by s.start_date ${part.dir}, s.id ${part.dir}`
      const outer = `order by x.start_date ${part.dir}, x.id ${part.dir}`
      // A few members: each one's own listing rows, in order, at most `limit` each; then merged.
      if (tier === 'coach')
        branches.push(`(select x.id, x.workshop_id, x.coach_id from ${set} cv cross join lateral (
            select s.id, s.workshop_id, s.coach_id, s.start_date from workshop_schedules s join workshops w on w.id = s.workshop_id
             where s.coach_id = cv.id and ${where.sql}${p(...where.params)} and ${part.sql}${p(...part.params)} and ${tierCond(tier)}
             ${order} limit ?${p(o.limit)}) x where ${few} ${outer} limit ?${p(o.limit)})`)
      else
        branches.push(`(select x.id, x.workshop_id, x.coach_id from ${set} m cross join lateral (
            select s.id, s.workshop_id, s.coach_id, s.start_date from workshop_schedules s
             where s.workshop_id = m.id and ${where.sql}${p(...where.params)} and ${part.sql}${p(...part.params)}
             ${order} limit ?${p(o.limit)}) x where ${few} ${outer} limit ?${p(o.limit)})`)
      // Many members: the listing's own order, each row's workshop (and coach) looked up.
      // (A function: its parameters go in where it stands in the text.)
      const probe = () =>
        tier === 'coach'
          ? `coalesce((select ${tierCond(tier)} from workshops w, (select ${COACH_VECTOR} as name from users u where u.id = s.coach_id) cv where w.id = s.workshop_id), false)`
          : `coalesce((select ${tierCond(tier)} from workshops w where w.id = s.workshop_id), false)`
      branches.push(`(select s.id, s.workshop_id, s.coach_id from workshop_schedules s
          where ${many} and ${where.sql}${p(...where.params)} and ${part.sql}${p(...part.params)} and ${probe()}
          ${order} limit ?${p(o.limit)})`)
    }
  }
  const seen = `select id, workshop_id, coach_id, row_number() over () as ord from (select * from (${branches.join('\n union all ')}) b limit ?${p(o.limit)}) x`
  const seenParams = section()
  // The count: the workshops whose text holds every word, then the coaches that complete the rest.
  const count = `(select count(*) from (
      (select x.id from workshops w cross join lateral (select s.id from workshop_schedules s
          where s.workshop_id = w.id and ${where.sql}${p(...where.params)} and ${when.sql}${p(...when.params)} offset 0) x
        where w.search_text @@ ?::tsquery and ${wk.sql}${p(q.all, ...wk.params)} limit ${o.cap + 1})
      union all
      (select x.id from users u cross join lateral (select ${COACH_VECTOR} as name) cv cross join lateral (select s.id from workshop_schedules s join workshops w on w.id = s.workshop_id
          where s.coach_id = u.id and ${where.sql}${p(...where.params)} and ${when.sql}${p(...when.params)} and ${tierCond('coach')} offset 0) x
        where ${COACH_VECTOR} @@ ?::tsquery and u.deleted_at is null${p(q.any)} limit ${o.cap + 1})
    ) c)`
  return { sets: { sql: sets, params: setParams }, seen: { sql: seen, params: seenParams }, count: { sql: count, params: section() } }
}
