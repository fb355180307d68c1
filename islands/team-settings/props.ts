import * as v from 'valibot'

/** Renaming the team (its managers): the current name. */
export const TeamSettingsProps = v.object({ name: v.string() })
export type TeamSettingsProps = v.InferOutput<typeof TeamSettingsProps>
