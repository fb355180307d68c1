/**
 * Interview questions: add, edit, enable or disable, remove, reorder by dragging (pointer or
 * keyboard: focus the handle, Space, arrows, Space). The enabled count (5 to 10) is shown
 * live and a duplicate title is flagged while it is typed.
 */
import { closestCenter, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core'
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { css } from 'styled-system/css'
import { Button } from '../../design-system/components/button/button'
import { DragHandle } from '../../design-system/components/drag-handle/drag-handle'
import { Field } from '../../design-system/components/field/field'
import { Switch } from '../../design-system/components/switch/switch'
import { enabledCount, JOB_MESSAGES, LIMITS } from '../../src/modules/job-postings/job-posting.schema'
import { newKey, type QuestionDraft } from './model'
import { type PartProps, Section } from './parts'

function Row({
  q,
  index,
  p,
  onChange,
  onRemove,
}: {
  q: QuestionDraft
  index: number
  p: PartProps
  onChange: (q: QuestionDraft) => void
  onRemove: () => void
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: q.key })
  const key = `interviewQuestions.${index}.title`
  const e = p.errors[key]?.[0] ?? p.errors[`interviewQuestions.${index}.order`]?.[0]
  return (
    <li
      ref={setNodeRef}
      data-testid="question-row"
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={css({
        display: 'flex',
        gap: '3',
        alignItems: 'flex-start',
        p: '3',
        borderWidth: '1px',
        borderColor: 'border.subtle',
        borderRadius: 'l2',
        bg: 'bg.default',
        opacity: q.enabled ? 1 : 0.7,
        position: 'relative',
      })}
      data-dragging={isDragging ? '' : undefined}
    >
      <DragHandle
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        dragging={isDragging}
        aria-label={`Reorder question ${index + 1}`}
        data-testid="question-handle"
        className={css({ mt: '1' })}
      />
      <Field.Root invalid={!!e} className={css({ flex: '1', minW: '0' })}>
        <Field.Label className={css({ srOnly: true })}>Question {index + 1}</Field.Label>
        <Field.Input
          name={key}
          value={q.title}
          placeholder={`Question ${index + 1}`}
          onChange={(ev) => onChange({ ...q, title: ev.currentTarget.value })}
          onBlur={() => p.blur(key)}
        />
        <Field.ErrorText>{e}</Field.ErrorText>
      </Field.Root>
      <div className={css({ display: 'flex', alignItems: 'center', gap: '2', mt: '2', flexShrink: 0 })}>
        <Switch
          size="sm"
          label={<span className={css({ srOnly: { base: true, md: false } })}>Enabled</span>}
          checked={q.enabled}
          onCheckedChange={(on) => onChange({ ...q, enabled: on })}
        />
        <Button size="xs" variant="ghost" aria-label={`Remove question ${index + 1}`} onClick={onRemove}>
          Remove
        </Button>
      </div>
    </li>
  )
}

export function QuestionsPart(p: PartProps) {
  const list = p.form.interviewQuestions
  const count = enabledCount(list)
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const setList = (next: QuestionDraft[]) => p.set('interviewQuestions', next)
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return
    const from = list.findIndex((q) => q.key === active.id)
    const to = list.findIndex((q) => q.key === over.id)
    setList(arrayMove(list, from, to))
  }
  const ok = count >= LIMITS.enabledMin && count <= LIMITS.enabledMax
  // Disabled questions count too: a posting carries at most 50 in all.
  const full = list.length >= LIMITS.questionsMax
  const listError = p.errors.interviewQuestions?.[0]
  return (
    <Section id="questions" title="Interview questions" hint="Applicants answer every enabled question. Drag to reorder.">
      <p aria-live="polite" data-testid="enabled-count" className={css({ fontSize: 'sm', fontWeight: 'medium', color: ok ? 'fg.muted' : 'red.11' })}>
        {`${count} enabled · between ${LIMITS.enabledMin} and ${LIMITS.enabledMax} needed to publish`}
      </p>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={list.map((q) => q.key)} strategy={verticalListSortingStrategy}>
          <ol className={css({ display: 'flex', flexDir: 'column', gap: '2' })} aria-label="Interview questions">
            {list.map((q, i) => (
              <Row
                key={q.key}
                q={q}
                index={i}
                p={p}
                onChange={(next) => setList(list.map((x) => (x.key === q.key ? next : x)))}
                onRemove={() => setList(list.filter((x) => x.key !== q.key))}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      {listError && (
        <p role="alert" data-invalid="" className={css({ color: 'red.11', fontSize: 'sm' })}>
          {listError}
        </p>
      )}
      <div className={css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' })}>
        <Button
          variant="outline"
          size="sm"
          disabled={full}
          aria-describedby={full ? 'questions-full' : undefined}
          onClick={() => setList([...list, { key: newKey(), title: '', enabled: count < LIMITS.enabledMax }])}
        >
          Add question
        </Button>
        {full && (
          <span id="questions-full" className={css({ fontSize: 'sm', color: 'fg.muted' })}>
            {JOB_MESSAGES.questionsTotalMax}
          </span>
        )}
      </div>
    </Section>
  )
}
