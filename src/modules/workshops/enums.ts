/** Enumerations of docs/product-rules.md section 3 used by the catalogue (no server imports: forms use them). */
export const SKILL_LEVELS = ['BEGINNER', 'INTERMEDIATE', 'ADVANCED'] as const
export type SkillLevel = (typeof SKILL_LEVELS)[number]
export const CONTENT_STATUSES = ['DRAFT', 'PUBLISHED', 'ARCHIVED'] as const
export type ContentStatus = (typeof CONTENT_STATUSES)[number]
export const VISIBILITIES = ['PUBLIC', 'PRIVATE', 'UNLISTED'] as const
export type Visibility = (typeof VISIBILITIES)[number]
export const DELIVERY_MODES = ['IN-PERSON', 'ONLINE', 'HYBRID'] as const
export type DeliveryMode = (typeof DELIVERY_MODES)[number]
export const RESOURCE_TYPES = ['file', 'link', 'video', 'document', 'agent', 'bundle'] as const
export type ResourceType = (typeof RESOURCE_TYPES)[number]
export const PAYOUT_STATUSES = ['pending', 'paid'] as const
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number]
