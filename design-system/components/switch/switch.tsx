import { type ReactNode, useId } from 'react'
import { switchRecipe } from 'styled-system/recipes/switch-recipe'

/** Ark's visually-hidden input style: focusable and announced, not seen. */
const HIDDEN = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  width: '1px',
  whiteSpace: 'nowrap',
  wordWrap: 'normal',
} as const

/**
 * A labelled on/off switch: a real checkbox input inside a `<label>` (keyboard, forms, the
 * label's click all native), drawn by the switch recipe. The markup is Ark UI Switch's anatomy
 * (`data-scope="switch"`, `data-part`, `data-state`, `data-disabled` on every part), so it looks
 * and reads the same, but it carries no state machine: the recipe styles only the checked state,
 * which the input and `data-state` give, and an island showing a switch at first paint does not
 * load Ark's machine (about 13 KB gzip) for it.
 */
export function Switch({
  label,
  checked,
  onCheckedChange,
  name,
  disabled,
  size,
  id,
  ...rest
}: {
  label: ReactNode
  checked: boolean
  onCheckedChange: (checked: boolean) => void
  name?: string
  disabled?: boolean
  size?: 'sm' | 'md' | 'lg'
  id?: string
  'data-testid'?: string
}) {
  const auto = useId()
  const base = `switch:${id ?? auto}`
  const classes = switchRecipe({ size })
  const part = (p: string) => ({
    'data-scope': 'switch',
    'data-part': p,
    'data-state': checked ? 'checked' : 'unchecked',
    'data-disabled': disabled ? '' : undefined,
  })
  return (
    <label {...part('root')} id={base} htmlFor={`${base}:input`} className={classes.root} {...rest}>
      <span {...part('control')} id={`${base}:control`} aria-hidden className={classes.control}>
        <span {...part('thumb')} id={`${base}:thumb`} aria-hidden className={classes.thumb} />
      </span>
      <span {...part('label')} id={`${base}:label`} className={classes.label}>
        {label}
      </span>
      <input
        id={`${base}:input`}
        type="checkbox"
        aria-labelledby={`${base}:label`}
        style={HIDDEN}
        name={name}
        value="on"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onCheckedChange(e.currentTarget.checked)}
      />
    </label>
  )
}
