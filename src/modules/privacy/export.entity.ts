import { defineEntity, p } from '@mikro-orm/core'
import { baseProperties } from '../../platform/db/schemas'
import { User } from '../users'

export const EXPORT_STATUSES = ['pending', 'ready', 'failed', 'expired'] as const
export type ExportStatus = (typeof EXPORT_STATUSES)[number]

/**
 * A copy of a person's data ("Download my data"): built by the `privacy.build-export` job into a
 * zip in the file store, downloadable by that person only until `expiresAt` (7 days), then
 * deleted by the sweep.
 */
export const DataExportSchema = defineEntity({
  name: 'DataExport',
  tableName: 'data_exports',
  indexes: [{ name: 'data_exports_user_created_index', properties: ['user', 'createdAt'] }],
  properties: {
    ...baseProperties,
    user: () => p.manyToOne(User).deleteRule('cascade'),
    status: p.string().length(16).default('pending').$type<ExportStatus>(),
    fileKey: p.string().length(255).nullable(),
    size: p.integer().nullable(),
    finishedAt: p.datetime().nullable(),
    expiresAt: p.datetime().nullable().index(),
  },
})
export class DataExport extends DataExportSchema.class {}
DataExportSchema.setClass(DataExport)
