/** Every island, by folder name under islands/: the bundler builds one entry per name. */
export const islandNames = ['auth-form', 'onboarding-name', 'onboarding-role', 'app-shell', 'settings-dialog', 'checkout', 'job-posting-editor', 'job-applicants'] as const
export type IslandName = (typeof islandNames)[number]
