/**
 * schema.org `Event` structured data (JSON-LD) of a public workshop page, written to Google's
 * Event rules: name, start and end with the venue's UTC offset, status, attendance mode, a Place
 * with a postal address and/or a VirtualLocation (the page itself: the meeting link is only for
 * attendees), pictures, the coach as organizer and performer, the offer (price, currency,
 * availability, from when) while it can be booked, and the workshop's rating and latest reviews
 * where attendees left feedback. Typed with schema-dts, so a property schema.org's Event does not
 * have fails the type check.
 */
import type { Event, Offer, Place, Review, VirtualLocation, WithContext } from 'schema-dts'
import { config } from '../../config'
import { isoWithOffset, type PageState, type SchedulePage } from '../../modules/workshops'
import { exponentOf } from '../../shared/money'

const S = 'https://schema.org/'

/** An absolute address of a picture (the image provider's 1280 px wide variant when it is stored here). */
export function absoluteImage(src: string | null) {
  if (!src) return null
  if (src.startsWith('/v1/files/')) return `${config.APP_URL}${src}?w=1280&format=jpeg`
  return /^https?:\/\//i.test(src) ? src : null
}

/** "Maya O." style names are what reviews carry; the coach's full public name is used as is. */
export function eventLd(p: SchedulePage, state: PageState, opts: { url: string; ogImage: string | null }): WithContext<Event> {
  const coach = p.coach as { name?: string | null; username?: string | null; avatarUrl?: string | null }
  const coachName = coach.name || coach.username || config.SITE_NAME
  const coachUrl = coach.username ? `${config.APP_URL}/${coach.username}` : undefined
  const place: Place | null =
    p.mode === 'ONLINE'
      ? null
      : {
          '@type': 'Place',
          name: p.venueName || p.city || 'Venue',
          address: {
            '@type': 'PostalAddress',
            ...(p.addressLine1 ? { streetAddress: [p.addressLine1, p.addressLine2].filter(Boolean).join(', ') } : {}),
            ...(p.city ? { addressLocality: p.city } : {}),
            ...(p.state ? { addressRegion: p.state } : {}),
            ...(p.zip ? { postalCode: p.zip } : {}),
            ...(p.country ? { addressCountry: p.country } : {}),
          },
        }
  const virtual: VirtualLocation | null = p.mode === 'IN-PERSON' ? null : { '@type': 'VirtualLocation', url: opts.url }
  const location = place && virtual ? [place, virtual] : (place ?? virtual)!
  const images = [absoluteImage(p.image), opts.ogImage].filter((x): x is string => !!x)
  const bookable = state === 'open' || state === 'full'
  const offer: Offer | null = bookable
    ? {
        '@type': 'Offer',
        url: opts.url,
        price: (p.price ?? 0).toFixed(exponentOf(p.currency)),
        priceCurrency: (p.currency ?? 'usd').toUpperCase(),
        availability: `${S}${state === 'full' ? 'SoldOut' : (p.seatsLeft ?? 0) <= 3 ? 'LimitedAvailability' : 'InStock'}`,
        validFrom: isoWithOffset(p.createdAt ?? p.startDate ?? new Date(), p.timezone),
      }
    : null
  const reviews: Review[] = p.reviews.map((r) => ({
    '@type': 'Review',
    reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
    author: { '@type': 'Person', name: r.author },
    reviewBody: r.comment,
    datePublished: r.createdAt.slice(0, 10),
  }))
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: p.workshop.title,
    description: (p.description ?? p.workshop.title).slice(0, 5000),
    url: opts.url,
    startDate: isoWithOffset(p.startDate!, p.timezone),
    endDate: isoWithOffset(p.endDate!, p.timezone),
    eventStatus: `${S}${state === 'cancelled' ? 'EventCancelled' : 'EventScheduled'}`,
    eventAttendanceMode: `${S}${p.mode === 'ONLINE' ? 'OnlineEventAttendanceMode' : p.mode === 'HYBRID' ? 'MixedEventAttendanceMode' : 'OfflineEventAttendanceMode'}`,
    location,
    ...(images.length ? { image: images } : {}),
    organizer: { '@type': 'Person', name: coachName, ...(coachUrl ? { url: coachUrl } : {}) },
    performer: { '@type': 'Person', name: coachName, ...(coachUrl ? { url: coachUrl } : {}) },
    ...(offer ? { offers: offer } : {}),
    isAccessibleForFree: !p.price,
    maximumAttendeeCapacity: p.workshop.maxSeats,
    ...(state === 'open' || state === 'full' ? { remainingAttendeeCapacity: p.seatsLeft ?? 0 } : {}),
    ...(p.workshopRating.count > 0 && p.workshopRating.average !== null
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: p.workshopRating.average,
            ratingCount: p.workshopRating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    ...(reviews.length ? { review: reviews } : {}),
    ...(p.workshop.tags?.length ? { keywords: p.workshop.tags.map((t) => t.name).join(', ') } : {}),
  }
}
