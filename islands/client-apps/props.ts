import * as v from 'valibot'

/** The Multiplai connection: linked or not, and whether the provider is configured on this site. */
export const ClientAppsProps = v.object({ linked: v.boolean(), configured: v.boolean(), returnTo: v.string() })
export type ClientAppsProps = v.InferOutput<typeof ClientAppsProps>
