import * as v from 'valibot'

export const AppShellProps = v.object({
  area: v.picklist(['client', 'coach']),
  path: v.string(),
  canCoach: v.boolean(),
  user: v.object({ id: v.string(), email: v.string(), username: v.nullable(v.string()), avatarUrl: v.nullable(v.string()), name: v.string() }),
  /** Sidebar badges by link href (and a few named counts). */
  counts: v.optional(v.record(v.string(), v.number()), {}),
  /** Bookings and workshops the search finds besides the pages. */
  entries: v.optional(v.array(v.object({ kind: v.picklist(['booking', 'workshop']), label: v.string(), href: v.string(), hint: v.string() })), []),
  /** Coach area: the current team and the user's teams (the switcher shows when there are two or more). */
  team: v.optional(
    v.object({
      current: v.nullable(v.object({ slug: v.string(), name: v.string() })),
      teams: v.array(v.object({ slug: v.string(), name: v.string() })),
    }),
  ),
  /** The role-gated links the user's roles open in the current team (hrefs: /c/team, /c/vouchers, /c/settings). */
  allowed: v.optional(v.array(v.string()), []),
})
export type AppShellProps = v.InferOutput<typeof AppShellProps>
