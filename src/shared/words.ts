/**
 * Counted words, through the locale's plural rules (Intl.PluralRules), never by gluing an "s"
 * on: "1 seat", "2 seats", "1 person", "3 people". Browser-safe: pages, islands and mails use it.
 */
const rules = new Intl.PluralRules('en-US')
const numbers = new Intl.NumberFormat('en-US')

/** The plural forms of a word: `one` and `other` as English needs (other locales add few, many...). */
export interface Forms {
  one: string
  other: string
}

/** Known irregular and common words; anything else takes an "s" in `other`. */
const WORDS: Record<string, Forms> = {
  person: { one: 'person', other: 'people' },
  'person waiting': { one: 'person waiting', other: 'people waiting' },
  'seat is': { one: 'seat is', other: 'seats are' },
  'seat left': { one: 'seat left', other: 'seats left' },
  'seat free': { one: 'seat free', other: 'seats free' },
  'booking was': { one: 'booking was', other: 'bookings were' },
  'attendee has': { one: 'attendee has', other: 'attendees have' },
  reply: { one: 'reply', other: 'replies' },
  day: { one: 'day', other: 'days' },
  'member of the team': { one: 'member of the team', other: 'members of the team' },
}

/** The form of `word` for `n` ("seat" -> "seats" for 2), without the number. */
export function wordFor(n: number, word: string | Forms): string {
  const forms = typeof word === 'string' ? (WORDS[word] ?? { one: word, other: `${word}s` }) : word
  return rules.select(n) === 'one' ? forms.one : forms.other
}

/** "1 seat", "2 seats", "1,200 people": the number and its word. */
export function count(n: number, word: string | Forms): string {
  return `${numbers.format(n)} ${wordFor(n, word)}`
}

/** "Up to 1 person", "up to 12 people". */
export const upTo = (n: number, word: string | Forms) => `Up to ${count(n, word)}`

/** "1–12 seats" for a range, "1 seat" when both ends are the same. */
export function countRange(from: number, to: number, word: string | Forms): string {
  return from === to ? count(from, word) : `${numbers.format(from)}–${numbers.format(to)} ${wordFor(to, word)}`
}
