/**
 * Small form kit of the coach islands: field state validated with the API's own valibot schema
 * (the section 5 messages come from it), on blur and on change, the first failing rule per
 * field; server 422 bags shown under their fields; the first invalid field focused. Plain
 * elements, so each island stays small.
 */
import { useCallback, useRef, useState } from 'react'
import * as v from 'valibot'
import { FormField, type FormFieldProps } from '../../design-system/components/field/form-field'
import { ApiError, type ErrorBag } from '../lib/api'
import { focusFirstInvalid } from '../lib/form'

export function issuesOf(schema: v.GenericSchema, value: unknown): ErrorBag {
  const r = v.safeParse(schema, value)
  const bag: ErrorBag = {}
  if (r.success) return bag
  for (const issue of r.issues) {
    const key = v.getDotPath(issue) ?? '_'
    ;(bag[key] ??= []).push(issue.message)
  }
  return bag
}

export function useSchemaForm<T extends Record<string, any>>(schema: v.GenericSchema, initial: T, toBody: (values: T) => unknown = (x) => x) {
  const [values, setValues] = useState<T>(initial)
  const [touched, setTouched] = useState<Record<string, boolean>>({})
  const [server, setServer] = useState<ErrorBag>({})
  const [all, setAll] = useState(false)
  const root = useRef<HTMLFormElement>(null)
  const bag = issuesOf(schema, toBody(values))
  const error = (name: string) => ((all || touched[name] || touched[name.split('.')[0]]) && !server[name] ? bag[name]?.[0] : undefined) ?? server[name]?.[0]
  /**
   * Sets a value; the field's server errors (its own and its parts', `name.0.label`) go. `touch: false`
   * leaves its errors hidden until its parts are blurred or the form is submitted (a list whose
   * rows are checked one by one, e.g. the workshop's questions).
   */
  const set = useCallback(<K extends keyof T>(name: K, value: T[K], opts: { touch?: boolean } = {}) => {
    setValues((vs) => ({ ...vs, [name]: value }))
    if (opts.touch !== false) setTouched((t) => ({ ...t, [name as string]: true }))
    const mine = (k: string) => k === name || k.startsWith(`${name as string}.`)
    setServer((s) => (Object.keys(s).some(mine) ? Object.fromEntries(Object.entries(s).filter(([k]) => !mine(k))) : s))
  }, [])
  const blur = useCallback((name: string) => setTouched((t) => ({ ...t, [name]: true })), [])
  /** True when the values pass; otherwise every error shows and the first invalid field gets focus. */
  const validate = () => {
    setAll(true)
    if (Object.keys(bag).length) {
      focusFirstInvalid(root.current)
      return false
    }
    return true
  }
  const takeServer = (err: unknown) => {
    if (err instanceof ApiError && err.status === 422 && err.errors) {
      setServer(err.errors)
      focusFirstInvalid(root.current)
      return true
    }
    return false
  }
  const reset = (next: T) => {
    setValues(next)
    setTouched({})
    setServer({})
    setAll(false)
  }
  return { values, set, blur, error, validate, takeServer, root, reset, body: () => toBody(values), generalError: server._?.[0] ?? server.message?.[0] }
}

export { errorCss, fieldBox, hintCss, labelCss } from './styles'

/** The coach forms' field: the design-system wrapper (label, hint, error announced as an alert). */
export function Field(props: Omit<FormFieldProps, 'announce'>) {
  return <FormField announce="alert" {...props} />
}
