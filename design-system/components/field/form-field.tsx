/**
 * `FormField`: the one field wrapper of every form: a label (with a required mark), the control,
 * a hint and the error message, wired for assistive technology (label `for`, `aria-invalid`,
 * `aria-describedby` pointing at the hint and the error, `aria-required`). Plain elements and
 * the `field` recipe's classes, no Ark machine, so a form island stays small.
 *
 *   <FormField label="Email" error={error} required>
 *     {(control) => <input {...control} type="email" value={v} onChange={...} />}
 *   </FormField>
 *
 * A single element child gets the same props merged in (`<FormField label="Bio"><textarea/></FormField>`).
 * `group` renders a fieldset with a legend instead (radio groups, several controls).
 */
import { cloneElement, isValidElement, type ReactElement, type ReactNode, useId } from 'react'
import { css, cx } from 'styled-system/css'
import { field } from 'styled-system/recipes/field'

export interface FormFieldControlProps {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
  'aria-required': true | undefined
}

export interface FormFieldProps {
  label: ReactNode
  /** Help under the control; hidden while an error shows when `hideHintOnError`. */
  hint?: ReactNode
  hideHintOnError?: boolean
  /** The message under the control (section 5 text from the schema, or the server's 422). */
  error?: string | null
  /** Shows the required mark after the label and sets aria-required on the control. */
  required?: boolean
  /** The control's id (default: a generated one). */
  id?: string
  className?: string
  /** How the error is announced: a live region (default) or an alert. */
  announce?: 'polite' | 'alert'
  /** A fieldset with a legend (for groups of controls) instead of a label. */
  group?: boolean
  /** Shown on the label's line, at its end (a character count, a link). */
  aside?: ReactNode
  children: ReactElement<any> | ((control: FormFieldControlProps) => ReactNode)
}

const classes = field()

export function FormField({
  label,
  hint,
  hideHintOnError,
  error,
  required,
  id: idProp,
  className,
  announce = 'polite',
  group,
  aside,
  children,
}: FormFieldProps) {
  const auto = useId()
  const id = idProp ?? auto
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const showHint = hint && !(hideHintOnError && error)
  const control: FormFieldControlProps = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [errorId, showHint ? hintId : undefined].filter(Boolean).join(' ') || undefined,
    'aria-required': required ? true : undefined,
  }
  const mark = required ? (
    <span aria-hidden="true" className={requiredCss}>
      *
    </span>
  ) : null
  // A group's fieldset carries the description itself; its children are left as they are.
  const body = typeof children === 'function' ? children(control) : isValidElement(children) && !group ? cloneElement(children, control) : children
  const labelRow = aside ? (
    <span className={asideRow}>
      {group ? null : (
        <label htmlFor={id} className={classes.label}>
          {label}
          {mark}
        </label>
      )}
      {aside}
    </span>
  ) : group ? null : (
    <label htmlFor={id} className={classes.label}>
      {label}
      {mark}
    </label>
  )
  const tail = (
    <>
      {showHint ? (
        <span id={hintId} className={classes.helperText}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={errorId} className={classes.errorText} {...(announce === 'alert' ? { role: 'alert' } : { 'aria-live': 'polite' as const })}>
          {error}
        </span>
      ) : null}
    </>
  )
  if (group)
    return (
      <fieldset
        className={cx(classes.root, groupCss, className)}
        data-invalid={error ? '' : undefined}
        aria-describedby={control['aria-describedby']}
        aria-invalid={control['aria-invalid']}
      >
        <legend className={classes.label}>
          {label}
          {mark}
        </legend>
        {aside}
        {body}
        {tail}
      </fieldset>
    )
  return (
    <div className={cx(classes.root, className)} data-invalid={error ? '' : undefined}>
      {labelRow}
      {body}
      {tail}
    </div>
  )
}

const requiredCss = css({ color: 'fg.error', ms: '0.5' })
const asideRow = css({ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: '2', flexWrap: 'wrap' })
const groupCss = css({ borderWidth: '0', p: '0', m: '0', minW: '0' })
