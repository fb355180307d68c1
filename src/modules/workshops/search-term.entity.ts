import { defineEntity, p } from '@mikro-orm/core'

/**
 * The marketplace search's lexicon (public.search.ts): every word of a workshop's title and
 * description and of a coach's names (letters only, 4 to 40 of them), filed under itself and
 * under each of its one-letter deletions. A word of the query and its own one-letter deletions,
 * looked up here, find every known word at most one typo away (a letter missing, added, changed,
 * or two neighbours swapped: "symmetric delete"), by index, whatever the catalogue's size.
 *
 * Written by PostgreSQL (`add_search_terms()`, migration public_search) when a workshop's text or
 * a coach's names are written; never deleted (a word nobody uses any more matches nothing).
 */
export const SearchTermSchema = defineEntity({
  name: 'SearchTerm',
  tableName: 'search_terms',
  properties: {
    /** The word itself, or the word with one letter deleted. */
    variant: p.string().length(40).primary(),
    term: p.string().length(40).primary(),
  },
})
export class SearchTerm extends SearchTermSchema.class {}
SearchTermSchema.setClass(SearchTerm)
