/**
 * The marketplace search (`q` on GET /v1/public/workshop-schedules and /workshops), by words:
 *
 * - **Matching.** Every word of the query must be found in the schedule's workshop title or
 *   description or in its coach's names (username, first and last name, business name): as a
 *   word's beginning ("lead" finds "leadership"), or, for a word of five letters or more, as a
 *   known word one typo away (a letter missing, added or changed, or two neighbours swapped:
 *   "leadrship", "negotaition"). Known words are the lexicon `search_terms` (search.entity.ts):
 *   the query word and its one-letter deletions are looked up by index ("symmetric delete"), and
 *   each hit is checked to be within one typo. The words of a schedule are its document
 *   (`search_documents`, one per workshop and coach that share a schedule, kept by triggers):
 *   full-text vectors ('simple': no stemming) with GIN indexes, which serve prefixes too.
 * - **Ranking.** Three tiers: every word in the title, then every word in the title or the
 *   description, then the rest (some word found only in the coach's names); within a tier the
 *   listing's own order (running, coming soonest first, then for `when=all` the past, latest
 *   first), then the id. The order is total, so a page is the same whoever computes it, with or
 *   without the listing memo.
 * - **Cost.** Each tier is read one of two ways, chosen at run time from the size of its set of
 *   documents, read capped at `searchTuning.dense` + 1 from its index: a few documents are read
 *   each from its own listing rows (by workshop, in start order, at most the page's end each);
 *   many make matches frequent in the listing's own order, which is walked with a lookup of each
 *   row's document by key, stopping at the page's end. Either way a request reads about what its
 *   page needs, not what matches; a tier after one that fills the page is never read. The total
 *   is counted up to LIST_CAP + 1 from the matching documents, each read from its listing rows.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import type { Param } from '../../platform/db/prepared'
import { queryPrepared } from '../../platform/db/prepared'

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
  /** Every word (all of them must match), as a tsquery. */
  all: string
}

/** The tsquery texts of a query's words and their alternatives; null when it has no word. */
export async function searchQuery(em: EntityManager, q: string): Promise<SearchQuery | null> {
  const words = searchWords(q)
  if (!words.length) return null
  const alts = await typoAlternatives(em, words)
  return { all: words.map((w) => wordQuery(w, alts.get(w))).join(' & ') }
}

interface Clause {
  sql: string
  params: unknown[]
}
interface Part extends Clause {
  dir: 'asc' | 'desc'
}

/**
 * The tiers, best first: which words of a document `d` (search.entity.ts) hold every word of the
 * query. Each tier's rows are those of its own vector and not of the one before.
 */
const TIERS = [
  { name: 'title', words: 'title_words', before: null },
  { name: 'text', words: 'text_words', before: 'title_words' },
  { name: 'coach', words: 'all_words', before: 'text_words' },
] as const

/**
 * What the search adds to the listing's statement: the tiers' capped sets of documents (`with`
 * entries, each followed by a comma), the walk of matching rows in rank order up to `limit`
 * (`seen`: id, workshop_id, coach_id, ord) and the count up to `cap` + 1, each with its
 * parameters. `where` is the listing's condition on `s` without `q` and price, `parts` its parts
 * in order, `when` all its parts at once, `price` the condition on the document `d`.
 */
export function searchStatement(o: { q: SearchQuery; where: Clause; parts: Part[]; when: Clause; price: Clause; limit: number; cap: number }) {
  const { q, where, parts, when, price } = o
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
  /** A document `d` of the tier (its words hold the query's, the tier before's do not) within the price range. */
  const inTier = (t: (typeof TIERS)[number]) =>
    `d.${t.words} @@ ?::tsquery${p(q.all)}${t.before ? ` and not (d.${t.before} @@ ?::tsquery)${p(q.all)}` : ''} and ${price.sql}${p(...price.params)}`
  const sets = TIERS.map(
    (t) =>
      `search_${t.name}(workshop_id, coach_id) as materialized (select d.workshop_id, d.coach_id from search_documents d where ${inTier(t)} limit ${dense + 1}), `,
  ).join('')
  const setParams = section()
  const branches: string[] = []
  for (const t of TIERS) {
    const set = `search_${t.name}`
    for (const part of parts) {
      const order = `order by s.start_date ${part.dir}, s.id ${part.dir}`
      // A few documents: each one's listing rows (by workshop, then coach), in order, at most `limit` each; then merged.
      branches.push(`(select x.id, x.workshop_id, x.coach_id from ${set} m cross join lateral (
          select s.id, s.workshop_id, s.coach_id, s.start_date from workshop_schedules s
           where s.workshop_id = m.workshop_id and s.coach_id = m.coach_id and ${where.sql}${p(...where.params)} and ${part.sql}${p(...part.params)}
           ${order} limit ?${p(o.limit)}) x
         where (select count(*) from ${set}) <= ${dense} order by x.start_date ${part.dir}, x.id ${part.dir} limit ?${p(o.limit)})`)
      // Many: the listing's own order, each row's document looked up by its key.
      branches.push(`(select s.id, s.workshop_id, s.coach_id from workshop_schedules s
          where (select count(*) from ${set}) > ${dense} and ${where.sql}${p(...where.params)} and ${part.sql}${p(...part.params)}
            and coalesce((select ${inTier(t)} from search_documents d where d.workshop_id = s.workshop_id and d.coach_id = s.coach_id), false)
          ${order} limit ?${p(o.limit)})`)
    }
  }
  const seen = `select id, workshop_id, coach_id, row_number() over () as ord from (select * from (${branches.join('\n union all ')}) b limit ?${p(o.limit)}) x`
  const seenParams = section()
  // The count: every document that holds the words, each one's listing rows, up to the cap.
  const count = `(select count(*) from (select x.id from search_documents d cross join lateral (select s.id from workshop_schedules s
        where s.workshop_id = d.workshop_id and s.coach_id = d.coach_id and ${where.sql}${p(...where.params)} and ${when.sql}${p(...when.params)} offset 0) x
      where d.all_words @@ ?::tsquery${p(q.all)} and ${price.sql}${p(...price.params)} limit ${o.cap + 1}) c)`
  return { sets: { sql: sets, params: setParams }, seen: { sql: seen, params: seenParams }, count: { sql: count, params: section() } }
}
