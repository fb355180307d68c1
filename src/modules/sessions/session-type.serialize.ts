import { toMajor } from '../../shared/money'
import type { ViewOf } from '../../shared/view'
import type { SessionType } from './session.entity'
import type { PublicSessionTypeView, SessionTypeView } from './session-type.schema'

export function serializeSessionType(s: SessionType): ViewOf<typeof SessionTypeView> {
  return {
    id: s.id,
    tenantId: s.tenant.id,
    coachId: s.coach.id,
    title: s.title,
    description: s.description ?? null,
    durationMinutes: s.durationMinutes,
    price: toMajor(s.price, s.currency),
    currency: s.currency,
    mode: s.mode,
    location: s.location ?? null,
    bufferBeforeMinutes: s.bufferBeforeMinutes,
    bufferAfterMinutes: s.bufferAfterMinutes,
    minimumNoticeMinutes: s.minimumNoticeMinutes,
    bookingWindowDays: s.bookingWindowDays,
    maxPerDay: s.maxPerDay ?? null,
    refundPolicy: s.refundPolicy ?? null,
    status: s.status,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
    deletedAt: s.deletedAt ?? null,
  }
}

export type PublicSessionType = ViewOf<typeof PublicSessionTypeView>
