import * as v from 'valibot'

/** Saved cards: listed from the payments API when the island mounts (the card provider is not called during the page render). */
export const ClientCardsProps = v.object({})
export type ClientCardsProps = v.InferOutput<typeof ClientCardsProps>
