/** Workshops: the catalogue (tags, templates, workshops, schedules, resources), the public marketplace rows and which schedules a user may book (the front door). */
export { findBookableSchedule, isCoachOf } from './bookable'
export { onSeatsAdded } from './capacity.hooks'
export * from './enums'
export { forgetListings, listingMemo, memoListing } from './listing-memo'
export {
  isoWithOffset,
  isPublicPage,
  loadSchedulePage,
  mayPreview,
  nextScheduleOfCoaches,
  type OtherDate,
  type PageResource,
  type PageReview,
  type PageState,
  pageState,
  type SchedulePage,
} from './public.page'
export { findPublicSchedule, listPublicSchedules, type PublicFilters, parsePublicFilters } from './public.service'
export { SITEMAP_PAST_DAYS, type SitemapKey, sitemapScheduleParts, sitemapSchedules } from './public.sitemap'
export { scheduleQuestions } from './questions'
export { WorkshopResource } from './resource.entity'
export { attendeeBookings, attendeeVisibility, isConfirmedAttendee } from './resource.service'
export { catalogueRoutes } from './routes'
export { WorkshopSchedule } from './schedule.entity'
export { countPublishedSchedules } from './schedule.service'
export { uuidArray } from './schedule.stats'
export { SearchDocument, SearchTerm } from './search.entity'
export { Tag } from './tag.entity'
export { changeTeamCurrency, priceInMinor, setTeamPriceNotes } from './team-money'
export { WorkshopTemplate } from './template.entity'
export { onScheduleTime, type ScheduleTime } from './time.hooks'
export { Workshop, WorkshopTag } from './workshop.entity'
