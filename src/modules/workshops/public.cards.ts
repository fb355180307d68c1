/**
 * The marketplace's cards: the static part of each public row (schedule, workshop, tags,
 * coach), kept per app server by schedule id and row version. A listing reads the page's ids,
 * versions and live figures in one statement and loads only the cards it does not hold at that
 * version, so a page of known rows costs no joins, no JSON from jsonb and no dates to parse.
 *
 * The version is the schedule row's `xmin`, which every write of the row changes, whoever
 * makes it (ORM or SQL). A write to what a card shows from other tables (its workshop, its
 * tags, a tag's name, its coach's public profile) touches the schedule rows in the same
 * transaction (triggers of migration `listing_cards`), so a card is never served past a change
 * that committed before the listing's statement. The figures (seats, ratings) are always read.
 * Bounded: when full, the oldest entries go first. A cache, not state: a restart only empties it.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { CARD_COLUMNS, cardPieces, jsonWithLive, type PublicCard, publicCard, withLive } from './public.rows'
import { uuidArray } from './schedule.stats'

const MAX_CARDS = 5_000
interface Cached {
  version: string
  card: PublicCard
  /** The card's JSON in pieces (cardPieces), made the first time the JSON API writes it. */
  pieces?: string[]
}
const cards = new Map<string, Cached>()

function remember(id: string, version: string, card: PublicCard) {
  cards.delete(id)
  if (cards.size >= MAX_CARDS) {
    const drop = cards.size - MAX_CARDS + 1 + Math.floor(MAX_CARDS / 10) // a tenth at a time
    let n = 0
    for (const key of cards.keys()) {
      if (n++ >= drop) break
      cards.delete(key)
    }
  }
  cards.set(id, { version, card })
}

/** Forget every card (tests, and anything that wants a cold start). */
export function forgetCards() {
  cards.clear()
}

/**
 * The cards of `live` (rows of LIVE_COLUMNS, in page order), paired with their rows: cached
 * cards where the version matches, the others loaded in one statement and cached. A row whose
 * schedule is gone by then (hard-deleted between the two statements) is left out.
 */
async function withCards(em: EntityManager, live: Record<string, any>[]) {
  const missing = live.filter((r) => cards.get(r.id)?.version !== r.version).map((r) => r.id as string)
  if (missing.length) {
    const loaded = await em.execute<Record<string, any>[]>(
      `select ${CARD_COLUMNS} from workshop_schedules s join workshops w on w.id = s.workshop_id join users u on u.id = s.coach_id
        where s.id = any(?::uuid[])`,
      [uuidArray(missing)],
    )
    for (const r of loaded) remember(r.id, r.version, publicCard(r))
  }
  const out: [Cached, Record<string, any>][] = []
  for (const r of live) {
    const hit = cards.get(r.id)
    if (hit) out.push([hit, r])
  }
  return out
}

/** The public rows of `live` (see withCards). */
export async function rowsWithCards(em: EntityManager, live: Record<string, any>[]) {
  return (await withCards(em, live)).map(([c, r]) => withLive(c.card, r))
}

/** The public rows of `live` as JSON texts (see withCards), written from the cards' pieces. */
export async function jsonRowsWithCards(em: EntityManager, live: Record<string, any>[]) {
  return (await withCards(em, live)).map(([c, r]) => jsonWithLive(c.card, (c.pieces ??= cardPieces(c.card)), r))
}
