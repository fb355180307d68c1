/**
 * schema.org's vocabulary as schema-dts ships it (its `.d.ts` is generated from the schema.org
 * release): the properties each type has, its own and inherited, so a test can check that
 * every key of a JSON-LD object is a property of its `@type`, recursively. Plus Google's Event
 * rules (required and recommended properties) for the Event rich result.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const require = createRequire(import.meta.url)
const dts = readFileSync(join(dirname(require.resolve('schema-dts/package.json')), 'dist', 'schema.d.ts'), 'utf8')

const own = new Map<string, { parents: string[]; props: Set<string> }>()
for (const m of dts.matchAll(/^interface (\w+)Base extends ([\w, ]+) \{([\s\S]*?)^\}/gm)) {
  const parents = m[2]!.split(',').map((x) => x.trim().replace(/Base$/, ''))
  const props = new Set([...m[3]!.matchAll(/^ {4}"(\w+)"\??:/gm)].map((p) => p[1]!))
  own.set(m[1]!, { parents, props })
}
// Types without properties of their own have only a Leaf interface (VirtualLocationLeaf extends ThingBase).
for (const m of dts.matchAll(/^(?:export )?interface (\w+)Leaf extends ([\w, ]+) \{/gm))
  if (!own.has(m[1]!)) own.set(m[1]!, { parents: m[2]!.split(',').map((x) => x.trim().replace(/Base$/, '')), props: new Set() })
// Thing is the root (its Base interface extends nothing in schema.org terms).
const thing = /^interface ThingBase extends [\w<>", ]+ \{([\s\S]*?)^\}/m.exec(dts)
if (thing) own.set('Thing', { parents: [], props: new Set([...thing[1]!.matchAll(/^ {4}"(\w+)"\??:/gm)].map((p) => p[1]!)) })

/** Every property of a schema.org type, inherited ones included. */
export function propertiesOf(type: string): Set<string> {
  const out = new Set<string>()
  const walk = (t: string) => {
    const e = own.get(t)
    if (!e) return
    for (const p of e.props) out.add(p)
    for (const parent of e.parents) walk(parent)
  }
  if (!own.has(type)) throw new Error(`schema.org type ${type} not found in schema-dts`)
  walk(type)
  if (!out.size) throw new Error(`schema.org type ${type} not found in schema-dts`)
  return out
}

/** Keys that are not properties of their object's `@type`, as `Type.key` paths (empty: valid). */
export function unknownProperties(node: unknown, path = ''): string[] {
  if (Array.isArray(node)) return node.flatMap((n, i) => unknownProperties(n, `${path}[${i}]`))
  if (!node || typeof node !== 'object') return []
  const o = node as Record<string, unknown>
  const type = typeof o['@type'] === 'string' ? (o['@type'] as string) : null
  const bad: string[] = []
  if (type) {
    const props = propertiesOf(type)
    for (const k of Object.keys(o)) if (!k.startsWith('@') && !props.has(k)) bad.push(`${path}${type}.${k}`)
  }
  for (const [k, v] of Object.entries(o)) if (!k.startsWith('@')) bad.push(...unknownProperties(v, `${path}${type ?? ''}.${k} > `))
  return bad
}

const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?([+-]\d{2}:\d{2}|Z)$/

/**
 * Google's Event rules (Search Central, "Event structured data"): what is missing or malformed.
 * Required: name, startDate, location (a Place with an address, or a VirtualLocation with a
 * url). Recommended and checked when present: description, endDate, eventAttendanceMode,
 * eventStatus, image (absolute URLs), offers (price, priceCurrency, availability, url,
 * validFrom), organizer and performer (a name), dates with a UTC offset.
 */
export function googleEventProblems(e: Record<string, any>): string[] {
  const out: string[] = []
  const need = (ok: unknown, what: string) => !ok && out.push(what)
  need(e['@context'] === 'https://schema.org' || e['@context'] === 'https://schema.org/', '@context is schema.org')
  need(e['@type'] === 'Event', '@type is Event')
  need(typeof e.name === 'string' && e.name.length > 0, 'name')
  need(ISO_WITH_OFFSET.test(e.startDate ?? ''), 'startDate in ISO 8601 with a UTC offset')
  if (e.endDate !== undefined)
    need(ISO_WITH_OFFSET.test(e.endDate) && Date.parse(e.endDate) >= Date.parse(e.startDate), 'endDate after startDate with an offset')
  const locations = Array.isArray(e.location) ? e.location : [e.location]
  need(locations.length > 0 && locations[0], 'location')
  for (const l of locations.filter(Boolean)) {
    if (l['@type'] === 'Place') {
      need(l.address?.['@type'] === 'PostalAddress', 'Place.address is a PostalAddress')
      need(l.address?.addressLocality || l.address?.streetAddress, 'Place.address has a street or locality')
      need(typeof l.address?.addressCountry === 'string', 'Place.address.addressCountry')
    } else if (l['@type'] === 'VirtualLocation') need(/^https?:\/\//.test(l.url ?? ''), 'VirtualLocation.url')
    else out.push(`location @type ${l['@type']}`)
  }
  const MODES = ['OfflineEventAttendanceMode', 'OnlineEventAttendanceMode', 'MixedEventAttendanceMode'].map((x) => `https://schema.org/${x}`)
  if (e.eventAttendanceMode !== undefined) need(MODES.includes(e.eventAttendanceMode), 'eventAttendanceMode is a schema.org EventAttendanceModeEnumeration')
  const STATUSES = ['EventScheduled', 'EventCancelled', 'EventMovedOnline', 'EventPostponed', 'EventRescheduled'].map((x) => `https://schema.org/${x}`)
  if (e.eventStatus !== undefined) need(STATUSES.includes(e.eventStatus), 'eventStatus is a schema.org EventStatusType')
  if (e.image !== undefined) for (const u of [e.image].flat()) need(/^https?:\/\//.test(u), 'image URLs are absolute')
  if (e.offers !== undefined)
    for (const o of [e.offers].flat()) {
      need(o['@type'] === 'Offer', 'offers are Offer')
      need(/^\d+(\.\d+)?$/.test(String(o.price)), 'offers.price is a number')
      need(/^[A-Z]{3}$/.test(o.priceCurrency ?? ''), 'offers.priceCurrency is ISO 4217')
      need(/^https:\/\/schema\.org\/(InStock|SoldOut|PreOrder|LimitedAvailability|OnlineOnly|InStoreOnly)$/.test(o.availability ?? ''), 'offers.availability')
      need(/^https?:\/\//.test(o.url ?? ''), 'offers.url')
      if (o.validFrom !== undefined) need(ISO_WITH_OFFSET.test(o.validFrom), 'offers.validFrom with an offset')
    }
  for (const k of ['organizer', 'performer'])
    if (e[k] !== undefined)
      for (const p of [e[k]].flat()) need(['Person', 'Organization', 'PerformingGroup'].includes(p['@type']) && p.name, `${k} has a type and a name`)
  if (e.aggregateRating !== undefined) {
    const r = e.aggregateRating
    need(r['@type'] === 'AggregateRating', 'aggregateRating @type')
    need(
      typeof r.ratingValue === 'number' && r.ratingValue >= (r.worstRating ?? 1) && r.ratingValue <= (r.bestRating ?? 5),
      'aggregateRating.ratingValue in range',
    )
    need((r.ratingCount ?? r.reviewCount) > 0, 'aggregateRating has a count')
  }
  return out
}
