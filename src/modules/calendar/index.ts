/** Calendar: iCalendar feeds and files of schedules and bookings (the front door for the rest of the app). */

export { calendarRoutes } from './calendar.routes'
export { BOOKING_STATUS, bookingCalendar, calendarHost, type Occasion, place, scheduleEvent } from './events'
export { calendarFeed } from './feed'
export { calendar, type IcsEvent } from './ics'
