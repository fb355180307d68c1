/**
 * Accounts: managing users (the /v1/users routes: create, partial update with the email
 * change that waits for its code, restore) and the public coach directory (/v1/public/users
 * and the marketplace pages). It sits above users, auth, tenants, uploads and feedback, which
 * is why it is not part of `users`: those modules all refer to the `User` entity.
 */
export { findPublicCoach, listPublicCoaches, type PublicUserQuery, showPublicCoach } from './public.service'
export { sitemapCoaches, sitemapCoachParts } from './public.sitemap'
export { userRoutes } from './user.routes'
export { type Actor, assertRestorable, createUser, hashPassword, USER_TAKEN, updateUser } from './user.service'
