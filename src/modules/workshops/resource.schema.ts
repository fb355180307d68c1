import * as v from 'valibot'
import { crossField, CATALOGUE_MESSAGES as M, required, urlMax } from './catalogue.rules'
import { RESOURCE_TYPES } from './enums'

// Islands take the resource types from here (a schema file is browser-safe).
export { RESOURCE_TYPES }

const fields = {
  title: v.pipe(v.string('Title is required'), v.trim(), v.minLength(1, 'Title is required'), v.maxLength(255, M.titleMax)),
  description: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(1000, 'Description must be at most 1000 characters')))),
  type: v.picklist(RESOURCE_TYPES, 'Please select a valid resource type'),
  url: v.optional(v.nullable(v.union([v.literal(''), urlMax(500)], M.url))),
  filePath: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(255, 'File path must be at most 255 characters')))),
  fileSize: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0)))),
  fileType: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(100, 'File type must be at most 100 characters')))),
  sortOrder: v.optional(
    v.pipe(
      v.number('Sort order must be a whole number of at least 0'),
      v.integer('Sort order must be a whole number of at least 0'),
      v.minValue(0, 'Sort order must be a whole number of at least 0'),
    ),
  ),
  isVisible: v.optional(v.boolean()),
  isBroadcast: v.optional(v.boolean()),
  /** Shown on the public workshop page to everyone. */
  isPublic: v.optional(v.boolean()),
}

/** The cross-field rule of section 5, reported on the field that is missing. */
export function resourceNeedsIssue(d: { type?: string; url?: string | null; filePath?: string | null }): 'url' | 'filePath' | null {
  if ((d.type === 'link' || d.type === 'video') && !d.url) return 'url'
  if ((d.type === 'file' || d.type === 'document') && !d.filePath) return 'filePath'
  return null
}

export const ResourceCreateSchema = v.pipe(
  v.strictObject({ ...fields, title: required(fields.title), type: required(fields.type) }),
  crossField([['type'], ['url']], (d) => resourceNeedsIssue(d) !== 'url', M.resourceNeeds, 'url'),
  crossField([['type'], ['filePath']], (d) => resourceNeedsIssue(d) !== 'filePath', M.resourceNeeds, 'filePath'),
)

/** Partial; the cross-field rule is checked against the merged row by the service. */
export const ResourceUpdateSchema = v.strictObject({
  ...fields,
  title: v.optional(fields.title),
  type: v.optional(fields.type),
})
