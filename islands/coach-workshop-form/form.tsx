/** The workshop form (loaded when its dialog first opens): rules and messages from the API's workshop schema. */
import { useState } from 'react'
import { css } from 'styled-system/css'
import { Button } from '../../design-system/components/button/button'
import { Input, Textarea } from '../../design-system/components/input/input'
import { NativeSelect } from '../../design-system/components/native-select/native-select'
import { WorkshopCreateSchema, WorkshopUpdateSchema } from '../../src/modules/workshops/workshop.schema'
import { errorCss, Field, useSchemaForm } from '../coach-common/form'
import { api, patch, post } from '../lib/api'
import { notify } from '../lib/toast'
import type { CoachWorkshopFormProps } from './props'
import { draftsOf, type QuestionDraft, QuestionsEditor, questionsBody } from './questions'
import { RefundFields, type RefundValues, refundBody, refundInitial } from './refund-fields'

type Values = RefundValues & {
  workshopTemplateId: string
  title: string
  description: string
  /** What you will learn: one outcome per line. */
  outcomes: string
  image: string
  video: string
  price: string
  minSeats: string
  maxSeats: string
  tags: string[]
  questions: QuestionDraft[]
}
const toNumber = (s: string) => (s.trim() === '' ? undefined : Number(s))
const lines = (s: string) =>
  s
    .split('\n')
    .map((x) => x.trim())
    .filter(Boolean)

export function WorkshopFormBody({ onClose, ...props }: CoachWorkshopFormProps & { onClose: () => void }) {
  const w = props.workshop
  const editing = props.mode === 'edit' && !!w
  const [busy, setBusy] = useState(false)
  const [file, setFile] = useState<File | null>(null)
  const [uploadError, setUploadError] = useState<string | null>(null)
  const initial: Values = {
    workshopTemplateId: w?.templateId ?? '',
    title: w?.title ?? '',
    description: w?.description ?? '',
    outcomes: (w?.outcomes ?? []).join('\n'),
    image: w?.image ?? '',
    video: w?.video ?? '',
    price: w ? String(w.price) : '',
    minSeats: String(w?.minSeats ?? 1),
    maxSeats: String(w?.maxSeats ?? 10),
    tags: w?.tags ?? [],
    questions: draftsOf(w?.questions),
    ...refundInitial(w?.refundPolicy),
  }
  const form = useSchemaForm<Values>(editing ? WorkshopUpdateSchema : WorkshopCreateSchema, initial, (x) => ({
    ...(x.workshopTemplateId ? { workshopTemplateId: x.workshopTemplateId } : editing ? { workshopTemplateId: null } : {}),
    title: x.title,
    description: x.description || null,
    outcomes: lines(x.outcomes),
    image: x.image,
    video: x.video,
    ...(x.price.trim() !== '' ? { price: toNumber(x.price) } : {}),
    minSeats: toNumber(x.minSeats),
    maxSeats: toNumber(x.maxSeats),
    tags: x.tags,
    refundPolicy: refundBody(x),
    questions: questionsBody(x.questions),
  }))
  const { values, set, blur, error } = form

  const pickTemplate = (id: string) => {
    set('workshopTemplateId', id)
    const t = props.templates.find((x) => x.id === id)
    if (!t) return
    if (!values.title) set('title', t.title)
    if (!values.description) set('description', t.description)
    if (!values.outcomes.trim() && t.outcomes.length) set('outcomes', t.outcomes.join('\n'))
    if (!values.image && t.image) set('image', t.image)
    if (!values.video && t.video) set('video', t.video)
    if (!values.price && (t.currency ?? props.currency) === props.currency) set('price', String(t.price))
  }

  const uploadImage = async (id: string, f: File) => {
    const body = new FormData()
    body.append('file', f)
    const r = await api<{ data: { absoluteUrl: string } }>('POST', `/v1/workshops/${id}/image`, { body, silent: true })
    return r.data.absoluteUrl
  }

  const onPickFile = async (f: File | null) => {
    setUploadError(null)
    setFile(f)
    if (!f || !editing) return
    try {
      setBusy(true)
      set('image', await uploadImage(w!.id, f))
    } catch (err: any) {
      setUploadError(err?.errors?.file?.[0] ?? err?.message ?? 'Upload failed. Please try again')
    } finally {
      setBusy(false)
    }
  }

  const submit = async () => {
    if (!form.validate()) return
    setBusy(true)
    try {
      if (editing) {
        await patch(`/v1/workshops/${w!.id}`, form.body())
        notify({ type: 'success', title: 'Workshop saved' })
        location.reload()
      } else {
        const r = await post<{ data: { id: string } }>('/v1/workshops', form.body())
        if (file) {
          try {
            await patch(`/v1/workshops/${r.data.id}`, { image: await uploadImage(r.data.id, file) })
          } catch {
            notify({ type: 'error', title: 'Upload failed', description: 'Please try again' })
          }
        }
        location.assign(`/c/workshops/${r.data.id}`)
      }
    } catch (err) {
      form.takeServer(err)
    } finally {
      setBusy(false)
    }
  }

  const text = (name: keyof Values, label: string, extra: { type?: string; hint?: string; inputMode?: 'decimal' | 'numeric'; placeholder?: string } = {}) => (
    <Field label={label} error={error(name)} hint={extra.hint}>
      {(a) => (
        <Input
          {...a}
          name={name}
          type={extra.type ?? 'text'}
          inputMode={extra.inputMode}
          placeholder={extra.placeholder}
          value={values[name] as string}
          onChange={(e) => set(name, e.target.value as never)}
          onBlur={() => blur(name)}
        />
      )}
    </Field>
  )

  return (
    <form
      ref={form.root}
      noValidate
      aria-label={editing ? 'Edit workshop' : 'New workshop'}
      className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '4' })}
      onSubmit={(e) => {
        e.preventDefault()
        void submit()
      }}
    >
      <Field
        label="Start from"
        className={css({ gridColumn: { md: 'span 2' } })}
        hint="A template fills in the description, picture, video and price; change anything after."
      >
        {(a) => (
          <NativeSelect {...a} value={values.workshopTemplateId} onChange={(e) => pickTemplate(e.target.value)}>
            <option value="">Blank workshop</option>
            {props.templates.map((t) => (
              <option key={t.id} value={t.id}>
                {t.title}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <div className={css({ gridColumn: { md: 'span 2' } })}>{text('title', 'Title')}</div>
      <Field label="Description" error={error('description')} className={css({ gridColumn: { md: 'span 2' } })}>
        {(a) => <Textarea {...a} rows={5} value={values.description} onChange={(e) => set('description', e.target.value)} onBlur={() => blur('description')} />}
      </Field>
      <Field
        label="What you will learn"
        error={
          error('outcomes') ??
          lines(values.outcomes)
            .map((_, i) => error(`outcomes.${i}`))
            .find(Boolean)
        }
        hint="One outcome per line, up to 10. They show on the public workshop page."
        className={css({ gridColumn: { md: 'span 2' } })}
      >
        {(a) => <Textarea {...a} rows={4} value={values.outcomes} onChange={(e) => set('outcomes', e.target.value)} onBlur={() => blur('outcomes')} />}
      </Field>
      {text('price', `Price per seat (${props.currency.toUpperCase()})`, { inputMode: 'decimal', placeholder: '0 for free' })}
      <div className={css({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '3' })}>
        {text('minSeats', 'Minimum seats', { inputMode: 'numeric' })}
        {text('maxSeats', 'Maximum seats', { inputMode: 'numeric' })}
      </div>
      <Field label="Picture" error={uploadError ?? undefined} hint="PNG, JPEG or WebP">
        {(a) => <Input {...a} type="file" accept="image/png,image/jpeg,image/webp" onChange={(e) => void onPickFile(e.target.files?.[0] ?? null)} />}
      </Field>
      {text('image', 'Picture URL', { type: 'url', hint: 'Filled in by the upload, or paste an address' })}
      {text('video', 'Video URL', { type: 'url' })}
      <Field
        label="Tags"
        group
        error={error('tags')}
        hint={props.tags.length === 0 ? 'No tags exist yet.' : undefined}
        className={css({ gridColumn: { md: 'span 2' } })}
      >
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
          {props.tags.map((t) => (
            <label
              key={t.slug}
              className={css({
                display: 'inline-flex',
                gap: '1.5',
                alignItems: 'center',
                fontSize: 'sm',
                px: '2',
                py: '1',
                borderWidth: '1px',
                borderColor: 'border.subtle',
                borderRadius: 'full',
              })}
            >
              <input
                type="checkbox"
                checked={values.tags.includes(t.slug)}
                onChange={(e) => set('tags', e.target.checked ? [...values.tags, t.slug] : values.tags.filter((s) => s !== t.slug))}
              />
              {t.name}
            </label>
          ))}
        </div>
      </Field>
      <RefundFields
        values={values}
        set={(name, value) => set(name, value as Values[typeof name])}
        blur={blur}
        error={error}
        teamPolicy={props.teamRefundPolicy ?? null}
      />
      <QuestionsEditor
        className={css({ gridColumn: { md: 'span 2' } })}
        questions={values.questions}
        // Each question's errors show once its own fields are left (or on save), not on every keystroke of another.
        onChange={(next) => set('questions', next, { touch: false })}
        error={error}
        blur={blur}
      />
      {form.generalError && <p className={errorCss}>{form.generalError}</p>}
      <div className={css({ gridColumn: { md: 'span 2' }, display: 'flex', gap: '2', justifyContent: 'flex-end' })}>
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {busy ? 'Saving...' : editing ? 'Save workshop' : 'Create workshop'}
        </Button>
      </div>
    </form>
  )
}
