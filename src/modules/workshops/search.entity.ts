import { defineEntity, p } from '@mikro-orm/core'
import { User } from '../users'
import { Workshop } from './workshop.entity'

/**
 * The marketplace search's documents (public.search.ts): one per workshop and coach that share a
 * schedule, holding the words a search matches a schedule by, as full-text vectors ('simple': no
 * stemming): the title's, the title's and description's, and those with the coach's names
 * (username, first and last name, business name), each with its own index, so every tier of the
 * ranking is a set read from one index. The workshop's price is copied here for the price filter.
 *
 * Written by PostgreSQL (migration public_search creates the functions): a schedule that pairs a
 * workshop and a coach for the first time adds their document, and a write to the workshop's
 * title, description or price, or to the coach's names, refreshes theirs in the same transaction.
 */
export const SearchDocumentSchema = defineEntity({
  name: 'SearchDocument',
  tableName: 'search_documents',
  triggers: [
    {
      name: 'search_documents_fill',
      timing: 'before',
      events: ['insert', 'update'],
      expression: `create trigger search_documents_fill before insert or update on search_documents
  for each row execute function search_document_fill();`,
    },
  ],
  indexes: [
    // A coach's documents, refreshed when their names change (the key starts with the workshop).
    { name: 'search_documents_coach_idx', properties: ['coach'] },
    { name: 'search_documents_title_idx', expression: `create index "search_documents_title_idx" on "search_documents" using gin ("title_words")` },
    { name: 'search_documents_text_idx', expression: `create index "search_documents_text_idx" on "search_documents" using gin ("text_words")` },
    { name: 'search_documents_all_idx', expression: `create index "search_documents_all_idx" on "search_documents" using gin ("all_words")` },
  ],
  properties: {
    workshop: () => p.manyToOne(Workshop).primary().deleteRule('cascade'),
    coach: () => p.manyToOne(User).primary().deleteRule('cascade'),
    price: p.integer().default(0),
    titleWords: p.string().columnType('tsvector').nullable().lazy().hidden(),
    textWords: p.string().columnType('tsvector').nullable().lazy().hidden(),
    allWords: p.string().columnType('tsvector').nullable().lazy().hidden(),
  },
})
export class SearchDocument extends SearchDocumentSchema.class {}
SearchDocumentSchema.setClass(SearchDocument)

/**
 * The marketplace search's lexicon (public.search.ts): every word of a workshop's title and
 * description and of a coach's names (letters only, 4 to 40 of them), filed under itself and
 * under each of its one-letter deletions. A word of the query and its own one-letter deletions,
 * looked up here, find every known word at most one typo away (a letter missing, added, changed,
 * or two neighbours swapped: "symmetric delete"), by index, whatever the catalogue's size.
 *
 * Written by PostgreSQL (`add_search_terms_of()`, migration public_search) when a workshop's text
 * or a coach's names are written; never deleted (a word nobody uses any more matches nothing).
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
