/** The /v1 API modules, in the order they appear in the OpenAPI document. */

import { config } from '../config'
import { outboxRoutes } from '../platform/mail/outbox.routes'
import { userRoutes } from './accounts'
import { auditRoutes } from './audit'
import { authModule } from './auth'
import { bookingRoutes, scheduleCancelRoutes, seatRoutes, waitlistRoutes } from './bookings'
import { coachRoutes, coachUploadRoutes } from './coach'
import { coachBusinessRoutes } from './dashboard'
import { inboxRoutes } from './inbox'
import { invitationRoutes } from './invitations'
import { jobPostingRoutes, publicJobRoutes } from './job-postings'
import { messageRoutes } from './messages'
import { notificationRoutes } from './notifications'
import { onboardingRoutes } from './onboarding'
import { paymentRoutes, rescheduleRoutes } from './payments'
import { privacyRoutes } from './privacy'
import { roleRoutes } from './roles'
import { availabilityRoutes, publicSessionRoutes, sessionTypeRoutes } from './sessions'
import { teamRoutes } from './teams'
import { tenantRoutes } from './tenants'
import { uploadRoutes } from './uploads'
import { voucherRoutes } from './vouchers'
import { catalogueRoutes } from './workshops'

export const apiModules = [
  authModule,
  // Development only: the local outbox of mail that had no SMTP server to go to.
  ...(config.NODE_ENV === 'development' ? [outboxRoutes] : []),
  onboardingRoutes,
  tenantRoutes,
  teamRoutes,
  auditRoutes,
  roleRoutes,
  privacyRoutes,
  userRoutes,
  uploadRoutes,
  catalogueRoutes,
  sessionTypeRoutes,
  availabilityRoutes,
  publicSessionRoutes,
  coachBusinessRoutes,
  bookingRoutes,
  waitlistRoutes,
  seatRoutes,
  invitationRoutes,
  voucherRoutes,
  paymentRoutes,
  rescheduleRoutes,
  jobPostingRoutes,
  publicJobRoutes,
  scheduleCancelRoutes,
  coachRoutes,
  coachUploadRoutes,
  notificationRoutes,
  inboxRoutes,
  messageRoutes,
]
