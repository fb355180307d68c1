/** Every entity the ORM knows; a module adds its own here. */

import { AccessToken, KnownDevice, OneTimeCode, Passkey, RateLimitSchema, Session, WebauthnChallenge } from './modules/auth'
import { Booking, BookingPerson, BookingReschedule, BookingSeat, ClientWorkshop, WaitlistEntry } from './modules/bookings'
import { Feedback, FeedbackTotal } from './modules/feedback'
import { InboxItem } from './modules/inbox'
import { JobApplication, JobPosting } from './modules/job-postings'
import { BookingMessage, ConversationReader, ScheduleMessage, ScheduleMessageDelivery } from './modules/messages'
import { MailOptOut, SentNotification } from './modules/notifications'
import { Invoice, Payment, WebhookEvent } from './modules/payments'
import { ConnectedAccount, ConnectPayout, PayoutFeePercent, PayoutMoneyDelta, PayoutMoneyTotal, PayoutReversal, PayoutTransfer } from './modules/payouts'
import { DataExport } from './modules/privacy'
import { Permission, Role } from './modules/roles'
import { Availability, CalendarFeed, SessionType } from './modules/sessions'
import { TaxProfile } from './modules/tax'
import { TeamInvitation } from './modules/teams'
import { Membership, Tenant } from './modules/tenants'
import { StoredFile } from './modules/uploads'
import { User } from './modules/users'
import { Voucher } from './modules/vouchers'
import { SearchDocument, SearchTerm, Tag, Workshop, WorkshopResource, WorkshopSchedule, WorkshopTag, WorkshopTemplate } from './modules/workshops'
import { AuditEntry } from './platform/audit'
import { initOrm, type OrmOptions } from './platform/db/orm'
import { PageChange } from './platform/db/page-change.entity'

export const entities = [
  User,
  Tenant,
  Membership,
  TaxProfile,
  TeamInvitation,
  Role,
  Permission,
  Session,
  AccessToken,
  OneTimeCode,
  RateLimitSchema,
  StoredFile,
  Tag,
  WorkshopTemplate,
  Workshop,
  WorkshopTag,
  WorkshopSchedule,
  WorkshopResource,
  SessionType,
  Availability,
  CalendarFeed,
  SearchDocument,
  SearchTerm,
  Feedback,
  FeedbackTotal,
  Booking,
  BookingSeat,
  BookingPerson,
  ClientWorkshop,
  WaitlistEntry,
  BookingReschedule,
  Voucher,
  Payment,
  WebhookEvent,
  Invoice,
  ConnectedAccount,
  PayoutTransfer,
  PayoutReversal,
  ConnectPayout,
  PayoutFeePercent,
  PayoutMoneyTotal,
  PayoutMoneyDelta,
  JobPosting,
  JobApplication,
  SentNotification,
  MailOptOut,
  PageChange,
  InboxItem,
  ScheduleMessage,
  ScheduleMessageDelivery,
  BookingMessage,
  ConversationReader,
  Passkey,
  WebauthnChallenge,
  KnownDevice,
  AuditEntry,
  DataExport,
]

/** The ORM with the app's entities (boot, scripts and tests open it through here). */
export const openOrm = (clientUrl: string, opts: Omit<OrmOptions, 'entities'> = {}) => initOrm(clientUrl, { ...opts, entities })
