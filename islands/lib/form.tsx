/**
 * Form helpers shared by the islands: TanStack Form field validators built from the API's
 * valibot schemas (validate on blur and on change, first failing rule only), server errors
 * (422 bag) shown under their fields, and the first invalid field focused and scrolled to.
 */
import * as v from 'valibot'
import { useCallback, useState } from 'react'
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

/** Focuses and scrolls to the first invalid control inside `root`. */
export function focusFirstInvalid(root: HTMLElement | null) {
  if (!root) return
  requestAnimationFrame(() => {
    const el = root.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid] input, [data-invalid] textarea, [data-invalid] button')
    if (!el) return
    el.scrollIntoView({ block: 'center', behavior: 'smooth' })
    el.focus({ preventScroll: true })
  })
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
