/**
 * Users: the account every other module refers to (the `User` entity with its profile and
 * coach profile), its validation schemas and its views. It imports no other module, so auth,
 * tenants, uploads, feedback, workshops and the rest can all stand on it. Managing accounts
 * (the /v1/users routes) and the public coach directory live a level up, in `accounts`.
 */
export { type Certification, type CoachProfile, type Experience, type Profile, type SocialAccount, User, type UserStatus } from './user.entity'
export * from './user.schema'
export { avatarUrl, serializePublicUser, serializeUser } from './user.serialize'
export * from './user.view'
