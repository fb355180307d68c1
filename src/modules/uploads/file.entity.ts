import { defineEntity, p } from '@mikro-orm/core'
import { baseProperties, pageChangeTriggers, scope } from '../../platform/db/schemas'
import { User } from '../users'

export const StoredFileSchema = defineEntity({
  name: 'StoredFile',
  tableName: 'files',
  // Notes what its writes change for kept pages and memos (platform/db/schemas.ts pageChangeTriggers).
  triggers: [...pageChangeTriggers('files', [scope.user('owner_id')])],
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
