/** Onboarding: the first steps of a new account (name, role, coach profile) before it becomes active (the front door). */
export { onboardingRoutes } from './onboarding.routes'
