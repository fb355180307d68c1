/**
 * What a move to another date changes besides the date: the format (in person, online, hybrid),
 * the venue and the city. The API names them on each option (`changes`), refuses a move with
 * changes unless the client accepted them (`acceptChanges: true`, else 409 naming them), the
 * dialog states them (worded here, sent with each option) before the client confirms, and the
 * mail says them again. One function decides and one words them, so the three say the same.
 */
import { countryByCode } from '../../shared/countries'
import { MODE_LABEL } from '../../shared/vocabulary'

export const RESCHEDULE_CHANGES = ['mode', 'venue', 'city'] as const
export type RescheduleChange = (typeof RESCHEDULE_CHANGES)[number]

/** Where a date takes place (a schedule's fields, as the API and the entity name them). */
export interface Place {
  mode: string
  venueName: string | null
  addressLine1: string | null
  city: string | null
  country: string | null
}

/** The place of a schedule (entity or row with the entity's field names). */
export const schedulePlace = (s: {
  mode: string
  venueName?: string | null
  addressLine1?: string | null
  city?: string | null
  country?: string | null
}): Place => ({
  mode: s.mode,
  venueName: s.venueName ?? null,
  addressLine1: s.addressLine1 ?? null,
  city: s.city ?? null,
  country: s.country ?? null,
})

const norm = (s: string | null | undefined) => (s ?? '').trim().toLowerCase()
/** A date meets somewhere (in person or hybrid). */
const meets = (p: Place) => p.mode !== 'ONLINE'

/**
 * What differs between the booking's date and another one: `mode` when the format changes;
 * `venue` and `city` when both meet somewhere and the place differs (a move to or from online
 * is the format's change: there is no venue on one side).
 */
export function changesBetween(from: Place, to: Place): RescheduleChange[] {
  const out: RescheduleChange[] = []
  if (from.mode !== to.mode) out.push('mode')
  if (meets(from) && meets(to)) {
    if (norm(from.city) !== norm(to.city) || norm(from.country) !== norm(to.country)) out.push('city')
    if (norm(from.venueName) !== norm(to.venueName) || norm(from.addressLine1) !== norm(to.addressLine1)) out.push('venue')
  }
  return out
}

/** "The Workshop Rooms, 12 Main St" (or the city alone), for a date that meets somewhere. */
export const venueOf = (p: Place) => [p.venueName, p.addressLine1].filter(Boolean).join(', ') || null
/** "London, United Kingdom". */
export const cityOf = (p: Place) => [p.city, countryByCode(p.country)?.name ?? p.country].filter(Boolean).join(', ') || null
const modeOf = (p: Place) => (MODE_LABEL[p.mode] ?? p.mode).toLowerCase()

/** One sentence per change, from the booking's date to the new one ("The format changes from in person to online."). */
export function describeChanges(from: Place, to: Place, changes = changesBetween(from, to)): string[] {
  return changes.map((c) => {
    if (c === 'mode')
      return to.mode === 'ONLINE'
        ? `The format changes from ${modeOf(from)} to online: there is no venue, you join with the meeting link.`
        : `The format changes from ${modeOf(from)} to ${modeOf(to)}${meets(to) && cityOf(to) ? `, at ${[venueOf(to), cityOf(to)].filter(Boolean).join(', ')}` : ''}.`
    if (c === 'city') return `The city changes from ${cityOf(from) ?? 'unknown'} to ${cityOf(to) ?? 'unknown'}.`
    return `The venue changes from ${venueOf(from) ?? 'unknown'} to ${venueOf(to) ?? 'unknown'}.`
  })
}

/** "the format and the city": the changes named in a sentence. */
export function nameChanges(changes: readonly RescheduleChange[]): string {
  const names = changes.map((c) => (c === 'mode' ? 'the format' : c === 'venue' ? 'the venue' : 'the city'))
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`
}

/** The 409 message of a move with changes the client did not accept. */
export const changesNotAccepted = (changes: readonly RescheduleChange[]) =>
  `This date changes ${nameChanges(changes)}. Confirm the change to move (acceptChanges: true).`
