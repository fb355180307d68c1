/**
 * A card of plain fields (display name, headline, username, phone number...): TanStack Form,
 * each field validated on blur and on change with the API's own rule, the whole body checked
 * with the API schema before sending, 422 errors under their fields (first one focused).
 */
import { useForm } from '@tanstack/react-form'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import type * as v from 'valibot'
import { Field } from '../../../design-system/components/field/field'
import { ApiError } from '../../lib/api'
import { change, check, firstError, focusFirstInvalid, useServerErrors, validateWith } from '../../lib/form'
import { SettingsCard } from './settings-card'

export interface TextFieldDef {
  name: string
  label: string
  /** The API's rule for this field (the value as typed: '' is checked as is unless `emptyIsNull`). */
  schema: v.GenericSchema
  hint?: string
  placeholder?: string
  multiline?: boolean
  type?: string
  autoComplete?: string
  /** '' means "clear it" (sent as null). */
  emptyIsNull?: boolean
  helper?: ReactNode
}

// Static class names: Panda extracts styles at build time, so no computed values here.
const oneColumn = css({ display: 'grid', gap: '4', gridTemplateColumns: '1fr' })
const threeColumns = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: 'repeat(3, minmax(0, 1fr))' } })

export const lastSegment = (key: string) => key.split('.').pop()!

export function TextCard({
  id,
  title,
  description,
  note,
  fields,
  initial,
  toBody,
  bodySchema,
  save,
  columns = 1,
  extra,
}: {
  id: string
  title: string
  description?: ReactNode
  note?: ReactNode
  fields: TextFieldDef[]
  initial: Record<string, string>
  toBody: (values: Record<string, string>) => Record<string, unknown>
  bodySchema: v.GenericSchema
  save: (body: Record<string, unknown>) => Promise<unknown>
  columns?: number
  extra?: ReactNode
}) {
  const root = useRef<HTMLFormElement>(null)
  const server = useServerErrors()
  const [saving, setSaving] = useState(false)
  const form = useForm({ defaultValues: initial })
  const initialKey = JSON.stringify(initial)
  // The card follows the current user: a save elsewhere (or a refetch) resets it.
  useEffect(() => {
    form.reset(initial)
  }, [initialKey])

  async function submit() {
    await form.validateAllFields('change')
    if (!form.state.isFieldsValid) return focusFirstInvalid(root.current)
    const body = toBody(form.state.values)
    const bag = check(bodySchema, body)
    if (bag) {
      server.setErrors(Object.fromEntries(Object.entries(bag).map(([k, m]) => [lastSegment(k), m])))
      return focusFirstInvalid(root.current)
    }
    setSaving(true)
    try {
      await save(body)
    } catch (err) {
      if (err instanceof ApiError && err.status === 422 && err.errors) {
        server.setErrors(Object.fromEntries(Object.entries(err.errors).map(([k, m]) => [lastSegment(k), m])))
        focusFirstInvalid(root.current)
      }
    } finally {
      setSaving(false)
    }
  }

  return (
    <form.Subscribe selector={(s) => JSON.stringify(s.values) !== initialKey}>
      {(dirty) => (
        <SettingsCard id={id} title={title} description={description} note={note} dirty={dirty} saving={saving} onSave={submit} rootRef={root}>
          <div className={columns === 3 ? threeColumns : oneColumn}>
            {fields.map((f) => {
              const ruleSet = validateWith(f.schema)
              const optional = (fn: (a: { value: unknown }) => string | undefined) => (a: { value: unknown }) =>
                f.emptyIsNull && a.value === '' ? undefined : fn(a)
              return (
                <form.Field key={f.name} name={f.name} validators={{ onChange: optional(ruleSet.onChange), onBlur: optional(ruleSet.onBlur) }}>
                  {(field) => {
                    const error = firstError(field.state.meta.errors) ?? server.of(f.name)
                    const common = {
                      name: f.name,
                      value: field.state.value as string,
                      placeholder: f.placeholder,
                      autoComplete: f.autoComplete,
                      onBlur: field.handleBlur,
                      onChange: (e: { target: { value: string } }) => {
                        server.clear(f.name)
                        change(field, e.target.value)
                      },
                    }
                    return (
                      <Field.Root invalid={!!error}>
                        <Field.Label>
                          {f.label}
                          {f.hint ? <span className={css({ color: 'fg.muted', fontWeight: 'normal', ms: '1' })}>({f.hint})</span> : null}
                        </Field.Label>
                        {f.multiline ? <Field.Textarea rows={3} {...common} /> : <Field.Input type={f.type ?? 'text'} {...common} />}
                        {f.helper ? <Field.HelperText>{f.helper}</Field.HelperText> : null}
                        <Field.ErrorText>{error}</Field.ErrorText>
                      </Field.Root>
                    )
                  }}
                </form.Field>
              )
            })}
          </div>
          {extra}
        </SettingsCard>
      )}
    </form.Subscribe>
  )
}
