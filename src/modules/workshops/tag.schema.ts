import * as v from 'valibot'
import { required, slugInput } from './catalogue.rules'

const name = v.pipe(v.string('Tag name is required'), v.trim(), v.nonEmpty('Tag name is required'), v.maxLength(100, 'Tag name must be at most 100 characters'))

export const TagCreateSchema = v.strictObject({ name: required(name), slug: v.optional(slugInput) })
export const TagUpdateSchema = v.strictObject({ name: v.optional(name), slug: v.optional(slugInput) })
