import * as v from 'valibot'
import { isHttpUrl } from '../../shared/urls'
import { amountRule, descriptionRule, CATALOGUE_MESSAGES as M, outcomesRule, required, slugInput, titleRule } from './catalogue.rules'
import { SKILL_LEVELS } from './enums'

/** Image and video: max 255 (section 5), and only an http(s) address (empty = none). */
const max255 = v.optional(
  v.nullable(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(255, M.max255),
      v.check((s) => s === '' || isHttpUrl(s), M.url),
    ),
  ),
)

/** Workshop template (section 5): title 3-255, price at least 0.01, image and video max 255. */
export const TemplateCreateSchema = v.strictObject({
  title: required(titleRule),
  slug: v.optional(slugInput),
  description: v.optional(v.nullable(descriptionRule)),
  outcomes: outcomesRule,
  image: max255,
  video: max255,
  level: v.optional(v.nullable(v.picklist(SKILL_LEVELS, M.level))),
  price: required(amountRule(0.01, M.price)),
})

export const TemplateUpdateSchema = v.strictObject({
  title: v.optional(titleRule),
  slug: v.optional(slugInput),
  description: v.optional(v.nullable(descriptionRule)),
  outcomes: outcomesRule,
  image: max255,
  video: max255,
  level: v.optional(v.nullable(v.picklist(SKILL_LEVELS, M.level))),
  price: v.optional(amountRule(0.01, M.price)),
})
