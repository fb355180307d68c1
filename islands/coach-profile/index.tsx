/**
 * The coach profile editor (what /{username} shows): business name, specializations, bio,
 * introduction video, experiences and certifications (add, edit, remove, reorder), and the
 * four completion flags. Saved with the user update; rules and messages from the user schema.
 */
import { useState } from 'react'
import { css } from 'styled-system/css'
import { Button } from '../../design-system/components/button/button'
import { Input, Textarea } from '../../design-system/components/input/input'
import { CoachProfileUpdateSchema } from '../../src/modules/users/user.schema'
import { errorCss, Field, hintCss, useSchemaForm } from '../coach-common/form'
import { patch } from '../lib/api'
import { notify } from '../lib/toast'
import type { CoachProfileProps } from './props'
import { SortableRows } from './rows'

type Exp = { title: string; company: string; years: string; months: string }
type Cert = { title: string; issuingOrganization: string; issuingDate: string; certificateUrl: string }
type Values = {
  businessName: string
  specializations: string
  bio: string
  introductionVideo: string
  experiences: Exp[]
  certifications: Cert[]
  completedBusinessAccelerator: boolean
  completedVideoResources: boolean
  completedQuizzes: boolean
  completedConsultation: boolean
}
const FLAGS = [
  ['completedBusinessAccelerator', 'Business accelerator completed'],
  ['completedVideoResources', 'Video resources watched'],
  ['completedQuizzes', 'Quizzes completed'],
  ['completedConsultation', 'Consultation held'],
] as const
const num = (s: string) => (s.trim() === '' ? 0 : Number(s))
const section = css({
  display: 'flex',
  flexDir: 'column',
  gap: '4',
  bg: 'bg.default',
  borderWidth: '1px',
  borderColor: 'border.subtle',
  borderRadius: 'l3',
  p: { base: '4', md: '6' },
})
const h2 = css({ fontSize: 'lg', fontWeight: 'semibold' })

export default function CoachProfile({ userId, username, profile: p }: CoachProfileProps) {
  const [busy, setBusy] = useState(false)
  const form = useSchemaForm<Values>(
    CoachProfileUpdateSchema,
    {
      businessName: p.businessName,
      specializations: p.specializations.join(', '),
      bio: p.bio,
      introductionVideo: p.introductionVideo,
      experiences: p.experiences.map((e) => ({ title: e.title, company: e.company, years: String(e.years), months: String(e.months) })),
      certifications: p.certifications.map((c) => ({ ...c })),
      completedBusinessAccelerator: p.completedBusinessAccelerator,
      completedVideoResources: p.completedVideoResources,
      completedQuizzes: p.completedQuizzes,
      completedConsultation: p.completedConsultation,
    },
    (x) => ({
      businessName: x.businessName,
      specializations: x.specializations
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      bio: x.bio,
      introductionVideo: x.introductionVideo,
      experiences: x.experiences.map((e, i) => ({ title: e.title, company: e.company, years: num(e.years), months: num(e.months), order: i + 1 })),
      certifications: x.certifications.map((c, i) => ({
        title: c.title,
        issuingOrganization: c.issuingOrganization,
        issuingDate: c.issuingDate || null,
        certificateUrl: c.certificateUrl,
        order: i + 1,
      })),
      completedBusinessAccelerator: x.completedBusinessAccelerator,
      completedVideoResources: x.completedVideoResources,
      completedQuizzes: x.completedQuizzes,
      completedConsultation: x.completedConsultation,
    }),
  )
  const { values, set, blur, error } = form
  const save = async () => {
    if (!form.validate()) return
    setBusy(true)
    try {
      await patch(`/v1/users/${userId}`, { coachProfile: form.body() })
      notify({ type: 'success', title: 'User Updated', description: 'Successfully updated.' })
    } catch (err) {
      form.takeServer(err)
    } finally {
      setBusy(false)
    }
  }
  const small = (label: string, value: string, onChange: (v: string) => void, err?: string, type = 'text') => (
    <Field label={label} error={err}>
      {(a) => <Input {...a} type={type} value={value} onChange={(e) => onChange(e.target.value)} />}
    </Field>
  )
  const done = FLAGS.filter(([k]) => values[k]).length
  return (
    <form
      ref={form.root}
      noValidate
      aria-label="Coach profile"
      className={css({ display: 'flex', flexDir: 'column', gap: '6' })}
      onSubmit={(e) => {
        e.preventDefault()
        void save()
      }}
    >
      <section className={section} aria-labelledby="cp-basics">
        <h2 id="cp-basics" className={h2}>
          Business
        </h2>
        <Field label="Business name" error={error('businessName')}>
          {(a) => <Input {...a} value={values.businessName} onChange={(e) => set('businessName', e.target.value)} onBlur={() => blur('businessName')} />}
        </Field>
        <Field
          label="Specializations"
          error={error('specializations') ?? error('specializations.0')}
          hint="Separate them with commas, e.g. Leadership, Negotiation"
        >
          {(a) => (
            <Input {...a} value={values.specializations} onChange={(e) => set('specializations', e.target.value)} onBlur={() => blur('specializations')} />
          )}
        </Field>
        <Field label="Bio" error={error('bio')} hint={`${values.bio.length}/1000`}>
          {(a) => <Textarea {...a} rows={6} value={values.bio} onChange={(e) => set('bio', e.target.value)} onBlur={() => blur('bio')} />}
        </Field>
        <Field label="Introduction video" error={error('introductionVideo')} hint="A video URL (YouTube, Vimeo...) or a video ID">
          {(a) => (
            <Input
              {...a}
              value={values.introductionVideo}
              onChange={(e) => set('introductionVideo', e.target.value)}
              onBlur={() => blur('introductionVideo')}
            />
          )}
        </Field>
      </section>

      <section className={section} aria-labelledby="cp-exp">
        <h2 id="cp-exp" className={h2}>
          Experience
        </h2>
        <SortableRows<Exp>
          items={values.experiences}
          onChange={(next) => set('experiences', next)}
          empty="No experience listed yet."
          label={(e, i) => e.title || `experience ${i + 1}`}
          make={() => ({ title: '', company: '', years: '0', months: '0' })}
          render={(e, i, update) => (
            <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr 1fr', md: '2fr 2fr 1fr 1fr' }, gap: '2' })}>
              {small('Title', e.title, (v) => update({ title: v }), error(`experiences.${i}.title`))}
              {small('Company', e.company, (v) => update({ company: v }), error(`experiences.${i}.company`))}
              {small('Years', e.years, (v) => update({ years: v }), error(`experiences.${i}.years`), 'number')}
              {small('Months', e.months, (v) => update({ months: v }), error(`experiences.${i}.months`), 'number')}
            </div>
          )}
        />
      </section>

      <section className={section} aria-labelledby="cp-cert">
        <h2 id="cp-cert" className={h2}>
          Certifications
        </h2>
        <SortableRows<Cert>
          items={values.certifications}
          onChange={(next) => set('certifications', next)}
          empty="No certification listed yet."
          label={(c, i) => c.title || `certification ${i + 1}`}
          make={() => ({ title: '', issuingOrganization: '', issuingDate: '', certificateUrl: '' })}
          render={(c, i, update) => (
            <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '2' })}>
              {small('Title', c.title, (v) => update({ title: v }), error(`certifications.${i}.title`))}
              {small(
                'Issuing organization',
                c.issuingOrganization,
                (v) => update({ issuingOrganization: v }),
                error(`certifications.${i}.issuingOrganization`),
              )}
              {small('Issued on', c.issuingDate, (v) => update({ issuingDate: v }), error(`certifications.${i}.issuingDate`), 'date')}
              {small('Certificate URL', c.certificateUrl, (v) => update({ certificateUrl: v }), error(`certifications.${i}.certificateUrl`), 'url')}
            </div>
          )}
        />
      </section>

      <section className={section} aria-labelledby="cp-flags">
        <h2 id="cp-flags" className={h2}>
          Onboarding checklist <span className={hintCss}>({done} of 4)</span>
        </h2>
        <ul className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
          {FLAGS.map(([k, label]) => (
            <li key={k}>
              <label className={css({ display: 'flex', gap: '2', alignItems: 'center', minH: '10', cursor: 'pointer' })}>
                <input type="checkbox" className={css({ w: '5', h: '5' })} checked={values[k]} onChange={(e) => set(k, e.target.checked)} /> {label}
              </label>
            </li>
          ))}
        </ul>
      </section>

      {form.generalError && <p className={errorCss}>{form.generalError}</p>}
      <div className={css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap', position: 'sticky', bottom: '0', py: '3', bg: 'bg.canvas' })}>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : 'Save profile'}
        </Button>
        {username && (
          <a href={`/${username}`} target="_blank" rel="noopener" className={css({ textDecoration: 'underline', fontSize: 'sm' })}>
            Preview your public page
          </a>
        )}
      </div>
    </form>
  )
}
