/**
 * The job-posting editor (/c/job-postings/new and /c/job-postings/{id}). Validates with the
 * API's own schemas, sends one POST or PATCH per action (save as draft, publish, close,
 * archive), puts server 422s on their fields and focuses the first invalid one, and keeps
 * unsaved changes in localStorage until they are saved (restored after a reload).
 */
import { useEffect, useMemo, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { Badge } from '../../design-system/components/badge/badge'
import { Button } from '../../design-system/components/button/button'
import { JOB_TRANSITIONS, type JobStatus, STATUS_LABEL } from '../../src/modules/job-postings/job-posting.schema'
import { count } from '../../src/shared/words'
import { ApiError, patch, post } from '../lib/api'
import { focusFirstInvalid } from '../lib/form'
import { notify } from '../lib/toast'
import { draftKey, duplicateErrors, type ErrorBag, FIELD_ORDER, type FormState, fromPosting, toPayload, validate } from './model'
import { BasicsPart, CategoriesPart, CompanyPart, DescriptionPart, EmploymentPart, LocationPart, type PartProps, ScreeningPart } from './parts'
import type { EditorPosting, JobPostingEditorProps } from './props'
import { QuestionsPart } from './questions'
import { RecruitersPart } from './recruiters'

const ACTIONS: { to: JobStatus; label: string; variant: 'solid' | 'outline' | 'ghost' }[] = [
  { to: 'PUBLISHED', label: 'Publish', variant: 'solid' },
  { to: 'CLOSED', label: 'Close', variant: 'outline' },
  { to: 'ARCHIVED', label: 'Archive', variant: 'ghost' },
  { to: 'DRAFT', label: 'Move to drafts', variant: 'ghost' },
]

const matches = (key: string, touched: Set<string>) => [...touched].some((t) => key === t || key.startsWith(`${t}.`) || t.startsWith(`${key}.`))

export default function JobPostingEditor({ posting: initial, members }: JobPostingEditorProps) {
  const root = useRef<HTMLDivElement>(null)
  const [posting, setPosting] = useState<EditorPosting | null>(initial)
  const [form, setForm] = useState<FormState>(() => fromPosting(initial))
  const [saved, setSaved] = useState(() => JSON.stringify(fromPosting(initial)))
  const [touched, setTouched] = useState<Set<string>>(() => new Set())
  const [fixed, setFixed] = useState<ErrorBag>({})
  const [busy, setBusy] = useState<JobStatus | null>(null)
  const [restored, setRestored] = useState(false)
  const status: JobStatus = posting?.status ?? 'DRAFT'
  const isNew = !posting
  const key = draftKey(posting?.id ?? null)
  const dirty = JSON.stringify(form) !== saved

  // A draft kept from before a reload wins over the server copy (until saved or discarded).
  useEffect(() => {
    try {
      const raw = localStorage.getItem(key)
      if (!raw) return
      const kept = JSON.parse(raw) as { form: FormState; base?: string }
      if (kept.base && posting?.updatedAt && kept.base !== posting.updatedAt) return localStorage.removeItem(key)
      if (JSON.stringify(kept.form) !== saved) {
        setForm(kept.form)
        setRestored(true)
      }
    } catch {}
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  useEffect(() => {
    try {
      if (dirty) localStorage.setItem(key, JSON.stringify({ form, base: posting?.updatedAt }))
      else localStorage.removeItem(key)
    } catch {}
  }, [form, dirty, key, posting?.updatedAt])
  useEffect(() => {
    if (!dirty) return
    const warn = (e: BeforeUnloadEvent) => e.preventDefault()
    addEventListener('beforeunload', warn)
    return () => removeEventListener('beforeunload', warn)
  }, [dirty])

  const live = useMemo(() => validate(form, 'DRAFT', isNew), [form, isNew])
  const errors = useMemo(() => {
    const shown: ErrorBag = {}
    for (const [k, m] of Object.entries(live)) if (matches(k, touched)) shown[k] = m
    return { ...shown, ...fixed, ...duplicateErrors(form) }
  }, [live, touched, fixed, form])

  const set: PartProps['set'] = (k, value) => {
    setForm((f) => ({ ...f, [k]: value }))
    setTouched((t) => (t.has(k) ? t : new Set(t).add(k)))
    setFixed((e) =>
      Object.fromEntries(
        Object.entries(e).filter(([ek]) => !(ek === k || ek.startsWith(`${k}.`) || (k === 'preferences' && !ek.includes('.') && ek.startsWith('ielts')))),
      ),
    )
  }
  const blur = (k: string) => setTouched((t) => (t.has(k) ? t : new Set(t).add(k)))

  async function save(to: JobStatus) {
    const bag = validate(form, to, isNew)
    if (Object.keys(bag).length) {
      setFixed(bag)
      focusFirstInvalid(root.current)
      return
    }
    setBusy(to)
    try {
      const body = toPayload(form, to)
      const r = isNew ? await post('/v1/t/job-postings', body) : await patch(`/v1/t/job-postings/${posting!.id}`, body)
      const next = r.data as EditorPosting
      const nextForm = fromPosting(next)
      localStorage.removeItem(key)
      setFixed({})
      setTouched(new Set())
      setRestored(false)
      notify({
        type: 'success',
        title: to === status || (isNew && to === 'DRAFT') ? 'Saved' : `${STATUS_LABEL[to]}`,
        description: `“${next.title}” is ${STATUS_LABEL[next.status].toLowerCase()}.`,
      })
      if (isNew) {
        setSaved(JSON.stringify(nextForm))
        location.assign(`/c/job-postings/${next.id}`)
        return
      }
      setPosting(next)
      setForm(nextForm)
      setSaved(JSON.stringify(nextForm))
    } catch (e) {
      if (e instanceof ApiError && e.status === 422 && e.errors) {
        setFixed(e.errors)
        focusFirstInvalid(root.current)
      } else if (e instanceof ApiError && e.status === 409) {
        setFixed({ _: [e.message] })
      }
    } finally {
      setBusy(null)
    }
  }

  const order = (k: string) => {
    const i = FIELD_ORDER.findIndex((f) => k === f || k.startsWith(`${f}.`))
    return i < 0 ? 99 : i
  }
  const summary = Object.entries(errors).sort(([a], [b]) => order(a) - order(b))
  const p: PartProps = { form, set, errors, blur }
  const moves = ACTIONS.filter((a) => a.to !== status && JOB_TRANSITIONS[status].includes(a.to) && !(isNew && a.to !== 'PUBLISHED'))
  return (
    <div ref={root} className={css({ display: 'flex', flexDir: 'column', gap: '5' })} data-testid="job-posting-editor">
      <div
        className={css({
          display: 'flex',
          gap: '3',
          alignItems: 'center',
          flexWrap: 'wrap',
          justifyContent: 'space-between',
          position: 'sticky',
          top: '0',
          zIndex: 2,
          bg: 'bg.canvas',
          py: '3',
        })}
      >
        <div className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
          <Badge variant="subtle" data-testid="posting-status">
            {STATUS_LABEL[status]}
          </Badge>
          {dirty && <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>Unsaved changes</span>}
        </div>
        <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
          <Button variant="outline" loading={busy === status} disabled={!!busy || (!dirty && !isNew)} onClick={() => save(status)}>
            {status === 'DRAFT' ? 'Save as draft' : 'Save changes'}
          </Button>
          {moves.map((a) => (
            <Button key={a.to} variant={a.variant} loading={busy === a.to} disabled={!!busy} onClick={() => save(a.to)}>
              {a.label}
            </Button>
          ))}
        </div>
      </div>
      {restored && (
        <div
          role="status"
          className={css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap', p: '3', borderRadius: 'l2', bg: 'bg.subtle', fontSize: 'sm' })}
        >
          Your unsaved changes from before were restored.
          <Button
            size="xs"
            variant="outline"
            onClick={() => {
              const f = fromPosting(posting)
              setForm(f)
              setRestored(false)
              setFixed({})
            }}
          >
            Discard them
          </Button>
        </div>
      )}
      {summary.length > 0 && Object.keys(fixed).length > 0 && (
        <div
          role="alert"
          data-testid="error-summary"
          className={css({ p: '3', borderRadius: 'l2', borderWidth: '1px', borderColor: 'red.7', color: 'red.11', fontSize: 'sm' })}
        >
          {fixed._ ? fixed._[0] : `Please fix ${count(summary.length, 'field')}: ${summary[0][1][0]}`}
        </div>
      )}
      <BasicsPart {...p} />
      <DescriptionPart {...p} />
      <CompanyPart {...p} />
      <LocationPart {...p} />
      <EmploymentPart {...p} />
      <CategoriesPart {...p} />
      <ScreeningPart {...p} />
      <QuestionsPart {...p} />
      <RecruitersPart {...p} members={members} />
    </div>
  )
}
