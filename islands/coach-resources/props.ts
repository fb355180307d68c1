import * as v from 'valibot'

const s = v.nullable(v.string())
export const CoachResourceItem = v.object({
  id: v.string(),
  title: v.string(),
  description: s,
  type: v.string(),
  url: s,
  filePath: s,
  fileSize: v.nullable(v.number()),
  fileType: s,
  sortOrder: v.number(),
  isVisible: v.boolean(),
  isBroadcast: v.boolean(),
  isPublic: v.boolean(),
  broadcastAt: s,
})
export type CoachResourceItem = v.InferOutput<typeof CoachResourceItem>
export const CoachResourcesProps = v.object({ workshopId: v.string(), resources: v.array(CoachResourceItem) })
export type CoachResourcesProps = v.InferOutput<typeof CoachResourcesProps>
