/**
 * Form helpers shared by the islands: TanStack Form field validators built from the API's
 * valibot schemas (validate on blur and on change, first failing rule only), server errors
 * (422 bag) shown under their fields, and the first invalid field focused and scrolled to.
 */

import { useCallback, useState } from 'react'
import * as v from 'valibot'
import { ApiError, type ErrorBag } from './api'

/** A TanStack Form validator from a valibot schema: the first failing rule's message. */
export function rule(schema: v.GenericSchema) {
  return ({ value }: { value: unknown }) => {
    const r = v.safeParse(schema, value, { abortPipeEarly: true })
    return r.success ? undefined : r.issues[0]?.message
  }
}

/** Same rule on blur and on change (section 5: not on input). */
export const validateWith = (schema: v.GenericSchema) => ({ onChange: rule(schema), onBlur: rule(schema) })

/**
 * A change: the value, and the last blur's error dropped (the change rule decides now), so a
 * fixed field stops showing its old error at once and nothing shifts under the pointer.
 */
export function change(field: { handleChange(v: any): void; setMeta(fn: (m: any) => any): void }, value: unknown) {
  field.setMeta((m: any) => ({ ...m, errorMap: { ...m.errorMap, onBlur: undefined, onSubmit: undefined } }))
  field.handleChange(value)
}

/** Whole-form check before sending: the errors bag keyed by dotted path, or null. */
export function check(schema: v.GenericSchema, value: unknown): ErrorBag | null {
  const r = v.safeParse(schema, value, { abortPipeEarly: true })
  if (r.success) return null
  const bag: ErrorBag = {}
  for (const issue of r.issues) {
    const key = v.getDotPath(issue) ?? '_'
    ;(bag[key] ??= []).push(issue.message)
  }
  return bag
}

export function firstError(errors: unknown[] | undefined): string | undefined {
  const e = errors?.find(Boolean)
  if (!e) return undefined
  return typeof e === 'string' ? e : (e as { message?: string }).message
}

/**
 * Runs every field's rule (as on change), then `send` with the values when all pass; else the
 * first invalid field is focused. Used instead of handleSubmit so a fixed field always unblocks.
 */
export async function validateThen<V>(
  form: { validateAllFields(cause: 'change'): Promise<unknown>; state: { isFieldsValid: boolean; values: V } },
  root: HTMLElement | null,
  send: (values: V) => Promise<void>,
) {
  await form.validateAllFields('change')
  if (!form.state.isFieldsValid) return focusFirstInvalid(root)
  await send(form.state.values)
}

/**
 * Focuses and scrolls to the first invalid control inside `root`, once React has committed the
 * error state (aria-invalid) that this call follows. Timers only, no animation frame: a frame
 * never comes while the page is hidden, and focus must not wait for paint. An error state set
 * after an await renders in a later task, so a few short retries cover it.
 */
export function focusFirstInvalid(root: HTMLElement | null) {
  if (!root) return
  let tries = 0
  const attempt = () => {
    const el = root.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid] input, [data-invalid] textarea, [data-invalid] button')
    if (!el) {
      if (++tries < 10) setTimeout(attempt, 20)
      return
    }
    el.focus({ preventScroll: true })
    el.scrollIntoView({ block: 'center', behavior: 'smooth' })
  }
  setTimeout(attempt, 0)
}

/** Server (422) errors of one form, keyed by dotted field path; a field's error clears when it changes. */
export function useServerErrors() {
  const [errors, setErrors] = useState<ErrorBag>({})
  const clear = useCallback((key: string) => setErrors((e) => (e[key] ? Object.fromEntries(Object.entries(e).filter(([k]) => k !== key)) : e)), [])
  const take = useCallback((error: unknown, root: HTMLElement | null) => {
    if (error instanceof ApiError && error.status === 422 && error.errors) {
      setErrors(error.errors)
      focusFirstInvalid(root)
      return true
    }
    return false
  }, [])
  return { errors, setErrors, clear, take, of: (key: string) => errors[key]?.[0] }
}
