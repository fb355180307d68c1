import * as v from 'valibot'

export const AppShellProps = v.object({
  area: v.picklist(['client', 'coach']),
  path: v.string(),
  canCoach: v.boolean(),
  user: v.object({ id: v.string(), email: v.string(), username: v.nullable(v.string()), avatarUrl: v.nullable(v.string()), name: v.string() }),
})
export type AppShellProps = v.InferOutput<typeof AppShellProps>
