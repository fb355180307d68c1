/**
 * The `aria-invalid` a control renders: `true` or nothing. The recipes' invalid look keys on the
 * attribute's presence (`[aria-invalid]`), so `aria-invalid="false"` must not be written.
 */
export const ariaInvalid = (invalid: boolean | undefined, aria: unknown): true | undefined => (invalid || aria === true || aria === 'true' ? true : undefined)
