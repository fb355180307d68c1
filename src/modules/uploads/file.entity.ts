import { defineEntity, p } from '@mikro-orm/core'
import { baseProperties, pageGenerationTrigger } from '../../platform/db/schemas'
import { User } from '../users'

export const StoredFileSchema = defineEntity({
  name: 'StoredFile',
  tableName: 'files',
  // Moves the pages' generation on (migration page_generation): servers drop the signed-in pages they keep.
  triggers: [pageGenerationTrigger('files')],
  properties: {
    ...baseProperties,
    owner: () => p.manyToOne(User).nullable().deleteRule('set null'),
    kind: p.string().length(16).$type<'avatar' | 'temp' | 'resource' | 'image'>(),
    key: p.string().length(255),
    originalName: p.string().length(255).nullable(),
    mimeType: p.string().length(100),
    size: p.integer(),
  },
})
export class StoredFile extends StoredFileSchema.class {}
StoredFileSchema.setClass(StoredFile)
