import * as v from 'valibot'
import { countryRule, crossField, dateRule, CATALOGUE_MESSAGES as M, required, timezoneRule, urlMax, uuidRule } from './catalogue.rules'
import { CONTENT_STATUSES, DELIVERY_MODES, SKILL_LEVELS, VISIBILITIES } from './enums'

// Islands take the catalogue's enumerations from here (a schema file is browser-safe).
export { CONTENT_STATUSES, DELIVERY_MODES, SKILL_LEVELS, VISIBILITIES }

const text = (max: number) => v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(max, `Must be at most ${max} characters`))))
const place = {
  timezone: v.optional(timezoneRule),
  country: v.optional(v.nullable(countryRule)),
  venueName: text(255),
  addressLine1: text(255),
  addressLine2: text(255),
  city: text(255),
  state: text(255),
  zip: text(32),
  meetingUrl: v.optional(v.nullable(v.union([v.literal(''), urlMax(500)], M.url))),
}
const endAfterStart = crossField(
  [['startDate'], ['endDate']],
  (d) => !d.startDate || !d.endDate || Date.parse(d.endDate) > Date.parse(d.startDate),
  M.endAfterStart,
  'endDate',
)

/** Schedule (section 5): coachId, workshopId, startDate, endDate required; level, status, visibility, mode on create. */
export const ScheduleCreateSchema = v.pipe(
  v.strictObject({
    coachId: required(uuidRule(M.coach)),
    workshopId: required(uuidRule(M.workshop)),
    startDate: required(dateRule(M.startDate)),
    endDate: required(dateRule(M.endDate)),
    level: required(v.picklist(SKILL_LEVELS, M.level)),
    status: required(v.picklist(CONTENT_STATUSES, M.status)),
    visibility: required(v.picklist(VISIBILITIES, M.visibility)),
    mode: required(v.picklist(DELIVERY_MODES, M.mode)),
    ...place,
  }),
  endAfterStart,
)

export const ScheduleUpdateSchema = v.pipe(
  v.strictObject({
    startDate: v.optional(dateRule(M.startDate)),
    endDate: v.optional(dateRule(M.endDate)),
    level: v.optional(v.picklist(SKILL_LEVELS, M.level)),
    status: v.optional(v.picklist(CONTENT_STATUSES, M.status)),
    visibility: v.optional(v.picklist(VISIBILITIES, M.visibility)),
    mode: v.optional(v.picklist(DELIVERY_MODES, M.mode)),
    ...place,
  }),
  endAfterStart,
)
