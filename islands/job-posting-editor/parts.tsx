/** The editor's sections; each takes the form, a setter and the errors to show. */
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { Choice } from '../../design-system/components/choice/choice'
import { Field } from '../../design-system/components/field/field'
import { FormField } from '../../design-system/components/field/form-field'
import { Input, Textarea } from '../../design-system/components/input/input'
import { Select } from '../../design-system/components/select/select'
import { Switch } from '../../design-system/components/switch/switch'
import {
  DEPARTMENT_LABEL,
  DEPARTMENTS,
  EMPLOYMENT_LABEL,
  EMPLOYMENT_TYPES,
  INTERVIEW_LABEL,
  INTERVIEW_TYPES,
  type JobPreferences,
  LIMITS,
  SENIORITY_LABEL,
  SENIORITY_LEVELS,
  WORK_MODES,
} from '../../src/modules/job-postings/job-posting.schema'
import type { ErrorBag, FormState } from './model'

export interface PartProps {
  form: FormState
  set: <K extends keyof FormState>(key: K, value: FormState[K]) => void
  errors: ErrorBag
  blur: (key: string) => void
}

const err = (errors: ErrorBag, key: string) => errors[key]?.[0]
const grid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '5' })

export function Section({ id, title, hint, children }: { id: string; title: string; hint?: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={`${id}-h`}
      data-section={id}
      className={css({
        bg: 'bg.default',
        borderWidth: '1px',
        borderColor: 'border.subtle',
        borderRadius: 'l3',
        p: { base: '4', md: '6' },
        display: 'flex',
        flexDir: 'column',
        gap: '5',
      })}
    >
      <div>
        <h2 id={`${id}-h`} className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
          {title}
        </h2>
        {hint && <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{hint}</p>}
      </div>
      {children}
    </section>
  )
}

function Text({
  name,
  label,
  p,
  type = 'text',
  hint,
  required,
}: {
  name: keyof FormState & string
  label: string
  p: PartProps
  type?: string
  hint?: string
  required?: boolean
}) {
  const e = err(p.errors, name)
  return (
    <FormField label={label} required={required} hint={hint} hideHintOnError error={e}>
      <Input name={name} type={type} value={p.form[name] as string} onChange={(ev) => p.set(name, ev.currentTarget.value as any)} onBlur={() => p.blur(name)} />
    </FormField>
  )
}

/** A live count against the limits: "120 / 25,000 (at least 100)". */
export function CharCount({ length, min, max }: { length: number; min: number; max: number }) {
  const bad = length > 0 && (length < min || length > max)
  return (
    <span
      aria-live="polite"
      data-testid="char-count"
      className={css({ fontSize: 'xs', color: bad ? 'red.11' : 'fg.muted', fontVariantNumeric: 'tabular-nums' })}
    >
      {`${length.toLocaleString('en-US')} / ${max.toLocaleString('en-US')}${length < min ? ` (at least ${min})` : ''}`}
    </span>
  )
}

function LongText({
  name,
  label,
  p,
  min,
  max,
  rows,
}: {
  name: 'description' | 'skillsDescription'
  label: string
  p: PartProps
  min: number
  max: number
  rows: number
}) {
  const e = err(p.errors, name)
  return (
    <FormField label={label} error={e} aside={<CharCount length={p.form[name].length} min={min} max={max} />}>
      <Textarea name={name} rows={rows} value={p.form[name]} onChange={(ev) => p.set(name, ev.currentTarget.value)} onBlur={() => p.blur(name)} />
    </FormField>
  )
}

export function BasicsPart(p: PartProps) {
  return (
    <Section id="basics" title="Basics">
      <Text name="title" label="Job title" p={p} required />
      <div className={grid}>
        <Text name="listingType" label="Listing type" p={p} hint="e.g. Standard, Featured" />
        <Text name="externalJobPostingId" label="External job id" p={p} hint="Your own reference, if any" />
      </div>
    </Section>
  )
}

export function DescriptionPart(p: PartProps) {
  return (
    <Section id="description" title="Description and skills" hint="Plain text; line breaks are kept on the public page.">
      <LongText name="description" label="Description" p={p} min={LIMITS.descriptionMin} max={LIMITS.descriptionMax} rows={8} />
      <LongText name="skillsDescription" label="Skills" p={p} min={LIMITS.skillsMin} max={LIMITS.skillsMax} rows={5} />
    </Section>
  )
}

export function CompanyPart(p: PartProps) {
  return (
    <Section id="company" title="Company">
      <div className={grid}>
        <Text name="companyName" label="Company name" p={p} />
        <Text name="companyUrl" label="Company website" p={p} type="url" hint="https://…" />
        <Text name="posterEmail" label="Contact email" p={p} type="email" />
      </div>
    </Section>
  )
}

function Choices({
  name,
  label,
  options,
  labels,
  p,
  max,
}: {
  name: 'workplaceTypes' | 'categories' | 'industries'
  label: string
  options: readonly string[]
  labels?: Record<string, string>
  p: PartProps
  max?: number
}) {
  const e = err(p.errors, name) ?? Object.entries(p.errors).find(([k]) => k.startsWith(`${name}.`))?.[1][0]
  return (
    <div data-invalid={e ? '' : undefined} className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
      <span className={css({ fontSize: 'sm', fontWeight: 'medium' })}>
        {label}
        {max ? ` (${p.form[name].length} of at most ${max})` : ''}
      </span>
      {/* Choice cards around native checkboxes: a long list (every department, twice) stays light. */}
      <div role="group" aria-label={label} data-testid={`choices-${name}`} className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
        {options.map((o) => {
          const on = p.form[name].includes(o)
          return (
            <Choice key={o} size="sm">
              <input
                type="checkbox"
                value={o}
                checked={on}
                disabled={!on && max != null && p.form[name].length >= max}
                onChange={(ev) => {
                  p.set(name, ev.target.checked ? [...p.form[name], o] : p.form[name].filter((x) => x !== o))
                  p.blur(name)
                }}
              />
              <span>{labels?.[o] ?? o}</span>
            </Choice>
          )
        })}
      </div>
      {e && (
        <p role="alert" className={css({ color: 'red.11', fontSize: 'sm' })}>
          {e}
        </p>
      )}
    </div>
  )
}

export function LocationPart(p: PartProps) {
  return (
    <Section id="location" title="Location and work mode">
      <Text name="location" label="Location" p={p} hint="City, region or country" />
      <Choices name="workplaceTypes" label="Work modes" options={WORK_MODES} p={p} />
    </Section>
  )
}

function Pick({
  name,
  label,
  options,
  labels,
  p,
}: {
  name: 'employmentStatus' | 'experienceLevel'
  label: string
  options: readonly string[]
  labels: Record<string, string>
  p: PartProps
}) {
  const e = err(p.errors, name)
  return (
    <Field.Root invalid={!!e}>
      <Select
        label={label}
        invalid={!!e}
        placeholder="Choose…"
        value={p.form[name] || null}
        name={name}
        options={options.map((o) => ({ value: o, label: labels[o] ?? o }))}
        onValueChange={(value) => {
          p.set(name, value ?? '')
          p.blur(name)
        }}
      />
      <Field.ErrorText>{e}</Field.ErrorText>
    </Field.Root>
  )
}

export function EmploymentPart(p: PartProps) {
  return (
    <Section id="employment" title="Employment and seniority">
      <div className={grid}>
        <Pick name="employmentStatus" label="Employment type" options={EMPLOYMENT_TYPES} labels={EMPLOYMENT_LABEL} p={p} />
        <Pick name="experienceLevel" label="Seniority level" options={SENIORITY_LEVELS} labels={SENIORITY_LABEL} p={p} />
        <Text name="availability" label="Availability" p={p} hint="e.g. Start in March" />
      </div>
    </Section>
  )
}

export function CategoriesPart(p: PartProps) {
  return (
    <Section id="categories" title="Categories" hint="Where the job is listed: at most 3 departments.">
      <Choices name="categories" label="Categories" options={DEPARTMENTS} labels={DEPARTMENT_LABEL} p={p} max={LIMITS.categories} />
      <Choices name="industries" label="Industries" options={DEPARTMENTS} labels={DEPARTMENT_LABEL} p={p} />
    </Section>
  )
}

export function ScreeningPart(p: PartProps) {
  const pref = p.form.preferences
  const put = (patch: Partial<JobPreferences>) => p.set('preferences', { ...pref, ...patch })
  const e = (k: string) => err(p.errors, `preferences.${k}`) ?? err(p.errors, k)
  const row = css({ display: 'flex', flexDir: 'column', gap: '3', pl: { base: '0', md: '8' } })
  return (
    <Section id="screening" title="Screening" hint="What applicants must provide, and who hears about them.">
      <Switch
        label="Accept applications"
        checked={pref.acceptApplications}
        onCheckedChange={(on) => put({ acceptApplications: on })}
        data-testid="pref-acceptApplications"
      />
      {pref.acceptApplications && (
        <div className={row}>
          <Switch
            label="Limit the number of applicants"
            checked={pref.applicantMaxLimit != null}
            onCheckedChange={(on) => put({ applicantMaxLimit: on ? 50 : null })}
          />
          {pref.applicantMaxLimit != null && (
            <FormField label="Maximum applicants" error={e('applicantMaxLimit')} className={css({ maxW: 'xs' })}>
              <Input
                name="applicantMaxLimit"
                type="number"
                min={1}
                step={1}
                value={Number.isNaN(pref.applicantMaxLimit) ? '' : String(pref.applicantMaxLimit)}
                onChange={(ev) => put({ applicantMaxLimit: ev.currentTarget.value === '' ? (Number.NaN as any) : Number(ev.currentTarget.value) })}
                onBlur={() => p.blur('preferences.applicantMaxLimit')}
              />
            </FormField>
          )}
        </div>
      )}
      <Switch label="Resume required" checked={pref.resumeRequired} onCheckedChange={(on) => put({ resumeRequired: on })} />
      <Switch
        label="IELTS assessment required"
        checked={pref.ieltsAssessmentRequired}
        data-testid="pref-ielts"
        onCheckedChange={(on) => put({ ieltsAssessmentRequired: on, ...(on ? {} : { ieltsAutoReject: false }) })}
      />
      {pref.ieltsAssessmentRequired && (
        <div className={row}>
          <Field.Root invalid={!!e('ieltsAssessmentMinScore')} maxW="xs">
            <Field.Label>Minimum IELTS score</Field.Label>
            <Field.Input
              name="ieltsAssessmentMinScore"
              type="number"
              min={0}
              max={9}
              step={0.5}
              value={pref.ieltsAssessmentMinScore == null ? '' : String(pref.ieltsAssessmentMinScore)}
              onChange={(ev) => put({ ieltsAssessmentMinScore: ev.currentTarget.value === '' ? null : Number(ev.currentTarget.value) })}
              onBlur={() => p.blur('preferences.ieltsAssessmentMinScore')}
            />
            <Field.HelperText>0 to 9, in steps of 0.5</Field.HelperText>
            <Field.ErrorText>{e('ieltsAssessmentMinScore')}</Field.ErrorText>
          </Field.Root>
          <Switch
            label="Reject applicants below the minimum automatically"
            checked={pref.ieltsAutoReject}
            onCheckedChange={(on) => put({ ieltsAutoReject: on })}
          />
        </div>
      )}
      <Switch label="Character reference check" checked={pref.characterReferenceCheck} onCheckedChange={(on) => put({ characterReferenceCheck: on })} />
      <Switch label="Big Five personality test" checked={pref.bigFivePersonalityTest} onCheckedChange={(on) => put({ bigFivePersonalityTest: on })} />
      <Switch
        label="Applicants schedule their own interview"
        checked={pref.applicantSelfScheduleInterview}
        onCheckedChange={(on) => put({ applicantSelfScheduleInterview: on })}
      />
      <div className={css({ maxW: 'xs' })}>
        <Select
          label="Interview type"
          value={pref.interviewType}
          options={INTERVIEW_TYPES.map((t) => ({ value: t, label: INTERVIEW_LABEL[t] }))}
          onValueChange={(value) => value && put({ interviewType: value as JobPreferences['interviewType'] })}
        />
      </div>
      <Switch
        label="Email the recruiters on every application"
        checked={pref.notifyAssigneeOnApplication}
        onCheckedChange={(on) => put({ notifyAssigneeOnApplication: on })}
      />
    </Section>
  )
}
