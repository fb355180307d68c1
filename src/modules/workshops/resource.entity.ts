import { defineEntity, p } from '@mikro-orm/core'
import { audited } from '../../platform/audit'
import { baseProperties, pageChangeTriggers, scope, softDeleteFilters, softDeleteProperties, tenantFilter } from '../../platform/db/schemas'
import { Tenant } from '../tenants'
import type { ResourceType } from './enums'
import { Workshop } from './workshop.entity'

/** Material attached to a workshop: files, links, videos... shown to confirmed attendees. */
export const WorkshopResourceSchema = defineEntity({
  name: 'WorkshopResource',
  tableName: 'workshop_resources',
  // Notes what its writes change for kept pages and memos (platform/db/schemas.ts pageChangeTriggers).
  triggers: [...pageChangeTriggers('workshop_resources', [scope.tenant()])],
  filters: { ...softDeleteFilters, ...tenantFilter },
  properties: {
    ...baseProperties,
    ...softDeleteProperties,
    tenant: () => p.manyToOne(Tenant).deleteRule('cascade'),
    workshop: () => p.manyToOne(Workshop).deleteRule('cascade').index(),
    title: p.string().length(255),
    description: p.string().length(1000).nullable(),
    type: p.string().length(16).$type<ResourceType>(),
    url: p.string().length(500).nullable(),
    filePath: p.string().length(255).nullable(),
    fileSize: p.integer().nullable(),
    fileType: p.string().length(100).nullable(),
    sortOrder: p.integer().default(0),
    isVisible: p.boolean().default(true),
    isBroadcast: p.boolean().default(false),
    /** Shown to everyone on the public workshop page (links, videos; files downloadable without signing in). */
    isPublic: p.boolean().default(false),
    /** When attendees were mailed about it (a broadcast goes out once). */
    broadcastAt: p.datetime().nullable(),
  },
})
export class WorkshopResource extends WorkshopResourceSchema.class {}
WorkshopResourceSchema.setClass(WorkshopResource)
audited(WorkshopResource, { resource: 'workshop_resource' })
