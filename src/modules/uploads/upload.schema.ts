import * as v from 'valibot'
import { DateTime } from '../../shared/view'

/** A stored file as uploads answer it (upload.service.ts serializeFile is typed by it). */
export const FileView = v.object({
  id: v.string(),
  url: v.pipe(v.string(), v.description('Where to fetch it: /v1/files/{id}')),
  name: v.nullable(v.string()),
  size: v.number(),
  mimeType: v.string(),
  kind: v.string(),
  createdAt: DateTime,
})
