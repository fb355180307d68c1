import * as v from 'valibot'
import { DateTime, NullableDateTime } from '../../shared/view'
import { USER_STATUSES } from './user.schema'

// Views: what the API answers about a user (user.serialize.ts is typed by them).
const ns = v.nullable(v.string())
const SocialAccountView = v.object({ platform: v.string(), url: v.string(), order: v.number() })
const ExperienceView = v.object({ title: v.string(), company: v.string(), order: v.number(), years: v.number(), months: v.number() })
const CertificationView = v.object({
  title: v.string(),
  issuingOrganization: v.string(),
  issuingDate: v.optional(ns),
  certificateUrl: v.optional(ns),
  order: v.number(),
})
const CoachProfileView = v.object({
  businessName: v.optional(ns),
  specializations: v.optional(v.array(v.string())),
  bio: v.optional(ns),
  introductionVideo: v.optional(ns),
  experiences: v.optional(v.array(ExperienceView)),
  certifications: v.optional(v.array(CertificationView)),
  completedBusinessAccelerator: v.optional(v.boolean()),
  completedVideoResources: v.optional(v.boolean()),
  completedQuizzes: v.optional(v.boolean()),
  completedConsultation: v.optional(v.boolean()),
})
/** The own-user view: sign-in, auth/me, users/{id} for self or a manager. */
export const UserView = v.object({
  id: v.pipe(v.string(), v.uuid()),
  username: ns,
  email: v.pipe(v.string(), v.email()),
  pendingEmail: ns,
  status: v.picklist(USER_STATUSES),
  avatar: ns,
  avatarUrl: ns,
  emailVerifiedAt: NullableDateTime,
  roles: v.array(v.string()),
  defaultTenantSlug: ns,
  profile: v.object({
    firstName: ns,
    middleName: ns,
    lastName: ns,
    headline: ns,
    country: ns,
    phoneNumber: ns,
    socialAccounts: v.array(SocialAccountView),
  }),
  coachProfile: v.nullable(CoachProfileView),
  createdAt: DateTime,
  updatedAt: DateTime,
  deletedAt: NullableDateTime,
})
export const RatingView = v.object({ average: v.nullable(v.number()), count: v.number() })
/** What anyone may see of a coach: no email, phone, status or roles. */
export const PublicUserView = v.object({
  id: v.string(),
  username: ns,
  avatarUrl: ns,
  name: v.string(),
  rating: v.optional(RatingView),
  profile: v.object({ firstName: ns, lastName: ns, headline: ns, country: ns, socialAccounts: v.array(SocialAccountView) }),
  coachProfile: v.object({
    businessName: ns,
    specializations: v.array(v.string()),
    bio: ns,
    introductionVideo: ns,
    experiences: v.array(ExperienceView),
    certifications: v.array(CertificationView),
  }),
})
