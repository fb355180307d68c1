/** /onboarding/1: a pending user gives their name and picks a username (PATCH /v1/users/{id}). */
import { useForm } from '@tanstack/react-form'
import { useRef, useState } from 'react'
import { css } from 'styled-system/css'
import * as v from 'valibot'
import { Button } from '../../design-system/components/button/button'
import { Field } from '../../design-system/components/field/field'
import { DisplayNameSchema, UsernameSchema } from '../../src/modules/users/user.schema'
import { patch } from '../lib/api'
import { change, check, firstError, focusFirstInvalid, useServerErrors, validateThen, validateWith } from '../lib/form'
import type { OnboardingNameProps } from './props'

const names = DisplayNameSchema.entries.profile.entries
const StepSchema = v.object({ ...DisplayNameSchema.entries, ...UsernameSchema.entries })

const FIELDS = [
  { name: 'firstName', label: 'First Name', schema: names.firstName, autoComplete: 'given-name' },
  { name: 'middleName', label: 'Middle Name', schema: names.middleName, autoComplete: 'additional-name', hint: 'Optional' },
  { name: 'lastName', label: 'Last Name', schema: names.lastName, autoComplete: 'family-name' },
] as const

export default function OnboardingName(props: OnboardingNameProps) {
  const root = useRef<HTMLFormElement>(null)
  const server = useServerErrors()
  const form = useForm({
    defaultValues: { firstName: props.firstName, middleName: props.middleName, lastName: props.lastName, username: props.username },
  })
  const [submitting, setSubmitting] = useState(false)
  const send = async (value: { firstName: string; middleName: string; lastName: string; username: string }) => {
    const body = { profile: { firstName: value.firstName, middleName: value.middleName || null, lastName: value.lastName }, username: value.username }
    const bag = check(StepSchema, body)
    if (bag) {
      server.setErrors(bag)
      focusFirstInvalid(root.current)
      return
    }
    try {
      await patch(`/v1/users/${props.userId}`, body)
      location.assign('/onboarding/2')
    } catch (err) {
      server.take(err, root.current)
    }
  }
  return (
    <form
      ref={root}
      noValidate
      className={css({ display: 'flex', flexDir: 'column', gap: '5' })}
      onSubmit={(e) => {
        e.preventDefault()
        if (submitting) return
        setSubmitting(true)
        void validateThen(form, root.current, send).finally(() => setSubmitting(false))
      }}
    >
      <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'repeat(3, 1fr)' }, gap: '4' })}>
        {FIELDS.map((f) => (
          <form.Field key={f.name} name={f.name} validators={{ ...validateWith(f.schema) }}>
            {(field) => {
              const error = firstError(field.state.meta.errors) ?? server.of(`profile.${f.name}`)
              return (
                <Field.Root invalid={!!error}>
                  <Field.Label>
                    {f.label}
                    {'hint' in f && <span className={css({ color: 'fg.muted', fontWeight: 'normal', ml: '1' })}>({f.hint})</span>}
                  </Field.Label>
                  <Field.Input
                    name={f.name}
                    autoComplete={f.autoComplete}
                    value={field.state.value}
                    onBlur={field.handleBlur}
                    onChange={(e) => {
                      server.clear(`profile.${f.name}`)
                      change(field, e.target.value)
                    }}
                  />
                  <Field.ErrorText>{error}</Field.ErrorText>
                </Field.Root>
              )
            }}
          </form.Field>
        ))}
      </div>
      <form.Field name="username" validators={{ ...validateWith(UsernameSchema.entries.username) }}>
        {(field) => {
          const error = firstError(field.state.meta.errors) ?? server.of('username')
          return (
            <Field.Root invalid={!!error}>
              <Field.Label>Username</Field.Label>
              <Field.Input
                name="username"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                value={field.state.value}
                onBlur={field.handleBlur}
                onChange={(e) => {
                  server.clear('username')
                  change(field, e.target.value)
                }}
              />
              <Field.HelperText>
                4 to 20 characters: letters, numbers, underscores and hyphens. Your public profile lives at /
                {field.state.value.trim().toLowerCase() || 'username'}.
              </Field.HelperText>
              <Field.ErrorText>{error}</Field.ErrorText>
            </Field.Root>
          )
        }}
      </form.Field>
      <Button type="submit" size="lg" loading={submitting} loadingText="Saving...">
        Continue
      </Button>
    </form>
  )
}
