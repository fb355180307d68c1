import * as v from 'valibot'

/** The signed-in user's own view (serializeUser) and the colour-mode preference the server rendered. */
export const SettingsDialogProps = v.object({
  user: v.looseObject({
    id: v.string(),
    email: v.string(),
    username: v.nullable(v.string()),
    pendingEmail: v.nullable(v.string()),
    avatar: v.nullable(v.string()),
    avatarUrl: v.nullable(v.string()),
    emailVerifiedAt: v.nullable(v.string()),
    roles: v.array(v.string()),
    profile: v.looseObject({
      firstName: v.nullable(v.string()),
      middleName: v.nullable(v.string()),
      lastName: v.nullable(v.string()),
      headline: v.nullable(v.string()),
      country: v.nullable(v.string()),
      phoneNumber: v.nullable(v.string()),
      socialAccounts: v.array(v.object({ platform: v.string(), url: v.string(), order: v.number() })),
    }),
  }),
  colorMode: v.picklist(['auto', 'light', 'dark']),
})
export type SettingsDialogProps = v.InferOutput<typeof SettingsDialogProps>
export type Me = SettingsDialogProps['user']
