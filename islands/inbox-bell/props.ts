import * as v from 'valibot'

/**
 * The bell of the /b and /c shell. Its count is fetched by the island itself (GET
 * /v1/notifications) when it mounts, on focus and every minute: never from the page's HTML, so
 * a page kept from before an item arrived cannot show a stale count.
 */
export const InboxBellProps = v.object({ area: v.picklist(['client', 'coach']) })
export type InboxBellProps = v.InferOutput<typeof InboxBellProps>
