import * as v from 'valibot'
import { RefundPolicyField } from '../../shared/refund-policy'
import {
  amountRule,
  crossField,
  descriptionRule,
  CATALOGUE_MESSAGES as M,
  optionalUrl,
  outcomesRule,
  required,
  slugInput,
  titleRule,
  uuidRule,
} from './catalogue.rules'
import { QuestionsSchema } from './question.schema'

const seats = (message: string) => v.pipe(v.number(message), v.integer(message), v.minValue(1, message), v.maxValue(10000, 'At most 10000 seats'))
const tag = v.pipe(
  v.string('Tags must be a list of tag ids or slugs'),
  v.trim(),
  v.nonEmpty('Tags must be a list of tag ids or slugs'),
  v.maxLength(100, 'Each tag must be at most 100 characters'),
)
const tags = v.optional(v.pipe(v.array(tag, 'Tags must be a list of tag ids or slugs'), v.maxLength(20, 'At most 20 tags')))
const seatOrder = crossField(
  [['minSeats'], ['maxSeats']],
  (d) => d.minSeats === undefined || d.maxSeats === undefined || d.maxSeats >= d.minSeats,
  M.seatsOrder,
  'maxSeats',
)

/** Workshop (section 5): title 3-255; image and video valid URLs of at most 255. */
export const WorkshopCreateSchema = v.pipe(
  v.strictObject({
    workshopTemplateId: v.optional(v.nullable(uuidRule('Please select a valid workshop template'))),
    /** Super-admins may create for a coach; coaches always create their own. */
    coachId: v.optional(uuidRule(M.coach)),
    title: required(titleRule),
    slug: v.optional(slugInput),
    description: v.optional(v.nullable(descriptionRule)),
    /** What you will learn (defaults to the template's). */
    outcomes: outcomesRule,
    image: optionalUrl(255),
    video: optionalUrl(255),
    /** Defaults to the template's price, else 0 (free). */
    price: v.optional(amountRule(0, M.priceMin)),
    minSeats: v.optional(seats(M.minSeats), 1),
    maxSeats: v.optional(seats(M.maxSeats), 10),
    /** Tag ids or slugs. */
    tags,
    /** Full refund until X hours before the start, a percentage until Y hours, none after; null: the team's default. */
    refundPolicy: RefundPolicyField,
    /** Questions the checkout asks (at most 10, in order); answers already given keep their own copy. */
    questions: v.optional(QuestionsSchema),
  }),
  seatOrder,
)

export const WorkshopUpdateSchema = v.pipe(
  v.strictObject({
    workshopTemplateId: v.optional(v.nullable(uuidRule('Please select a valid workshop template'))),
    title: v.optional(titleRule),
    slug: v.optional(slugInput),
    description: v.optional(v.nullable(descriptionRule)),
    /** What you will learn (defaults to the template's). */
    outcomes: outcomesRule,
    image: optionalUrl(255),
    video: optionalUrl(255),
    price: v.optional(amountRule(0, M.priceMin)),
    minSeats: v.optional(seats(M.minSeats)),
    maxSeats: v.optional(seats(M.maxSeats)),
    tags,
    refundPolicy: RefundPolicyField,
    /** Questions the checkout asks (at most 10, in order); answers already given keep their own copy. */
    questions: v.optional(QuestionsSchema),
  }),
  seatOrder,
)
