import { defineSlotRecipe } from '@pandacss/dev'

/** Radio choices shown as preview pictures; the selected one gets a highlighted border and label. */
export const radioPictureGroup = defineSlotRecipe({
  className: 'radioPictureGroup',
  slots: ['root', 'label', 'item', 'itemControl', 'itemText', 'indicator', 'picture'],
  base: {
    root: { display: 'flex', flexWrap: 'wrap', gap: '4' },
    label: { textStyle: 'sm', fontWeight: 'medium', color: 'fg.default', width: 'full' },
    item: {
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'center',
      gap: '2',
      cursor: 'pointer',
      _disabled: { cursor: 'not-allowed', opacity: '0.5' },
    },
    picture: {
      display: 'block',
      borderWidth: '2px',
      borderColor: 'border.default',
      borderRadius: 'l3',
      overflow: 'hidden',
      transition: 'border-color 120ms ease, box-shadow 120ms ease',
      width: '36',
      '& svg': { display: 'block', width: 'full', height: 'auto' },
      '[data-part=item]:hover &': { borderColor: 'border.emphasized' },
      '[data-part=item][data-state=checked] &': { borderColor: 'colorPalette.default', boxShadow: '0 0 0 2px token(colors.colorPalette.a6)' },
      '[data-part=item][data-focus-visible] &': { outline: '2px solid', outlineColor: 'colorPalette.default', outlineOffset: '2px' },
    },
    itemControl: { srOnly: true },
    itemText: {
      textStyle: 'sm',
      color: 'fg.muted',
      fontWeight: 'medium',
      _checked: { color: 'fg.default', fontWeight: 'semibold' },
    },
  },
})
