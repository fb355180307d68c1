/** Every entity the ORM knows; a module adds its own here. */
import { User } from './modules/users/user.entity'
import { Tenant, Membership } from './modules/tenants/tenant.entity'
import { Role, Permission } from './modules/roles/role.entity'
import { Session, AccessToken, OneTimeCode, RateLimitSchema } from './modules/auth/auth.entity'
import { StoredFile } from './modules/uploads/file.entity'
import { Tag, WorkshopTemplate, Workshop, WorkshopSchedule, WorkshopResource } from './modules/workshops'
import { Feedback } from './modules/feedback/feedback.entity'
import { Booking, BookingSeat } from './modules/bookings/booking.entity'
import { Voucher } from './modules/vouchers/voucher.entity'
import { Payment, WebhookEvent, Invoice } from './modules/payments/payment.entity'
import { JobPosting, JobApplication } from './modules/job-postings'

export const entities = [
  User, Tenant, Membership, Role, Permission,
  Session, AccessToken, OneTimeCode, RateLimitSchema,
  StoredFile,
  Tag, WorkshopTemplate, Workshop, WorkshopSchedule, WorkshopResource, Feedback,
  Booking, BookingSeat, Voucher,
  Payment, WebhookEvent, Invoice,
  JobPosting, JobApplication,
]
