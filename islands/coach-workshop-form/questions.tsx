/**
 * The questions a workshop asks at booking (up to 10): add, edit, remove, reorder by dragging
 * the handle or from the keyboard (focus the handle, Space, arrow keys, Space; Escape puts it
 * back) or with each row's "Move up" and "Move down" buttons (focus stays on the moved row's
 * button). Each is checked by the API's own rules (workshops/question.schema.ts) through the
 * workshop form's schema: its errors come keyed `questions.<n>.<field>`.
 */
import { type Announcements, closestCenter, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core'
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { ArrowDownIcon, ArrowUpIcon } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { Button } from '../../design-system/components/button/button'
import { DragHandle } from '../../design-system/components/drag-handle/drag-handle'
import { IconButton } from '../../design-system/components/icon-button/icon-button'
import { Input, Textarea } from '../../design-system/components/input/input'
import { NativeSelect } from '../../design-system/components/native-select/native-select'
import { Switch } from '../../design-system/components/switch/switch'
import {
  QUESTION_KIND_LABELS,
  QUESTION_KINDS,
  QUESTION_LIMITS,
  QUESTION_MESSAGES,
  type Question,
  type QuestionKind,
  type QuestionScope,
} from '../../src/modules/workshops/question.schema'
import { Field } from '../coach-common/form'
import { hintCss } from '../coach-common/styles'

/** A question as the form edits it: choices as lines of text, the consent link as typed. */
export interface QuestionDraft {
  id: string
  kind: QuestionKind
  label: string
  required: boolean
  scope: QuestionScope
  options: string
  consentUrl: string
}

const isChoice = (k: QuestionKind) => k === 'single_choice' || k === 'multiple_choice'
const lines = (s: string) =>
  s
    .split('\n')
    .map((x) => x.trim())
    .filter(Boolean)

let seq = 0
/** A new question's id: `q` and letters and digits, as the schema wants, unique in the form. */
export const newQuestionId = () => `q${Date.now().toString(36).slice(-8)}${(seq++).toString(36)}`.slice(0, 16)

export const draftsOf = (qs: readonly Question[] | undefined): QuestionDraft[] =>
  (qs ?? []).map((q) => ({
    id: q.id,
    kind: q.kind,
    label: q.label,
    required: q.required,
    scope: q.scope,
    options: q.options.join('\n'),
    consentUrl: q.consentUrl ?? '',
  }))

/** The API body's `questions`: what each kind carries, in the list's order. */
export const questionsBody = (drafts: readonly QuestionDraft[]) =>
  drafts.map((d) => ({
    id: d.id,
    kind: d.kind,
    label: d.label,
    required: d.kind === 'consent' ? true : d.required,
    scope: d.scope,
    ...(isChoice(d.kind) ? { options: lines(d.options) } : {}),
    ...(d.kind === 'consent' ? { consentUrl: d.consentUrl } : {}),
  }))

const KIND_OPTIONS = QUESTION_KINDS.map((k) => ({ value: k, label: QUESTION_KIND_LABELS[k] }))
const SCOPE_OPTIONS = [
  { value: 'booking', label: 'The booker, once per booking' },
  { value: 'seat', label: 'Each seat holder' },
]

export interface QuestionsEditorProps {
  questions: QuestionDraft[]
  onChange: (next: QuestionDraft[]) => void
  error: (path: string) => string | undefined
  blur: (path: string) => void
  className?: string
}

function Row({
  q,
  index,
  p,
  count,
  focus,
  moved,
  onChange,
  onMove,
  onRemove,
}: {
  q: QuestionDraft
  index: number
  count: number
  p: QuestionsEditorProps
  focus: boolean
  /** This row was just moved by one of its buttons: that button (or the other, at an end) keeps the focus. */
  moved: { by: -1 | 1; seq: number } | null
  onChange: (q: QuestionDraft) => void
  onMove: (by: -1 | 1) => void
  onRemove: () => void
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: q.id })
  const label = useRef<HTMLInputElement>(null)
  const up = useRef<HTMLButtonElement>(null)
  const down = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (focus) label.current?.focus()
  }, [focus])
  const first = index === 0
  const last = index === count - 1
  useEffect(() => {
    if (moved?.by === -1) (first ? down : up).current?.focus()
    if (moved?.by === 1) (last ? up : down).current?.focus()
  }, [moved?.seq, first, last])
  const path = (f: string) => `questions.${index}.${f}`
  const optionLines = lines(q.options)
  const optionsError = p.error(path('options')) ?? optionLines.map((_, j) => p.error(`${path('options')}.${j}`)).find(Boolean)
  const n = index + 1
  return (
    <li
      ref={setNodeRef}
      data-testid="booking-question-row"
      data-dragging={isDragging ? '' : undefined}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={css({
        display: 'flex',
        gap: '2',
        alignItems: 'flex-start',
        p: '3',
        borderWidth: '1px',
        borderColor: 'border.subtle',
        borderRadius: 'l2',
        bg: 'bg.default',
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
      })}
    >
      <div className={css({ display: 'flex', flexDir: 'column', alignItems: 'center', gap: '1', mt: '6' })}>
        <DragHandle
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          dragging={isDragging}
          aria-label={`Reorder question ${n}`}
          data-testid="booking-question-handle"
        />
        <IconButton ref={up} variant="ghost" size="xs" aria-label={`Move question ${n} up`} disabled={first} onClick={() => onMove(-1)}>
          <ArrowUpIcon aria-hidden />
        </IconButton>
        <IconButton ref={down} variant="ghost" size="xs" aria-label={`Move question ${n} down`} disabled={last} onClick={() => onMove(1)}>
          <ArrowDownIcon aria-hidden />
        </IconButton>
      </div>
      <div className={css({ flex: '1', minW: '0', display: 'flex', flexDir: 'column', gap: '3' })}>
        <Field label={`Question ${n}`} error={p.error(path('label'))} required>
          {(a) => (
            <Input
              {...a}
              ref={label}
              name={path('label')}
              value={q.label}
              maxLength={QUESTION_LIMITS.label + 50}
              placeholder="What do you want from this workshop?"
              onChange={(e) => onChange({ ...q, label: e.target.value })}
              onBlur={() => p.blur(path('label'))}
            />
          )}
        </Field>
        <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '3' })}>
          <Field label="Type" error={p.error(path('kind'))}>
            {(a) => (
              <NativeSelect
                {...a}
                name={path('kind')}
                options={KIND_OPTIONS}
                value={q.kind}
                onChange={(e) => onChange({ ...q, kind: e.target.value as QuestionKind })}
              />
            )}
          </Field>
          <Field label="Who answers" error={p.error(path('scope'))}>
            {(a) => (
              <NativeSelect
                {...a}
                name={path('scope')}
                options={SCOPE_OPTIONS}
                value={q.scope}
                onChange={(e) => onChange({ ...q, scope: e.target.value as QuestionScope })}
              />
            )}
          </Field>
        </div>
        {isChoice(q.kind) && (
          <Field label="Choices" hint={`One per line: at least 2, at most ${QUESTION_LIMITS.options}.`} error={optionsError} required>
            {(a) => (
              <Textarea
                {...a}
                name={path('options')}
                rows={3}
                value={q.options}
                onChange={(e) => onChange({ ...q, options: e.target.value })}
                onBlur={() => {
                  p.blur(path('options'))
                  for (let j = 0; j < optionLines.length; j++) p.blur(`${path('options')}.${j}`)
                }}
              />
            )}
          </Field>
        )}
        {q.kind === 'consent' && (
          <Field label="Link to what is agreed to" hint="Your terms or privacy notice: the box links to it." error={p.error(path('consentUrl'))} required>
            {(a) => (
              <Input
                {...a}
                type="url"
                name={path('consentUrl')}
                value={q.consentUrl}
                placeholder="https://"
                onChange={(e) => onChange({ ...q, consentUrl: e.target.value })}
                onBlur={() => p.blur(path('consentUrl'))}
              />
            )}
          </Field>
        )}
        <div className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', flexWrap: 'wrap' })}>
          {q.kind === 'consent' ? (
            <span className={hintCss}>A consent box is always required.</span>
          ) : (
            <Switch size="sm" label="Required" checked={q.required} onCheckedChange={(on) => onChange({ ...q, required: on })} />
          )}
          <Button size="xs" variant="ghost" aria-label={`Remove question ${n}`} onClick={onRemove}>
            Remove
          </Button>
        </div>
      </div>
    </li>
  )
}

export function QuestionsEditor(p: QuestionsEditorProps) {
  const list = p.questions
  const add = useRef<HTMLButtonElement>(null)
  const focusId = useRef<string | null>(null)
  // The row a Move button just moved (its focus follows it) and what a screen reader hears.
  const [moved, setMoved] = useState<{ id: string; by: -1 | 1; seq: number } | null>(null)
  const [said, setSaid] = useState('')
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return
    const from = list.findIndex((q) => q.id === active.id)
    const to = list.findIndex((q) => q.id === over.id)
    p.onChange(arrayMove(list, from, to))
  }
  // What a screen reader hears while a question moves: its number and text, not its id.
  const name = (id: string | number) => {
    const i = list.findIndex((q) => q.id === id)
    return `question ${i + 1}${list[i]?.label.trim() ? ` (${list[i].label.trim()})` : ''}`
  }
  const position = (id: string | number) => list.findIndex((q) => q.id === id) + 1
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${name(active.id)}. Use the arrow keys to move it, Space to drop it, Escape to cancel.`,
    onDragOver: ({ active, over }) =>
      over ? `${name(active.id)} is over position ${position(over.id)} of ${list.length}.` : `${name(active.id)} is no longer over a position.`,
    onDragEnd: ({ active, over }) => (over ? `${name(active.id)} dropped at position ${position(over.id)} of ${list.length}.` : `${name(active.id)} dropped.`),
    onDragCancel: ({ active }) => `Moving cancelled: ${name(active.id)} is back in its place.`,
  }
  const full = list.length >= QUESTION_LIMITS.questions
  const listError = p.error('questions')
  return (
    <fieldset className={p.className} data-testid="booking-questions-editor">
      <legend className={css({ fontWeight: 'semibold', mb: '1' })}>Questions at booking</legend>
      <p className={hintCss} id="booking-questions-hint">
        Asked at checkout, in this order; per-seat questions also when an invitee accepts a seat. Answers show on the booking and in the attendee list. Reorder
        by dragging a handle, with the arrow buttons, or by focusing a handle and using Space and the arrow keys.
      </p>
      <p aria-live="polite" className={css({ srOnly: true })}>
        {said}
      </p>
      <p aria-live="polite" data-testid="booking-questions-count" className={css({ fontSize: 'sm', color: 'fg.muted', mt: '1', mb: '3' })}>
        {list.length ? `${list.length} of ${QUESTION_LIMITS.questions} questions` : 'No questions: the checkout asks only for the seats.'}
      </p>
      {list.length > 0 && (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements }}>
          <SortableContext items={list.map((q) => q.id)} strategy={verticalListSortingStrategy}>
            <ol className={css({ display: 'flex', flexDir: 'column', gap: '2', mb: '3' })} aria-label="Questions at booking">
              {list.map((q, i) => (
                <Row
                  key={q.id}
                  q={q}
                  index={i}
                  count={list.length}
                  p={p}
                  focus={focusId.current === q.id}
                  moved={moved?.id === q.id ? moved : null}
                  onMove={(by) => {
                    const to = i + by
                    if (to < 0 || to >= list.length) return
                    focusId.current = null
                    setMoved((m) => ({ id: q.id, by, seq: (m?.seq ?? 0) + 1 }))
                    setSaid(`${name(q.id)} moved to position ${to + 1} of ${list.length}.`)
                    p.onChange(arrayMove(list, i, to))
                  }}
                  onChange={(next) => p.onChange(list.map((x) => (x.id === q.id ? next : x)))}
                  onRemove={() => {
                    focusId.current = null
                    p.onChange(list.filter((x) => x.id !== q.id))
                    add.current?.focus()
                  }}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      {listError && (
        <p role="alert" className={css({ color: 'fg.error', fontSize: 'sm', mb: '2' })}>
          {listError}
        </p>
      )}
      <div className={css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' })}>
        <Button
          ref={add}
          variant="outline"
          size="sm"
          disabled={full}
          aria-describedby={full ? 'booking-questions-full' : undefined}
          onClick={() => {
            const id = newQuestionId()
            focusId.current = id
            p.onChange([...list, { id, kind: 'short_text', label: '', required: false, scope: 'booking', options: '', consentUrl: '' }])
          }}
        >
          Add question
        </Button>
        {full && (
          <span id="booking-questions-full" className={hintCss}>
            {QUESTION_MESSAGES.questionsMax}
          </span>
        )}
      </div>
    </fieldset>
  )
}
