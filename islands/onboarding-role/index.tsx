/**
 * /onboarding/2: what the new user came for. Booking workshops finishes at once; coaching
 * asks for the coach basics (business name, bio, specializations). Then POST
 * /v1/onboarding/complete and on to /b or /c.
 */
import { useForm } from '@tanstack/react-form'
import { useRef, useState } from 'react'
import { css } from 'styled-system/css'
import * as v from 'valibot'
import { Button } from '../../design-system/components/button/button'
import { Choice } from '../../design-system/components/choice/choice'
import { Field } from '../../design-system/components/field/field'
import { CoachBasicsSchema, OnboardingCompleteSchema } from '../../src/modules/onboarding/onboarding.schema'
import { post } from '../lib/api'
import { change, check, firstError, focusFirstInvalid, useServerErrors, validateThen, validateWith } from '../lib/form'
import type { OnboardingRoleProps } from './props'

const basics = CoachBasicsSchema.entries
const splitList = (s: string) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)
/** The comma-separated text field, validated as the API's list. */
const toListSchema = v.pipe(v.string(), v.transform(splitList), basics.specializations)

/** The two role cards: a radio, then the title over its description. */
const choiceCss = css({ alignItems: 'flex-start', p: '5', gap: '3', borderRadius: 'l3', '& input': { mt: '1.5' } })

export default function OnboardingRole(props: OnboardingRoleProps) {
  const root = useRef<HTMLFormElement>(null)
  const server = useServerErrors()
  const [role, setRole] = useState<'client' | 'coach' | null>(null)
  const form = useForm({
    defaultValues: { businessName: props.businessName, bio: props.bio, specializations: props.specializations.join(', ') },
  })
  const [submitting, setSubmitting] = useState(false)
  const send = async (value: { businessName: string; bio: string; specializations: string }) => {
    const body =
      role === 'coach'
        ? { role, coachProfile: { businessName: value.businessName, bio: value.bio, specializations: splitList(value.specializations) } }
        : { role }
    const bag = check(OnboardingCompleteSchema, body)
    if (bag) {
      server.setErrors(bag)
      focusFirstInvalid(root.current)
      return
    }
    try {
      const res = await post('/v1/onboarding/complete', body)
      location.assign(res.data.redirect)
    } catch (err) {
      server.take(err, root.current)
    }
  }

  const text = (name: 'businessName' | 'bio' | 'specializations', label: string, schema: any, hint?: string) => (
    <form.Field name={name} validators={validateWith(schema)}>
      {(field) => {
        const error = firstError(field.state.meta.errors) ?? server.of(`coachProfile.${name}`)
        const common = {
          name,
          value: field.state.value,
          onBlur: field.handleBlur,
          onChange: (e: { target: { value: string } }) => {
            server.clear(`coachProfile.${name}`)
            change(field, e.target.value)
          },
        }
        return (
          <Field.Root invalid={!!error}>
            <Field.Label>{label}</Field.Label>
            {name === 'bio' ? (
              <Field.Textarea rows={5} placeholder="Who you help, how, and what they get out of it." {...common} />
            ) : (
              <Field.Input {...common} />
            )}
            {hint && <Field.HelperText>{hint}</Field.HelperText>}
            <Field.ErrorText>{error}</Field.ErrorText>
          </Field.Root>
        )
      }}
    </form.Field>
  )

  return (
    <form
      ref={root}
      noValidate
      className={css({ display: 'flex', flexDir: 'column', gap: '6' })}
      onSubmit={(e) => {
        e.preventDefault()
        if (!role) {
          server.setErrors({ role: ['Please choose how you want to use the marketplace'] })
          return
        }
        if (submitting) return
        setSubmitting(true)
        const run = role === 'coach' ? validateThen(form, root.current, send) : send(form.state.values)
        void run.finally(() => setSubmitting(false))
      }}
    >
      <div
        role="radiogroup"
        aria-label="I want to"
        aria-invalid={server.of('role') ? true : undefined}
        className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '4' })}
      >
        {(
          [
            ['client', 'Book workshops', 'Find coaches, book seats for you and your team, and pay by card.'],
            ['coach', 'Coach', 'Run workshops, take bookings and get paid as a coach or consultant.'],
          ] as const
        ).map(([value, title, desc]) => (
          <Choice key={value} size="lg" className={choiceCss}>
            <input
              type="radio"
              name="role"
              value={value}
              checked={role === value}
              onChange={() => {
                setRole(value)
                server.clear('role')
              }}
            />
            <span className={css({ display: 'flex', flexDir: 'column', gap: '1' })}>
              <span className={css({ fontWeight: 'semibold', fontSize: 'lg' })}>{title}</span>
              <span className={css({ color: 'fg.muted', fontSize: 'sm' })}>{desc}</span>
            </span>
          </Choice>
        ))}
      </div>
      {server.of('role') && (
        <p role="alert" className={css({ color: 'fg.error', fontSize: 'sm' })}>
          {server.of('role')}
        </p>
      )}
      {role === 'coach' && (
        <fieldset className={css({ display: 'flex', flexDir: 'column', gap: '4' })}>
          <legend className={css({ fontWeight: 'semibold', mb: '2' })}>Your coaching business</legend>
          {text('businessName', 'Business Name', basics.businessName)}
          {text('bio', 'Bio', basics.bio, 'Up to 1000 characters.')}
          {text('specializations', 'Specializations', toListSchema, 'Separate them with commas, e.g. Leadership, Public speaking.')}
        </fieldset>
      )}
      <Button type="submit" size="lg" loading={submitting} loadingText="Saving..." disabled={!role}>
        Finish
      </Button>
    </form>
  )
}
