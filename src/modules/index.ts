/** The /v1 API modules, in the order they appear in the OpenAPI document. */

import { config } from '../config'
import { outboxRoutes } from '../platform/mail/outbox.routes'
import { authModule } from './auth'
import { bookingRoutes } from './bookings/booking.routes'
import { scheduleCancelRoutes } from './bookings/schedule-cancel.routes'
import { seatRoutes } from './bookings/seat.routes'
import { coachRoutes, coachUploadRoutes } from './coach'
import { coachBusinessRoutes } from './dashboard'
import { invitationRoutes } from './invitations/invitation.routes'
import { jobPostingRoutes, publicJobRoutes } from './job-postings'
import { onboardingRoutes } from './onboarding/onboarding.routes'
import { paymentRoutes } from './payments'
import { roleRoutes } from './roles/role.routes'
import { tenantRoutes } from './tenants/tenant.routes'
import { uploadRoutes } from './uploads/upload.routes'
import { userRoutes } from './users/user.routes'
import { voucherRoutes } from './vouchers/voucher.routes'
import { catalogueRoutes } from './workshops/routes'

export const apiModules = [
  authModule,
  // Development only: the local outbox of mail that had no SMTP server to go to.
  ...(config.NODE_ENV === 'development' ? [outboxRoutes] : []),
  onboardingRoutes,
  tenantRoutes,
  roleRoutes,
  userRoutes,
  uploadRoutes,
  catalogueRoutes,
  coachBusinessRoutes,
  bookingRoutes,
  seatRoutes,
  invitationRoutes,
  voucherRoutes,
  paymentRoutes,
  jobPostingRoutes,
  publicJobRoutes,
  scheduleCancelRoutes,
  coachRoutes,
  coachUploadRoutes,
]
