import { defineRecipe } from '@pandacss/dev'

/**
 * What a link needs on top of the `button` recipe to look and behave like a button: no
 * underline, and a disabled link (`aria-disabled`, no `href`) takes no clicks. Used with
 * `button()` by `LinkButton`; `linkButtonClass()` gives both classes for any `<a>`.
 */
export const linkButton = defineRecipe({
  className: 'link-button',
  jsx: ['LinkButton'],
  base: {
    textDecoration: 'none',
    _hover: { textDecoration: 'none' },
    '&[aria-disabled=true]': { pointerEvents: 'none' },
  },
})
