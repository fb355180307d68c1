/** Every island, by folder name under islands/: the bundler builds one entry per name. One a line. */
export const islandNames = [
  'auth-form',
  'onboarding-name',
  'onboarding-role',
  'app-shell',
  'settings-dialog',
  'checkout',
  'job-posting-editor',
  'job-applicants',
  'client-table',
  'client-dashboard',
  'client-invitation',
  'client-booking',
  'client-seats',
  'client-cards',
  'client-apps',
  'client-profile',
] as const
export type IslandName = (typeof islandNames)[number]
