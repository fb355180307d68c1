/**
 * `NativeSelect`: the browser's own `<select>` (works before hydration and without JavaScript,
 * in a GET form, on every phone) in the design system's look, arrow included. A plain element
 * with the `nativeSelect` recipe's class, so an island that uses it stays small. For a list
 * with search, pictures or a custom popup use `Select` or `Combobox`.
 *
 *   <FormField label="Level" error={error}>
 *     <NativeSelect placeholder="Choose a level" options={[{ value: 'BEGINNER', label: 'Beginner' }]} value={v} onChange={...} />
 *   </FormField>
 */
import { forwardRef, type SelectHTMLAttributes } from 'react'
import { cx } from 'styled-system/css'
import { type NativeSelectVariantProps, nativeSelect } from 'styled-system/recipes/native-select'
import { ariaInvalid } from '../../utils/aria-invalid'

export interface NativeSelectOption {
  value: string
  label: string
  disabled?: boolean
}

export type NativeSelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'size'> &
  NativeSelectVariantProps & {
    /** The options (or pass `<option>` children). */
    options?: readonly NativeSelectOption[]
    /** A first, empty option (value ''): "Choose a level", "All statuses". */
    placeholder?: string
    /** Marks the control invalid (also when FormField passes `aria-invalid`). */
    invalid?: boolean
  }

export const NativeSelect = forwardRef<HTMLSelectElement, NativeSelectProps>(function NativeSelect(
  { size, className, options, placeholder, invalid, children, ...rest },
  ref,
) {
  return (
    <select ref={ref} className={cx(nativeSelect({ size }), className)} {...rest} aria-invalid={ariaInvalid(invalid, rest['aria-invalid'])}>
      {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
      {options?.map((o) => (
        <option key={o.value} value={o.value} disabled={o.disabled}>
          {o.label}
        </option>
      ))}
      {children}
    </select>
  )
})
